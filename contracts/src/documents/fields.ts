import { flag, num, oneOf, ref, text } from '../entities/define';
import { L } from '../i18n/labels';
import type { DocumentDef } from './define';

/**
 * The fields spec 02 section 3.3 gives every warehouse document ("common header fields",
 * "common detail fields") that are the kit's, not one document's: written once here, so every
 * description that takes the kit's header and line pieces (`ownerHeader()`, `goodsLine()`,
 * `orderLine()` in contracts/src/warehouse/documents/common.ts) has them, and one added later
 * too. The rules the server applies to them (defaults, the totals, what an invalid document or
 * line blocks) are the kit's: docs/DOMAIN.md "Common header and line fields".
 */

/** The currencies a 3PL of the region bills in, in words (ISO 4217 codes as values). */
export const CURRENCIES = {
  CNY: L('人民币', 'Chinese yuan', '人民幣'),
  HKD: L('港币', 'Hong Kong dollar', '港幣'),
  MOP: L('澳门元', 'Macau pataca', '澳門元'),
  TWD: L('新台币', 'New Taiwan dollar', '新台幣'),
  USD: L('美元', 'US dollar', '美元'),
  EUR: L('欧元', 'Euro', '歐元'),
  JPY: L('日元', 'Japanese yen', '日圓'),
  KRW: L('韩元', 'Korean won', '韓圓'),
  SGD: L('新加坡元', 'Singapore dollar', '新加坡元'),
  GBP: L('英镑', 'Pound sterling', '英鎊'),
} as const;
export type CurrencyCode = keyof typeof CURRENCIES;
/** The tenant's currency: what a document names when it names none (every tenant bills in yuan until a tenant setting says otherwise). */
export const DEFAULT_CURRENCY: CurrencyCode = 'CNY';

/**
 * The common header (spec 02): currency and its rate to the tenant's currency, the company and
 * department the document belongs to, and its invalid flag. The maker (makeUserCode) is not a
 * field: the kit stamps it from the actor who made the document (shown by name). Left empty,
 * the server fills currency (the tenant's), rate (1), department (the maker's) and company
 * (the warehouse area's operating company).
 */
export const commonHeader = () => ({
  currencyCode: oneOf(L('币种', 'Currency', '幣種'), CURRENCIES, { list: false }),
  // exact decimal at six places, never 0: an amount times 0 would vanish
  currencyRate: num(L('汇率', 'Exchange rate', '匯率'), 'rate', { positive: true, default: 1, list: false }),
  companyCode: ref(L('公司', 'Company', '公司'), 'company', { list: false, noImport: true }),
  deptCode: ref(L('部门', 'Department', '部門'), 'dept', { list: false, noImport: true }),
  // 1: set aside (kept for the record, moves nothing, offered to no later step); docs/DOMAIN.md
  invalid: flag(L('无效', 'Invalid', '無效'), { list: false, noImport: true }),
});

/**
 * The common detail fields (spec 02) a goods or order line adds to its own: the upstream apply
 * the line came from (filled by the chain, never typed), its unit price (the header's total
 * amount is price x quantity over the valid lines, exact), the ledger account (科目), the
 * carton's dimensions (cm, from the line's pack specification), the invalid flag and four free
 * texts.
 */
export const commonLine = () => ({
  applyCode: text(L('申请单号', 'Apply number', '申請單號'), { max: 40, generated: true, list: false }),
  price: num(L('单价', 'Unit price', '單價'), 'unitPrice', { list: false }),
  account: text(L('科目', 'Account', '科目'), { max: 40, list: false, noImport: true }),
  volumeLength: num(L('长(cm)', 'Length (cm)', '長(cm)'), 'measure', { list: false }),
  volumeWidth: num(L('宽(cm)', 'Width (cm)', '寬(cm)'), 'measure', { list: false }),
  volumeHeight: num(L('高(cm)', 'Height (cm)', '高(cm)'), 'measure', { list: false }),
  // 1: kept for the record, counted in no total and moved by no step
  invalid: flag(L('无效', 'Invalid', '無效'), { list: false, noImport: true }),
  spareString1: text(L('备用字段1', 'Spare text 1', '備用欄位1'), { max: 200, list: false }),
  spareString2: text(L('备用字段2', 'Spare text 2', '備用欄位2'), { max: 200, list: false }),
  spareString3: text(L('备用字段3', 'Spare text 3', '備用欄位3'), { max: 200, list: false }),
  spareString4: text(L('备用字段4', 'Spare text 4', '備用欄位4'), { max: 200, list: false }),
});

/** A line flagged invalid (spec 02 invalid 1): on the document, but in no total and no step. */
export const isInvalidLine = (line: Record<string, unknown>): boolean => Number(line.invalid) === 1;
/** A document flagged invalid. */
export const isInvalidDocument = (doc: Record<string, unknown>): boolean => Number(doc.invalid) === 1;
/** The lines a step works on: the valid ones (an invalid line stays on the document, moving nothing). */
export const validLinesOf = <T extends Record<string, unknown>>(lines: readonly T[] | undefined): T[] => (lines ?? []).filter((l) => !isInvalidLine(l));

/**
 * The document as a step sees it: its valid lines only (line numbers kept). What the kit hands a
 * document's own decisions, so no step moves goods of, or checks, a line flagged invalid.
 */
export const validLinesView = <T extends Record<string, unknown>>(def: Pick<DocumentDef, 'lines'>, doc: T): T => {
  const key = def.lines?.key;
  if (!key || !Array.isArray(doc[key])) return doc;
  const lines = doc[key] as Record<string, unknown>[];
  return lines.some(isInvalidLine) ? { ...doc, [key]: validLinesOf(lines) } : doc;
};
