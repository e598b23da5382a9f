import { documentFieldAt, monthbill, type KitDocument, type Language, type Labels } from '@tpl/contracts';
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

/**
 * The customer's month bill as a PDF (pdfmake layout, rendered by the kit in the embedded
 * Noto Sans SC): the header (bill number, month, customer, state, bill date), the four charges
 * and the total, the carried-over owing and the amount due, and one row per detail line (area,
 * in/out tonnes, storage tonne-days, month-end balance, each charge). Labels come from the
 * month bill's description in the caller's language; figures as the bill holds them. Pure.
 */
export const monthBillPdf = (bill: KitDocument, customerName: string | undefined, lang: Language): PdfDefinition => {
  const i = LANG_INDEX[lang];
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
  const cols = ['lineType', 'warehouseAreaCode', 'inWeight', 'outWeight', 'storageWeight', 'balanceWeight', 'inCost', 'outCost', 'storageCost', 'otherCost', 'amount'];
  const money = new Set(['inCost', 'outCost', 'storageCost', 'otherCost', 'amount']);
  const lineTypeLabel = (v: unknown) => {
    const f = monthbill.lines.fields.lineType;
    return f.kind === 'enum' ? (f.valueLabels[String(v)]?.[i] ?? String(v ?? '')) : String(v ?? '');
  };
  const cell = (row: Row, key: string) =>
    key === 'lineType' ? lineTypeLabel(row[key]) : key === 'warehouseAreaCode' ? String(row[key] ?? row.adjustMonth ?? '') : money.has(key) ? moneyPrint(row[key]) : qtyPrint(row[key]);
  const kv = (key: string, value: string) => [{ text: label(key), bold: true }, value];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 28],
    info: { title: `${monthbill.title[i]} ${bill.billNo}` },
    content: [
      { text: `${monthbill.title[i]}  ${bill.billNo}`, fontSize: 16, bold: true, margin: [0, 0, 0, 8] },
      {
        columns: [
          { width: '*', table: { widths: [90, '*'], body: [kv('month', String(bill.month ?? '')), kv('customerCode', `${String(bill.customerCode ?? '')} ${customerName ?? ''}`.trim()), kv('billDate', String(bill.billDate ?? ''))] }, layout: 'noBorders' },
          { width: '*', table: { widths: [110, '*'], body: [[{ text: monthbill.title[i], bold: true }, state], kv('pricedThrough', String(bill.pricedThrough ?? '')), kv('typeDesc', String(bill.typeDesc ?? ''))] }, layout: 'noBorders' },
        ],
        margin: [0, 0, 0, 10],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', '*', '*', '*', '*', '*', '*'],
          body: [
            ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'totalCost', 'carriedOwing', 'amountDue', 'paidAmount'].map((k) => ({ text: label(k), bold: true })),
            ['inStockCoolieCost', 'outStockCoolieCost', 'storageCost', 'otherCost', 'totalCost', 'carriedOwing', 'amountDue', 'paidAmount'].map((k) => ({ text: moneyPrint(bill[k]), alignment: 'right' })),
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
    ],
  };
};
