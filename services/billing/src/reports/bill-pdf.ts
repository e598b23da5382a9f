import { documentFieldAt, monthbill, translate, type KitDocument, type Language, type Labels } from '@tpl/contracts';
import type { PdfDefinition } from '@tpl/documents';

const LANG_INDEX: Record<Language, 0 | 1 | 2> = { zh: 0, en: 1, mo: 2 };
type Row = Record<string, unknown>;

/** A money figure as a bill prints it: two decimals, thousands grouped. */
export const moneyPrint = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return (Number.isFinite(n) ? n : 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
};
const qtyPrint = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return (Number.isFinite(n) ? n : 0).toLocaleString('en-US', { maximumFractionDigits: 3 });
};

/** A party a bill names: who owes (the customer) and who bills (the issuer). */
export type BillParty = { code?: string; name: string; fullName?: string; address?: string; taxNumber?: string; phone?: string };
/** Who the bill is between, and when (and in which time zone) it was printed. */
export type MonthBillPrint = { customer: BillParty; issuer: BillParty; printedAt: string; timeZone: string };

/**
 * The customer's month bill as a PDF (pdfmake layout, rendered by the kit in the embedded
 * Noto Sans SC): who bills whom (the customer's code, name, full name, address and tax number;
 * the issuer's name, address, tax number and phone), the bill's month, date and state, the four
 * charges and the total, the carried-over owing and the amount due, and one row per detail line
 * (area, in/out tonnes, storage tonne-days, month-end balance, each charge). Field labels come
 * from the month bill's description, the rest from billing's words, in the caller's language;
 * figures as the bill holds them. Pure.
 */
export const monthBillPdf = (bill: KitDocument, print: MonthBillPrint, lang: Language): PdfDefinition => {
  const i = LANG_INDEX[lang];
  const tr = (key: string, vars?: Record<string, string>) => translate(lang, `billing.print.${key}`, vars);
  const label = (path: string): string => {
    const f = documentFieldAt(monthbill, path);
    return f && 'label' in f ? (f.label as Labels)[i] : path;
  };
  const line = (key: string) => {
    const f = monthbill.lines.fields[key as keyof typeof monthbill.lines.fields];
    return f ? f.label[i] : key;
  };
  const state = monthbill.lifecycle.states[bill.state as keyof typeof monthbill.lifecycle.states]?.label[i] ?? bill.state;
  const details = (bill.details as Row[] | undefined) ?? [];
  const cols = ['lineType', 'warehouseAreaCode', 'inWeight', 'outWeight', 'storageWeight', 'balanceWeight', 'inCost', 'outCost', 'storageCost', 'otherCost', 'packageCost', 'amount'];
  const money = new Set(['inCost', 'outCost', 'storageCost', 'otherCost', 'packageCost', 'amount']);
  const lineTypeLabel = (v: unknown) => {
    const f = monthbill.lines.fields.lineType;
    return f.kind === 'enum' ? (f.valueLabels[String(v)]?.[i] ?? String(v ?? '')) : String(v ?? '');
  };
  const cell = (row: Row, key: string) =>
    key === 'lineType' ? lineTypeLabel(row[key]) : key === 'warehouseAreaCode' ? String(row[key] ?? row.adjustMonth ?? '') : money.has(key) ? moneyPrint(row[key]) : qtyPrint(row[key]);
  const pair = (name: string, value: string) => [{ text: name, bold: true }, value || '-'];
  const kv = (key: string, value: string) => pair(label(key), value);
  const { customer, issuer } = print;
  const partyTable = (rows: unknown[][]) => ({ width: '*', table: { widths: [70, '*'], body: rows }, layout: 'noBorders' });
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 28],
    info: { title: `${monthbill.title[i]} ${bill.billNo}`, author: issuer.fullName || issuer.name },
    content: [
      { text: `${monthbill.title[i]}  ${bill.billNo}`, fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      {
        columns: [
          partyTable([
            pair(tr('customer'), [customer.code, customer.name].filter(Boolean).join(' ')),
            ...(customer.fullName && customer.fullName !== customer.name ? [pair(tr('fullName'), customer.fullName)] : []),
            pair(tr('address'), customer.address ?? ''),
            pair(tr('taxNumber'), customer.taxNumber ?? ''),
          ]),
          partyTable([
            pair(tr('issuer'), issuer.fullName || issuer.name),
            pair(tr('address'), issuer.address ?? ''),
            pair(tr('taxNumber'), issuer.taxNumber ?? ''),
            pair(tr('phone'), issuer.phone ?? ''),
          ]),
        ],
        columnGap: 16,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          widths: ['auto', '*', 'auto', '*', 'auto', '*'],
          body: [
            [...kv('month', String(bill.month ?? '')), ...kv('billDate', String(bill.billDate ?? '')), ...pair(tr('state'), state)],
            [...kv('pricedThrough', String(bill.pricedThrough ?? '')), ...kv('typeDesc', String(bill.typeDesc ?? '')), '', ''],
          ],
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', '*', '*', '*', '*', '*', '*', '*'],
          body: [
            ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'packageCost', 'totalCost', 'carriedOwing', 'amountDue', 'paidAmount'].map((k) => ({ text: label(k), bold: true })),
            ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'packageCost', 'totalCost', 'carriedOwing', 'amountDue', 'paidAmount'].map((k) => ({ text: moneyPrint(bill[k]), alignment: 'right' })),
          ],
        },
        margin: [0, 0, 0, 10],
      },
      { text: monthbill.lines.label[i], bold: true, margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: cols.map(() => '*'),
          body: [cols.map((k) => ({ text: line(k), bold: true, fontSize: 8 })), ...details.map((d) => cols.map((k) => ({ text: cell(d, k), fontSize: 8, alignment: k === 'lineType' || k === 'warehouseAreaCode' ? 'left' : 'right' })))],
        },
      },
      { text: tr('printedAt', { at: print.printedAt, zone: print.timeZone }), fontSize: 8, margin: [0, 10, 0, 0] },
    ],
  };
};
