import type { LabelRun } from './label-print';
import type { PdfDefinition } from './pdf';

/**
 * The printed documents' layouts: pure functions from what is printed (and its barcodes,
 * already drawn) to a pdfmake definition. Texts come through `tr` (the caller's language).
 */
export type Tr = (key: string, vars?: Record<string, string | number>) => string;
export type Party = { code: string; name: string };

export type LabelLineInfo = { lineNumber: number; barcode: string; materialCode: string; materialName: string; batchNo: string; expiringDate?: string | undefined; place?: string | undefined };
export type LabelsInput = { billNo: string; owner: Party; lines: ReadonlyMap<number, LabelLineInfo>; runs: readonly LabelRun[]; barcodes: ReadonlyMap<string, string> };

export type PickingRow = { lineNumber: number; warehousePlaceCode: string; barcode: string; materialCode: string; materialName: string; batchNo: string; qty: number };
export type PickingInput = { billNo: string; billBarcode: string; owner: Party; area: string; billDate: string; allocatedAt: string; rows: readonly PickingRow[]; printedAt: string; timeZone: string };

export type WaveSheetRow = { seq: number; warehouseAreaCode: string; warehousePlaceCode: string; customerCode: string; materialCode: string; materialName: string; batchNo: string; barcode: string; qty: number; bills: string };
export type WaveSheetInput = {
  billNo: string;
  billBarcode: string;
  area: string;
  owner: string;
  billDate: string;
  bills: number;
  binVisits: number;
  pathLength: number;
  picker: string;
  rows: readonly WaveSheetRow[];
  printedAt: string;
  timeZone: string;
};
export type SlipRow = { lineNumber: number; warehousePlaceCode: string; barcode: string; materialCode: string; materialName: string; batchNo: string; expiringDate: string; qty: number; receivedQty: number };
export type SlipInput = {
  billNo: string;
  billBarcode: string;
  owner: Party;
  from: Party;
  to: Party;
  billDate: string;
  shippedAt: string;
  carNo: string;
  rows: readonly SlipRow[];
  printedAt: string;
  timeZone: string;
};
export type DeliveryRow = { materialCode: string; materialName: string; batchNo: string; qty: number; weg: number };
/** Who receives the goods: a name, a phone and the address they go to. */
export type Consignee = { name: string; mobile: string; address: string };
export type DeliveryInput = {
  billNo: string;
  billBarcode: string;
  owner: Party;
  consignee: Consignee;
  /** the load bill that carried the goods ('' when shipped on their own) */
  loadBillNo: string;
  carNo: string;
  platformNumber: string;
  shippedAt: string;
  rows: readonly DeliveryRow[];
  printedAt: string;
  /** the time zone its times are in */
  timeZone: string;
  /** a delivery notice (发货通知单) of the bill: its own number, and the day the consignee expects the goods */
  notice?: { billNo: string; billBarcode: string; expectedDate: string };
};

type Fields = Readonly<Record<string, unknown>>;
const filled = (r: Fields | undefined, key: string) => (typeof r?.[key] === 'string' ? (r[key] as string).trim() : '');

/**
 * The consignee a delivery note names: the bill's own receiver, else its outbound order's, else the
 * cargo owner itself (goods shipped with no receiver named go back to, or are collected by, the
 * owner: docs/DOMAIN.md "Printed documents"). Taken whole from one source, never mixed.
 */
export const consigneeOf = (bill: Fields, order: Fields | undefined, owner: Fields): Consignee => {
  for (const r of [bill, order]) {
    if (filled(r, 'receiverName') || filled(r, 'receiverAddress')) return { name: filled(r, 'receiverName'), mobile: filled(r, 'receiverMobile'), address: filled(r, 'receiverAddress') };
  }
  const name = [filled(owner, 'fullName') || filled(owner, 'name'), filled(owner, 'linkman')].filter(Boolean).join(' ');
  return { name, mobile: filled(owner, 'mobile') || filled(owner, 'tel'), address: filled(owner, 'address') };
};

const fmt = (n: number) => String(n);
const sum = (values: readonly number[]) => Math.round(values.reduce((a, v) => a + v, 0) * 1000) / 1000;
const cell = (text: string, extra: Record<string, unknown> = {}) => ({ text, ...extra });
const headerCell = (text: string) => cell(text, { bold: true, fillColor: '#eeeeee' });
const footer = (tr: Tr) => (page: number, pages: number) => ({ text: tr('warehouse.print.page', { page, pages }), alignment: 'center', fontSize: 8, margin: [0, 8, 0, 0] });

/** One label per pallet: 100 × 70 mm, the barcode across its width. */
export const labelsDefinition = (input: LabelsInput, tr: Tr): PdfDefinition => {
  const pages: unknown[] = [];
  for (const run of input.runs) {
    const line = input.lines.get(run.lineNumber)!;
    run.pallets.forEach((qty, i) => {
      const label = [
        {
          columns: [
            { text: tr('warehouse.print.label.title'), bold: true, fontSize: 11 },
            { text: `${tr('warehouse.print.label.pallet')} ${i + 1}/${run.pallets.length}`, alignment: 'right', fontSize: 9 },
          ],
        },
        { text: `${tr('warehouse.print.label.owner')}: ${input.owner.code} ${input.owner.name}`, margin: [0, 3, 0, 0] },
        { text: `${line.materialCode} ${line.materialName}`, bold: true, fontSize: 12, margin: [0, 2, 0, 2] },
        {
          columns: [
            { text: `${tr('warehouse.print.label.batch')}: ${line.batchNo || '-'}` },
            { text: `${tr('warehouse.print.label.qty')}: ${fmt(qty)}`, bold: true },
          ],
        },
        {
          columns: [
            { text: `${tr('warehouse.print.label.expiring')}: ${line.expiringDate || '-'}` },
            { text: `${tr('warehouse.print.label.place')}: ${line.place || '-'}` },
          ],
        },
        { image: input.barcodes.get(line.barcode), width: 240, height: 48, alignment: 'center', margin: [0, 5, 0, 1] },
        { text: line.barcode, alignment: 'center', fontSize: 11, bold: true },
        { text: `${tr('warehouse.print.label.bill')} ${input.billNo} · ${tr('warehouse.print.label.line')} ${line.lineNumber}`, alignment: 'center', fontSize: 7 },
      ];
      pages.push({ stack: label, ...(pages.length ? { pageBreak: 'before' } : {}) });
    });
  }
  return { pageSize: { width: 283.46, height: 198.43 }, pageMargins: [10, 8, 10, 6], info: { title: `${tr('warehouse.print.label.title')} ${input.billNo}` }, content: pages };
};

/** What a temporary package's label shows: its number (= its barcode, drawn), owner, location, type and content. */
export type PackageLabelInput = {
  billNo: string;
  barcode: string;
  owner: Party;
  place: string;
  packageType: string;
  content: readonly { materialCode: string; materialName: string; batchNo: string; qty: number }[];
  total: number;
};

/** The content lines a package label names before it says "and N more" (the label is 100 × 70 mm). */
export const PACKAGE_LABEL_LINES = 4;

/** A temporary package's label: one 100 × 70 mm label, the package barcode across it, its content below. */
export const packageLabelDefinition = (input: PackageLabelInput, tr: Tr): PdfDefinition => {
  const shown = input.content.slice(0, PACKAGE_LABEL_LINES);
  const more = input.content.length - shown.length;
  const label = [
    {
      columns: [
        { text: tr('warehouse.print.package.title'), bold: true, fontSize: 11 },
        { text: `${tr('warehouse.print.package.type')}: ${input.packageType || '-'}`, alignment: 'right', fontSize: 9 },
      ],
    },
    { text: `${tr('warehouse.print.label.owner')}: ${input.owner.code} ${input.owner.name}`, margin: [0, 3, 0, 0] },
    { text: `${tr('warehouse.print.label.place')}: ${input.place || '-'}` },
    { image: input.barcode, width: 240, height: 44, alignment: 'center', margin: [0, 4, 0, 1] },
    { text: input.billNo, alignment: 'center', fontSize: 12, bold: true },
    {
      margin: [0, 3, 0, 0],
      fontSize: 7,
      layout: 'noBorders',
      table: {
        widths: ['*', 'auto', 'auto'],
        body: [
          ...shown.map((c) => [cell(`${c.materialCode} ${c.materialName}`.trim()), cell(c.batchNo || '-'), cell(fmt(c.qty), { alignment: 'right' })]),
          ...(more > 0 ? [[cell(tr('warehouse.print.package.more', { n: more }), { italics: true }), cell(''), cell('')]] : []),
          [cell(tr('warehouse.print.package.total'), { bold: true }), cell(''), cell(fmt(input.total), { bold: true, alignment: 'right' })],
        ],
      },
    },
  ];
  return { pageSize: { width: 283.46, height: 198.43 }, pageMargins: [10, 8, 10, 6], info: { title: `${tr('warehouse.print.package.title')} ${input.billNo}` }, content: [{ stack: label }] };
};

/** Label and value pairs two to a row; `wide` pairs (an address) take a row of their own. */
const headerTable = (pairs: [string, string][], wide: [string, string][] = []) => ({
  layout: 'noBorders',
  table: {
    widths: ['auto', '*', 'auto', '*'],
    body: [
      ...pairs
        .reduce<unknown[][]>((rows, [k, v], i) => {
          if (i % 2 === 0) rows.push([cell(`${k}:`, { bold: true }), cell(v)]);
          else rows[rows.length - 1]!.push(cell(`${k}:`, { bold: true }), cell(v));
          return rows;
        }, [])
        .map((r) => (r.length === 2 ? [...r, '', ''] : r)),
      ...wide.map(([k, v]) => [cell(`${k}:`, { bold: true }), cell(v, { colSpan: 3 }), '', '']),
    ],
  },
  margin: [0, 6, 0, 8],
});

const titleRow = (title: string, barcode: string, billNo: string) => ({
  columns: [
    { text: title, fontSize: 18, bold: true, width: '*' },
    { stack: [{ image: barcode, width: 170, height: 34 }, { text: billNo, alignment: 'center', fontSize: 9 }], width: 170 },
  ],
});

/** The picking list: every held row, sorted by place, with a box to tick. */
export const pickingListDefinition = (input: PickingInput, tr: Tr): PdfDefinition => {
  const k = (key: string) => tr(`warehouse.print.picking.${key}`);
  const body: unknown[][] = [[headerCell(k('place')), headerCell(k('barcode')), headerCell(k('material')), headerCell(k('name')), headerCell(k('batch')), headerCell(k('qty')), headerCell(k('line')), headerCell(k('picked'))]];
  for (const r of input.rows) body.push([cell(r.warehousePlaceCode, { bold: true }), r.barcode, r.materialCode, r.materialName, r.batchNo || '-', cell(fmt(r.qty), { alignment: 'right' }), String(r.lineNumber), '']);
  body.push([cell(k('total'), { bold: true, colSpan: 5 }), '', '', '', '', cell(fmt(sum(input.rows.map((r) => r.qty))), { alignment: 'right', bold: true }), '', '']);
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `${k('title')} ${input.billNo}` },
    footer: footer(tr),
    content: [
      titleRow(k('title'), input.billBarcode, input.billNo),
      headerTable([
        [k('bill'), input.billNo],
        [k('owner'), `${input.owner.code} ${input.owner.name}`],
        [k('area'), input.area],
        [k('date'), input.billDate],
        [k('allocatedAt'), input.allocatedAt],
      ]),
      { table: { headerRows: 1, widths: ['auto', 'auto', 'auto', '*', 'auto', 'auto', 'auto', 'auto'], body } },
      { text: `${k('picker')}: ____________________`, margin: [0, 24, 0, 0] },
      { text: tr('warehouse.print.printedAt', { at: input.printedAt, zone: input.timeZone }), fontSize: 8, margin: [0, 8, 0, 0] },
    ],
  };
};

/** The wave's pick sheet: its path step by step in walking order, each step's quantity and the bills it goes back to, a box to tick. */
export const waveSheetDefinition = (input: WaveSheetInput, tr: Tr): PdfDefinition => {
  const k = (key: string) => tr(`warehouse.print.wave.${key}`);
  const body: unknown[][] = [
    [headerCell(k('seq')), headerCell(k('place')), headerCell(k('owner')), headerCell(k('material')), headerCell(k('name')), headerCell(k('batch')), headerCell(k('barcode')), headerCell(k('qty')), headerCell(k('split')), headerCell(k('picked'))],
  ];
  for (const r of input.rows)
    body.push([String(r.seq), cell(r.warehousePlaceCode, { bold: true }), r.customerCode, r.materialCode, r.materialName, r.batchNo || '-', r.barcode, cell(fmt(r.qty), { alignment: 'right' }), cell(r.bills, { fontSize: 7 }), '']);
  body.push([cell(k('total'), { bold: true, colSpan: 7 }), '', '', '', '', '', '', cell(fmt(sum(input.rows.map((r) => r.qty))), { alignment: 'right', bold: true }), '', '']);
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    info: { title: `${k('title')} ${input.billNo}` },
    footer: footer(tr),
    content: [
      titleRow(k('title'), input.billBarcode, input.billNo),
      headerTable([
        [k('wave'), input.billNo],
        [k('area'), input.area],
        [k('owner'), input.owner],
        [k('date'), input.billDate],
        [k('bills'), String(input.bills)],
        [k('visits'), String(input.binVisits)],
        [k('length'), String(input.pathLength)],
        [k('picker'), input.picker || '-'],
      ]),
      { table: { headerRows: 1, widths: ['auto', 'auto', 'auto', 'auto', '*', 'auto', 'auto', 'auto', 120, 'auto'], body }, fontSize: 9 },
      { text: `${k('picker')}: ____________________`, margin: [0, 24, 0, 0] },
      { text: tr('warehouse.print.printedAt', { at: input.printedAt, zone: input.timeZone }), fontSize: 8, margin: [0, 8, 0, 0] },
    ],
  };
};

/**
 * The delivery note: what left the warehouse, on which vehicle, for whom and where to, with the
 * three signatures; a delivery notice is the same paper under its own title and number, with the
 * day the consignee expects the goods.
 */
export const deliveryNoteDefinition = (input: DeliveryInput, tr: Tr): PdfDefinition => {
  const k = (key: string) => tr(`warehouse.print.delivery.${key}`);
  const notice = input.notice;
  const title = notice ? tr('warehouse.print.notice.title') : k('title');
  const number = notice ? notice.billNo : input.billNo;
  const body: unknown[][] = [[headerCell(k('material')), headerCell(k('name')), headerCell(k('batch')), headerCell(k('qty')), headerCell(k('weight'))]];
  for (const r of input.rows) body.push([r.materialCode, r.materialName, r.batchNo || '-', cell(fmt(r.qty), { alignment: 'right' }), cell(fmt(r.weg), { alignment: 'right' })]);
  body.push([cell(k('total'), { bold: true, colSpan: 3 }), '', '', cell(fmt(sum(input.rows.map((r) => r.qty))), { alignment: 'right', bold: true }), cell(fmt(sum(input.rows.map((r) => r.weg))), { alignment: 'right', bold: true })]);
  const sign = (key: string) => ({ stack: [{ text: `${k(key)}:`, bold: true }, { text: '\n______________________' }, { text: `${k('date')}: ______________`, margin: [0, 6, 0, 0] }] });
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `${title} ${number}` },
    footer: footer(tr),
    content: [
      titleRow(title, notice ? notice.billBarcode : input.billBarcode, number),
      headerTable(
        [
          [k('bill'), input.billNo],
          [k('shippedAt'), input.shippedAt],
          ...(notice ? [[tr('warehouse.print.notice.expectedDate'), notice.expectedDate] as [string, string]] : []),
          [k('owner'), `${input.owner.code} ${input.owner.name}`],
          [k('loadBill'), input.loadBillNo || '-'],
          [k('carNo'), input.carNo || '-'],
          [k('platform'), input.platformNumber || '-'],
          [k('consignee'), input.consignee.name || '-'],
          [k('consigneeMobile'), input.consignee.mobile || '-'],
        ],
        [[k('consigneeAddress'), input.consignee.address || '-']],
      ),
      { table: { headerRows: 1, widths: ['auto', '*', 'auto', 'auto', 'auto'], body } },
      { columns: [sign('shipper'), sign('carrier'), sign('receiver')], margin: [0, 36, 0, 0] },
      { text: tr('warehouse.print.printedAt', { at: input.printedAt, zone: input.timeZone }), fontSize: 8, margin: [0, 12, 0, 0] },
    ],
  };
};

/**
 * The allocation slip (调拨单) that travels with the goods: from which warehouse to which, the rows
 * taken from their bins (bin, barcode, batch, expiry, quantity), a column the receiving warehouse
 * fills in, and the three signatures (sent, carried, received).
 */
export const allocationSlipDefinition = (input: SlipInput, tr: Tr): PdfDefinition => {
  const k = (key: string) => tr(`warehouse.print.allocate.${key}`);
  const body: unknown[][] = [
    [headerCell(k('line')), headerCell(k('place')), headerCell(k('barcode')), headerCell(k('material')), headerCell(k('name')), headerCell(k('batch')), headerCell(k('expiry')), headerCell(k('qty')), headerCell(k('received'))],
  ];
  for (const r of input.rows)
    body.push([String(r.lineNumber), cell(r.warehousePlaceCode, { bold: true }), r.barcode, r.materialCode, r.materialName, r.batchNo || '-', r.expiringDate || '-', cell(fmt(r.qty), { alignment: 'right' }), cell(r.receivedQty ? fmt(r.receivedQty) : '', { alignment: 'right' })]);
  body.push([cell(k('total'), { bold: true, colSpan: 7 }), '', '', '', '', '', '', cell(fmt(sum(input.rows.map((r) => r.qty))), { alignment: 'right', bold: true }), '']);
  const sign = (key: string) => ({ stack: [{ text: `${k(key)}:`, bold: true }, { text: '\n______________________' }, { text: `${k('date')}: ______________`, margin: [0, 6, 0, 0] }] });
  const party = (p: Party) => [p.code, p.name].filter(Boolean).join(' ');
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [28, 28, 28, 36],
    info: { title: `${k('title')} ${input.billNo}` },
    footer: footer(tr),
    content: [
      titleRow(k('title'), input.billBarcode, input.billNo),
      headerTable([
        [k('bill'), input.billNo],
        [k('owner'), party(input.owner)],
        [k('from'), party(input.from)],
        [k('to'), party(input.to)],
        [k('billDate'), input.billDate],
        [k('shippedAt'), input.shippedAt || '-'],
        [k('carNo'), input.carNo || '-'],
      ]),
      { table: { headerRows: 1, widths: ['auto', 'auto', 'auto', 'auto', '*', 'auto', 'auto', 'auto', 'auto'], body }, fontSize: 9 },
      { columns: [sign('shipper'), sign('carrier'), sign('receiver')], margin: [0, 30, 0, 0] },
      { text: tr('warehouse.print.printedAt', { at: input.printedAt, zone: input.timeZone }), fontSize: 8, margin: [0, 12, 0, 0] },
    ],
  };
};
