import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError } from '@tpl/contracts';
import { ENTITY_HOOKS, RECORDS, type EntityHookRegistry, type RecordsPort } from '@tpl/masterdata';
import { nextVersionStamp } from '../charges/version-clock';

type Agreement = { code?: unknown; customerCode?: unknown; warehouseAreaCode?: unknown; startDate?: unknown; endDate?: unknown; invalid?: unknown };
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * For any day exactly one agreement applies to a customer's area: a valid agreement whose
 * validity overlaps another valid agreement of the same customer and area (an agreement
 * naming no area covers every area, so it overlaps any of the customer's) is refused when it
 * is written (400 naming the start date). Pure, tested given/when/then.
 */
export const overlapping = (candidate: Agreement, others: readonly Agreement[], self: readonly (string | null)[]): Agreement | undefined => {
  if (Number(candidate.invalid ?? 0) === 1) return undefined;
  const customer = text(candidate.customerCode);
  const from = text(candidate.startDate);
  const to = text(candidate.endDate);
  if (!customer || !from || !to) return undefined;
  const area = text(candidate.warehouseAreaCode);
  return others.find((o) => {
    if (self.includes(text(o.code))) return false;
    if (Number(o.invalid ?? 0) === 1 || text(o.customerCode) !== customer) return false;
    const oa = text(o.warehouseAreaCode);
    if (area !== null && oa !== null && area !== oa) return false;
    const of = text(o.startDate);
    const ot = text(o.endDate);
    return !!of && !!ot && of <= to && ot >= from;
  });
};

/** Registers the rule with master data's engine (ENTITY_HOOKS) for lgagreement, and stamps lastVersion on every write. */
@Injectable()
export class AgreementOverlap implements OnModuleInit {
  constructor(
    @Inject(ENTITY_HOOKS) private readonly hooks: EntityHookRegistry,
    @Inject(RECORDS) private readonly records: RecordsPort,
  ) {}

  onModuleInit(): void {
    this.hooks.register('lgagreement', {
      admit: async (user, _def, data, before) => {
        if (!data) return;
        // spec 02: lastVersion is the stamp (yyyyMMddHHmmssffffff, microseconds) of the version this
        // write makes, later than the one before it; billing prices by the version carrying it
        data.lastVersion = nextVersionStamp(before?.lastVersion);
        const live = await this.records.live(user.tenantId, ['lgagreement']);
        const other = overlapping(data, live.map((r) => (r.data ?? {}) as Agreement), [text(data.code), text(before?.code)].filter((c) => c !== null));
        if (other) {
          throw new AppError(400, 'billing.errors.agreementOverlap', {
            customerCode: String(data.customerCode),
            area: text(data.warehouseAreaCode) ?? text(other.warehouseAreaCode) ?? '*',
            from: String(other.startDate),
            to: String(other.endDate),
            other: String(other.code),
          }, { label: 'lgagreement.fields.startDate' });
        }
      },
    });
  }
}
