import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, monthbill, type DocumentOf } from '@tpl/contracts';
import { DocumentDecisionsRegistry, type DocumentCommand, type DocumentDecisions, type LoadInput } from '@tpl/documents';
import { MONTH_BILLS } from './bills.projection';

/** The customer's bills of later months that are issued (past Generated): what a reopen would contradict. */
export type MonthBillFacts = {
  laterIssued: { billNo: string; month: string; state: string }[];
  /** a live bill of the same customer and month, other than this one: a second is refused */
  sameMonth?: { billNo: string } | undefined;
};

/** The customer and month a create or a change would give the bill. */
const customerMonthOf = (command: DocumentCommand, doc: DocumentOf<typeof monthbill> | undefined): { customerCode: string; month: string } | undefined => {
  if (command.type !== 'Create' && command.type !== 'Change') return undefined;
  // the content as recorded would make it (a change replaces the content)
  const c: Record<string, unknown> = { ...(doc ?? {}), ...command.data.content };
  return typeof c.customerCode === 'string' && typeof c.month === 'string' ? { customerCode: c.customerCode, month: c.month } : undefined;
};

/**
 * The month bill's own decision beside its machine: a bill is reopened only while no bill of
 * a later month of the same customer is issued (that bill may already carry this month's late
 * corrections; reopening would count them twice). Pure, given/when/then tested.
 */
export const monthBillDecisions = (load: DocumentDecisions<MonthBillFacts, typeof monthbill>['load']): DocumentDecisions<MonthBillFacts, typeof monthbill> => ({
  ...(load ? { load } : {}),
  check: (command, doc, facts) => {
    // one live bill per customer and month (a second would bill the month twice)
    const same = customerMonthOf(command, doc);
    if (same && facts?.sameMonth) return new AppError(409, 'billing.errors.monthBillExists', { ...same, billNo: facts.sameMonth.billNo });
    if (command.type !== 'Act' || command.data.action !== 'reopen' || !doc) return;
    const later = facts?.laterIssued[0];
    if (later) return new AppError(409, 'billing.errors.laterIssued', { month: later.month, billNo: later.billNo }, { state: `monthbill.states.${later.state}` });
  },
});

/** Its IO: the later bills, read in the command's transaction. */
@Injectable()
export class MonthBillDecisions implements OnModuleInit {
  constructor(@Inject(DocumentDecisionsRegistry) private readonly registry: DocumentDecisionsRegistry) {}

  onModuleInit() {
    this.registry.register(monthbill, monthBillDecisions((input) => this.load(input)));
  }

  async load({ tenantId, command, doc, uow }: LoadInput<typeof monthbill>): Promise<MonthBillFacts> {
    const same = customerMonthOf(command, doc);
    if (same) {
      const id = command.type === 'Create' || command.type === 'Change' ? command.data.id : '';
      const { rows } = await uow.query<{ bill_no: string }>(
        `SELECT bill_no FROM ${MONTH_BILLS} WHERE tenant_id = $1 AND customer_code = $2 AND month = $3 AND NOT removed AND id <> $4::uuid LIMIT 1`,
        [tenantId, same.customerCode, same.month, id],
      ).then((r) => ({ rows: r }));
      return { laterIssued: [], sameMonth: rows[0] ? { billNo: rows[0].bill_no } : undefined };
    }
    if (command.type !== 'Act' || command.data.action !== 'reopen' || !doc) return { laterIssued: [] };
    const rows = await uow.query<{ bill_no: string; month: string; state: string }>(
      `SELECT bill_no, month, state FROM ${MONTH_BILLS} WHERE tenant_id = $1 AND customer_code = $2 AND month > $3 AND NOT removed AND state <> $4 ORDER BY month`,
      [tenantId, doc.customerCode, doc.month, monthbill.lifecycle.initial],
    );
    return { laterIssued: rows.map((r) => ({ billNo: r.bill_no, month: r.month, state: r.state })) };
  }
}
