import { PassThrough } from 'node:stream';
import { Workbook } from 'exceljs';
import { documentSubmitSchemaOf, importFieldsOf, isinstockbill, orderisinstockbill, orderosoutstockbill, type KitDocument } from '@tpl/contracts';
import { groupImportRows, headerRecordOf, headerSheetOf, importSheetOf, issueErrors, lineRecordsOf, linesSheetOf, placeOf } from './document.xlsx';
import { parseImport, resolveColumns, streamWorkbook, templateWorkbook } from './output/sheets';

const row = (rowNumber: number, values: Record<string, unknown>) => ({ rowNumber, values });
const TODAY = '2026-11-29';

const booked = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  customerCode: 'C001',
  warehouseAreaCode: 'A01',
  stockType: 'NORMAL',
  sourceBillNo: 'PO-1',
  planDate: '2026-12-01',
  ...over,
});

describe('the import sheet of a document type', () => {
  it('has the header columns a user gives, then a line\'s (as details.<field>), never a generated one; the remark last', () => {
    const keys = resolveColumns(importSheetOf(orderisinstockbill), 'zh', { forImport: true }).map((c) => c.key);
    expect(keys.slice(0, 3)).toEqual(['billDate', 'customerCode', 'warehouseAreaCode']);
    expect(keys).toContain('sourceBillNo');
    expect(keys).toContain('details.materialCode');
    expect(keys).toContain('details.qty');
    // filled by the server: the line number, the weight in tonnes, the received quantity
    expect(keys).not.toContain('details.lineNumber');
    expect(keys).not.toContain('details.weg');
    expect(keys).not.toContain('details.receivedQty');
    expect(keys[keys.length - 1]).toBe('remark');
    expect(importFieldsOf(orderisinstockbill).map(([k]) => k)).toEqual(keys.slice(0, -1));
  });

  it('words each column as the document\'s form does, a line\'s field by its own label', () => {
    const headers = resolveColumns(importSheetOf(orderisinstockbill), 'zh', { forImport: true }).map((c) => c.header);
    expect(headers).toEqual(expect.arrayContaining(['货主', '库区', '来源单号', '物料', '数量']));
    const en = resolveColumns(importSheetOf(orderosoutstockbill), 'en', { forImport: true }).map((c) => c.header);
    expect(en).toEqual(expect.arrayContaining(['Cargo owner', 'Source bill number', 'Material', 'Quantity']));
  });
});

describe('the export sheets of a document type', () => {
  const doc = {
    id: 'd1',
    tenantId: 't',
    billNo: 'YR0001',
    state: 'Draft',
    version: 1,
    isReview: 0,
    removed: false,
    createdBy: { userId: 'u', account: 'keeper', name: '仓管员' },
    updatedBy: { userId: 'u', account: 'keeper', name: '仓管员' },
    createdAt: '2026-11-29T01:00:00.000Z',
    updatedAt: '2026-11-29T01:00:00.000Z',
    billDate: '2026-11-29',
    ...booked(),
    totals: { qty: 15 },
    details: [
      { lineNumber: 1, materialCode: 'M001', qty: 10 },
      { lineNumber: 2, materialCode: 'M002', qty: 5 },
    ],
  } as unknown as KitDocument;

  it('writes one header row per document (bill number, state, header, totals, who made it) and one line row per line keyed by the bill number', () => {
    const header = headerRecordOf(orderisinstockbill, doc);
    expect(header).toMatchObject({ billNo: 'YR0001', state: 'Draft', customerCode: 'C001', sourceBillNo: 'PO-1', 'totals.qty': 15, createdByName: '仓管员' });
    expect(lineRecordsOf(orderisinstockbill, doc)).toEqual([
      { billNo: 'YR0001', 'details.lineNumber': 1, 'details.materialCode': 'M001', 'details.qty': 10 },
      { billNo: 'YR0001', 'details.lineNumber': 2, 'details.materialCode': 'M002', 'details.qty': 5 },
    ]);
    const headerKeys = resolveColumns(headerSheetOf(orderisinstockbill), 'zh').map((c) => c.key);
    expect(headerKeys.slice(0, 2)).toEqual(['billNo', 'state']);
    expect(resolveColumns(linesSheetOf(orderisinstockbill)!, 'zh').map((c) => c.key)[0]).toBe('billNo');
  });

  it('streams both sheets into one workbook, the state in the reader\'s words', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    async function* one<T>(items: T[]) {
      yield* items;
    }
    const counts = await streamWorkbook(out, 'zh', [
      { def: headerSheetOf(orderisinstockbill), rows: one([headerRecordOf(orderisinstockbill, doc)]) },
      { def: linesSheetOf(orderisinstockbill)!, rows: one(lineRecordsOf(orderisinstockbill, doc)) },
    ]);
    expect(counts).toEqual([1, 2]);
    const book = new Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['预约入库单', '明细']);
    const headers = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 2)).toEqual(['预约入库单号', '状态']);
    expect((book.worksheets[0]!.getRow(2).values as unknown[]).slice(1, 3)).toEqual(['YR0001', '草稿']);
    expect(book.worksheets[1]!.rowCount).toBe(3);
  });
});

describe('groupImportRows', () => {
  it('makes one document per customer bill number, the header from its first row and one line per row', () => {
    const { bills, orphans } = groupImportRows(
      orderisinstockbill,
      [
        row(2, { ...booked(), 'details.materialCode': 'M001', 'details.qty': 10 }),
        row(3, { ...booked(), 'details.materialCode': 'M002', 'details.qty': 5 }),
        row(4, { ...booked({ sourceBillNo: 'PO-2' }), 'details.materialCode': 'M001', 'details.qty': 1 }),
      ],
      'zh',
      TODAY,
    );
    expect(orphans).toEqual([]);
    expect(bills.map((b) => [b.key, b.rows, b.lineRows])).toEqual([
      ['PO-1', [2, 3], [2, 3]],
      ['PO-2', [4], [4]],
    ]);
    expect(bills[0]!.content).toEqual({ ...booked(), billDate: TODAY, details: [{ materialCode: 'M001', qty: 10 }, { materialCode: 'M002', qty: 5 }] });
    expect(bills[0]!.errors).toEqual([]);
    // what the rows make is what the kit's submit takes
    expect(documentSubmitSchemaOf(orderisinstockbill).safeParse(bills[0]!.content).success).toBe(true);
  });

  it('lets a later row leave the header empty, and refuses one that gives another value, naming the first row', () => {
    const { bills } = groupImportRows(
      orderisinstockbill,
      [
        row(2, { ...booked(), 'details.materialCode': 'M001', 'details.qty': 10 }),
        row(3, { sourceBillNo: 'PO-1', 'details.materialCode': 'M002', 'details.qty': 5 }),
        row(4, { sourceBillNo: 'PO-1', customerCode: 'C002', 'details.materialCode': 'M003', 'details.qty': 5 }),
      ],
      'zh',
      TODAY,
    );
    expect(bills).toHaveLength(1);
    expect(bills[0]!.errors).toEqual([{ row: 4, field: 'customerCode', message: '货主与同一单据第 2 行不一致' }]);
  });

  it('puts a row without a customer bill number in no document: an error on that row naming the column', () => {
    const { bills, orphans } = groupImportRows(orderisinstockbill, [row(5, { customerCode: 'C001', 'details.qty': 1 })], 'en', TODAY);
    expect(bills).toEqual([]);
    expect(orphans).toEqual([{ row: 5, field: 'sourceBillNo', message: expect.stringContaining('Source bill number') }]);
  });

  it('keeps a bill date the file gives', () => {
    const { bills } = groupImportRows(orderisinstockbill, [row(2, { ...booked(), billDate: '2026-11-20', 'details.materialCode': 'M1', 'details.qty': 1 })], 'zh', TODAY);
    expect(bills[0]!.content.billDate).toBe('2026-11-20');
  });
});

describe('placing a problem on the file', () => {
  const bill = { rows: [7, 8, 9], lineRows: [7, 8, 9] };
  it('puts a line\'s problem on that line\'s row, a header\'s on the document\'s first row', () => {
    expect(placeOf(orderisinstockbill, bill, ['details', 2, 'qty'])).toEqual({ row: 9, field: 'details.qty' });
    expect(placeOf(orderisinstockbill, bill, ['planDate'])).toEqual({ row: 7, field: 'planDate' });
    expect(placeOf(orderisinstockbill, bill, ['details'])).toEqual({ row: 7, field: 'details' });
  });

  it('words each zod issue in the user\'s language, naming the field', () => {
    const content = { ...booked(), billDate: TODAY, details: [{ materialCode: 'M1', qty: 1 }, { materialCode: 'M2', qty: -3 }] };
    const parsed = documentSubmitSchemaOf(orderisinstockbill).safeParse(content);
    expect(parsed.success).toBe(false);
    const errors = issueErrors(orderisinstockbill, { ...bill, content }, parsed.error!.issues, 'zh');
    expect(errors).toEqual([{ row: 8, field: 'details.qty', message: expect.stringContaining('数量') }]);
  });
});

describe('an import file round trip', () => {
  it('reads back, by the template\'s headers, what a customer typed under them', async () => {
    const template = await templateWorkbook(importSheetOf(orderisinstockbill), 'zh', { notes: ['n'], sheets: [{ name: '货主', headers: ['编码', '名称'], rows: [['C001', '货主一']] }] });
    const book = new Workbook();
    await book.xlsx.load(template as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['预约入库单', '说明', '货主']);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const put = (r: number, byHeader: Record<string, string | number>) => {
      for (const [h, v] of Object.entries(byHeader)) sheet.getRow(r).getCell(headers.indexOf(h) + 1).value = v;
    };
    put(2, { 货主: 'C001', 库区: 'A01', 来源单号: 'PO-9', 预计到货日期: '2026-12-01', 物料: 'M001', 数量: 3 });
    put(3, { 来源单号: 'PO-9', 物料: 'M002', 数量: 4 });
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const { rows } = await parseImport(file, 'booking.xlsx', importSheetOf(orderisinstockbill), 'zh');
    const { bills } = groupImportRows(orderisinstockbill, rows, 'zh', TODAY);
    expect(bills).toHaveLength(1);
    expect(bills[0]!.content).toMatchObject({ customerCode: 'C001', warehouseAreaCode: 'A01', sourceBillNo: 'PO-9', planDate: '2026-12-01', details: [{ materialCode: 'M001', qty: 3 }, { materialCode: 'M002', qty: 4 }] });
  });

  it('is offered only where the description opts in', () => {
    expect(orderisinstockbill.import).toBe(true);
    expect(orderosoutstockbill.import).toBe(true);
    expect((isinstockbill as { import?: unknown }).import).toBeUndefined();
  });
});
