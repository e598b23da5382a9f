import type { ChargeItem, ChargeKind, ExplainFact } from '@tpl/contracts';

/**
 * What the explain drawer shows of a month bill's charge, as pure functions (tested in
 * tests/unit/billing-explain.spec.ts): which charges of a detail line can be opened, and the
 * handling stream lines flattened from the items (each with its item's day, price and amount).
 */

/** A detail line's charges, in the bill's order, with the line field each one is. */
export const LINE_CHARGES: { kind: ChargeKind; field: 'inCost' | 'outCost' | 'storageCost' | 'otherCost' | 'packageCost' }[] = [
  { kind: 'STORAGE', field: 'storageCost' },
  { kind: 'INBOUND', field: 'inCost' },
  { kind: 'OUTBOUND', field: 'outCost' },
  { kind: 'OTHER', field: 'otherCost' },
  { kind: 'PACKAGE', field: 'packageCost' },
];

/** Money as the bill prints it: two decimals. */
export const money = (v: number | null | undefined): string => (v === null || v === undefined ? '' : Number(v).toFixed(2));

export type DetailLine = { lineNumber: number; lineType: string; warehouseAreaCode?: string | null; adjustMonth?: string | null } & Partial<Record<(typeof LINE_CHARGES)[number]['field'], number>>;

/** The charges of a line worth opening: those that are not zero (a zero charge has nothing behind it). */
export const chargesOf = (line: DetailLine) => LINE_CHARGES.filter((c) => Number(line[c.field] ?? 0) !== 0).map((c) => ({ ...c, amount: Number(line[c.field]) }));

/** A stream line behind a handling charge, with the charge item (area and day) it was priced in. */
export type HandlingRow = ExplainFact & { key: string; day: string | null; price: number; itemAmount: number; itemWeight: number; agreementCode: string | null; agreementVersion: string | null; first: boolean; span: number };

/** The stream lines of handling items, in day order; `first`/`span`: the first line of each item carries its amount (rows of one item grouped). */
export const handlingRows = (items: readonly ChargeItem[]): HandlingRow[] =>
  items.flatMap((item, i) =>
    item.facts.map((f, j) => ({
      ...f,
      key: `${i}:${j}:${f.eventId}:${f.lineNumber ?? ''}`,
      day: item.day,
      price: item.price,
      itemAmount: item.amount,
      itemWeight: item.quantity,
      agreementCode: item.agreementCode,
      agreementVersion: item.agreementVersion,
      first: j === 0,
      span: j === 0 ? item.facts.length : 0,
    })),
  );

/**
 * An agreement's version stamp (spec 02: yyyyMMddHHmmssffffff, the business day's wall clock of its
 * last write) as the time it reads: "2026-11-28 14:10:04". Anything else is returned as it is.
 */
export const stampTime = (stamp: string | null | undefined): string => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\d*$/.exec(stamp ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` : (stamp ?? '');
};

/** The agreement version an item was priced by, as text: its code and when that version was written. */
export const versionOf = (item: { agreementCode: string | null; agreementVersion: string | null }): string =>
  [item.agreementCode, stampTime(item.agreementVersion)].filter(Boolean).join(' · ');
