import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, ValidationError, dec, eventTypeOf, money, moneyNumber, monthbill, paymentsOf, sumMoney, type Actor, type DocumentOf, type PayMethod, type PaymentLine } from '@tpl/contracts';
import { DocumentDecisionsRegistry, type DocumentCommand, type DocumentDecisions, type LoadInput } from '@tpl/documents';
import type { StoredEvent } from '@tpl/event-store';
import { businessDay } from '@tpl/identity';
import { nextDocumentState } from '@tpl/workflows';
import { MONTH_BILLS } from './bills.projection';

type MonthBill = DocumentOf<typeof monthbill>;

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

type Issue = ConstructorParameters<typeof ValidationError>[1][number];
const fieldRefused = (field: string, message: string) => new ValidationError(monthbill.name, [{ code: 'custom', path: [field], message, input: undefined } as unknown as Issue]);

/** paidAmount = Σ payment lines (reversals included), owingAmount = amountDue − paidAmount: derived, exact to the cent. */
export const withPaid = <T extends Record<string, unknown>>(doc: T, payments: PaymentLine[]): T => {
  const paid = sumMoney(payments.map((p) => p.amount));
  return { ...doc, payments, paidAmount: moneyNumber(paid), owingAmount: moneyNumber(money(dec(doc.amountDue as number | undefined).minus(paid))) };
};

/**
 * The payment lines (paydetail) as facts land: PaymentRecorded adds a line (a fact recorded
 * before payment lines existed carried the amount received in all: its line is the difference);
 * PaymentReversed adds the counter-entry of the opposite amount and marks the line it reverses.
 * Who: the signed-in user the fact records; when: the fact's time.
 */
export const monthBillEvolve = (doc: MonthBill, event: StoredEvent): MonthBill => {
  const payments = paymentsOf(doc);
  const actor: Actor = event.metadata.actor;
  const by = { userId: actor.userId, account: actor.account, name: actor.name };
  const at = event.metadata.occurredAt;
  const data = (event.data ?? {}) as Record<string, unknown>;
  if (event.type === eventTypeOf(monthbill, 'PaymentRecorded')) {
    const paid = sumMoney(payments.map((p) => p.amount));
    const amount = data.payAmount !== undefined ? moneyNumber(data.payAmount as number) : moneyNumber(money(dec(data.paidAmount as number | undefined).minus(paid)));
    const line: PaymentLine = {
      lineNumber: payments.length + 1,
      payDate: typeof data.payDate === 'string' ? data.payDate : businessDay(new Date(at)),
      amount,
      payMethod: (data.payMethod as PayMethod | undefined) ?? 'BANK',
      ...(typeof data.payReference === 'string' && data.payReference ? { payReference: data.payReference } : {}),
      by,
      at,
    };
    return withPaid(doc, [...payments, line]);
  }
  if (event.type === eventTypeOf(monthbill, 'PaymentReversed')) {
    const no = Number(data.paymentNo);
    const original = payments.find((p) => p.lineNumber === no);
    if (!original) return withPaid(doc, payments);
    const counter: PaymentLine = {
      lineNumber: payments.length + 1,
      payDate: businessDay(new Date(at)),
      amount: moneyNumber(dec(original.amount).negated()),
      payMethod: original.payMethod,
      ...(original.payReference ? { payReference: original.payReference } : {}),
      by,
      at,
      reverses: no,
      ...(typeof data.reverseReason === 'string' ? { reason: data.reverseReason } : {}),
    };
    return withPaid(doc, [...payments.map((p) => (p.lineNumber === no ? { ...p, reversedBy: counter.lineNumber } : p)), counter]);
  }
  // a create or a regeneration replaces amountDue: what is owing follows
  return withPaid(doc, payments);
};

/** Whether the bill's machine lets the action run now (a forbidden step is the machine's 409, not judged here). */
const allowed = (doc: MonthBill, action: keyof typeof monthbill.actions) => Boolean(nextDocumentState(monthbill, doc.state, monthbill.actions[action].event, doc.isReview));

/**
 * A payment's own rules: the date it came in is not after today (the business day); a reversal
 * names a payment of the bill still standing (400 naming the field when it names none; 409 when
 * it was reversed already). More than is owing is accepted: the rest is the customer's credit.
 */
export const paymentRefusal = (command: DocumentCommand, doc: MonthBill, now: string): AppError | undefined => {
  if (command.type !== 'Act') return undefined;
  const { action, fields } = command.data;
  if (action === 'pay' && allowed(doc, 'pay')) {
    if (typeof fields.payDate === 'string' && fields.payDate > businessDay(new Date(now))) return fieldRefused('payDate', 'validation.future');
  }
  if (action === 'reversePayment' && allowed(doc, 'reversePayment')) {
    const no = Number(fields.paymentNo);
    const p = paymentsOf(doc).find((x) => x.lineNumber === no);
    if (!p || p.reverses !== undefined) return new AppError(400, 'billing.errors.paymentUnknown', { paymentNo: String(fields.paymentNo ?? '') }, { label: 'monthbill.fields.paymentNo' });
    if (p.reversedBy !== undefined) return new AppError(409, 'billing.errors.paymentReversed', { paymentNo: no, counter: p.reversedBy });
  }
  return undefined;
};

/**
 * The month bill's own decision beside its machine: a bill is reopened only while no bill of
 * a later month of the same customer is issued (that bill may already carry this month's late
 * corrections; reopening would count them twice). Pure, given/when/then tested.
 */
export const monthBillDecisions = (load: DocumentDecisions<MonthBillFacts, typeof monthbill>['load']): DocumentDecisions<MonthBillFacts, typeof monthbill> => ({
  ...(load ? { load } : {}),
  evolve: monthBillEvolve,
  // the reversed payment's amount, as the counter-entry carries it (the bills' index subtracts it)
  fill: (command, doc) => {
    if (command.type !== 'Act' || command.data.action !== 'reversePayment') return undefined;
    const p = paymentsOf(doc).find((x) => x.lineNumber === Number((command.data.fields as Record<string, unknown>).paymentNo));
    return p ? { reversedAmount: p.amount } : undefined;
  },
  check: (command, doc, facts, meta) => {
    const payment = doc ? paymentRefusal(command, doc, meta.now) : undefined;
    if (payment) return payment;
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
