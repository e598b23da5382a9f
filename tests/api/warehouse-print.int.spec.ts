import { execFileSync } from 'node:child_process';
import { temporarypackagebill } from '@tpl/contracts';
import path from 'node:path';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Printing through the API on a real store, each PDF read back as text (pdf.js): receipt labels
 * of an inbound bill (barcode text, the material's Chinese name, one label per pallet) under
 * the print-quantity rules (corrected, refused, recorded per line so a line is never labelled
 * twice over), behind the `_print` button; the picking list of an allocated outbound bill
 * listing the rows it holds by place; the delivery note once shipped; the allocation slip of
 * an allocate bill once confirmed; scan mode's task read.
 */
type Result = { id: string; billNo: string; version: number; state: string };
const IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const ALLOCATE = '/api/bl-warehouse/allocatebill';
const READER = path.join(__dirname, 'warehouse-print.pdf-text.mjs');

/** The pages' text of a PDF, whitespace removed (pdf.js splits CJK runs into items). */
const pdfPages = (pdf: Buffer): string[] =>
  (JSON.parse(execFileSync(process.execPath, [READER], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).toString('utf8')) as string[]).map((p) => p.replace(/\s+/g, ''));

describe.each(DOMAIN_STORES)('printing on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  /** A print call: the PDF, or the error envelope. */
  const print = async (client: ApiClient, method: 'GET' | 'POST', url: string, body?: unknown, lang = 'zh-CN') => {
    const res = await fetch(`${t.url}${url}`, {
      method,
      headers: client.headers({ 'Accept-Language': lang, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status === 200) {
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      return { status: 200, pages: pdfPages(bytes), msg: '' };
    }
    return { status: res.status, pages: [], msg: String((JSON.parse(bytes.toString('utf8')) as { msg: string }).msg) };
  };
  const labels = (id: string, body: unknown, lang?: string) => print(admin, 'POST', `${IN}/print/labels?id=${id}`, body, lang);

  it('prints receipt labels with the barcode and the Chinese name, one per pallet, within what is left to label', async () => {
    const bill = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [
        { materialCode: 'M0001', batchNo: 'LB1', qty: 100, boardQty: 40, qtyWeg: 5, expiringDate: '2027-12-31' },
        { materialCode: 'M0002', batchNo: 'LB2', qty: 5, qtyWeg: 10 },
      ],
    }));
    const barcode = `${bill.billNo}-001`;

    // 60 of line 1: two pallets (40 and 20), each label with owner, material, batch, quantity, expiry and barcode
    const first = await labels(bill.id, { rows: [{ lineNumber: 1, printQty: 60 }] });
    expect(first.status).toBe(200);
    expect(first.pages).toHaveLength(2);
    for (const page of first.pages) {
      expect(page).toContain(barcode);
      expect(page).toContain('东北大米');
      expect(page).toContain('M0001');
      expect(page).toContain('LB1');
      expect(page).toContain('2027-12-31');
      expect(page).toContain('入库标签');
    }
    expect(first.pages[0]).toContain('数量:40');
    expect(first.pages[1]).toContain('数量:20');

    // 40 are left on line 1: 41 is set to 0 and refused; empty and 0 are refused, naming the line
    expect(await labels(bill.id, { rows: [{ lineNumber: 1, printQty: 41 }] }, 'en')).toMatchObject({ status: 409, msg: 'The print quantity 41 of line 1 is more than the 40 left to print; it was set to 0' });
    expect(await labels(bill.id, { rows: [{ lineNumber: 2, printQty: null }] }, 'en')).toMatchObject({ status: 409, msg: 'Line 2 has no print quantity' });
    expect(await labels(bill.id, { rows: [{ lineNumber: 2, printQty: 0 }] }, 'en')).toMatchObject({ status: 409, msg: 'The print quantity of line 2 must be greater than 0' });
    expect(await labels(bill.id, { rows: [] }, 'en')).toMatchObject({ status: 400, msg: 'Select at least one record' });

    // the whole bill: what is left of each line (40 of line 1, the 5 of line 2)
    const rest = await labels(bill.id, {});
    expect(rest.pages).toHaveLength(2);
    expect(rest.pages[0]).toContain('数量:40');
    expect(rest.pages[1]).toContain(`${bill.billNo}-002`);
    expect(rest.pages[1]).toContain('数量:5');
    // every line is labelled up to its quantity now
    expect(await labels(bill.id, { rows: [{ lineNumber: 2, printQty: 1 }] }, 'en')).toMatchObject({ status: 409, msg: 'Line 2 is labelled up to its quantity 5 already' });
    expect(await labels(bill.id, {}, 'en')).toMatchObject({ status: 409, msg: 'Every line is labelled already' });

    // the printed barcodes' screen reads every print: who, when, each line's barcode, quantity and labels
    type Entry = { seq: number; kind: string; of?: number; by: string; rows: { lineNumber: number; barcode: string; materialName: string; batchNo: string; printQty: number; labels: number }[] };
    const history = async () => data(await admin.get<Entry[]>(`${IN}/print/labels/history?id=${bill.id}`));
    const printed = await history();
    expect(printed.map((p) => [p.seq, p.kind, p.rows.map((r) => [r.lineNumber, r.barcode, r.printQty, r.labels])])).toEqual([
      [1, 'print', [[1, barcode, 60, 2]]],
      [2, 'print', [[1, barcode, 40, 1], [2, `${bill.billNo}-002`, 5, 1]]],
    ]);
    expect(printed[0]!.rows[0]).toMatchObject({ materialName: '东北大米 5kg', batchNo: 'LB1' });
    expect(printed[0]!.by).not.toBe('');
    // a reprint of the first print draws its two labels again, is recorded as such, and labels nothing more
    const again = await print(admin, 'POST', `${IN}/print/labels/reprint?id=${bill.id}&seq=1`, {});
    expect(again.status).toBe(200);
    expect(again.pages).toHaveLength(2);
    expect(again.pages[1]).toContain(barcode);
    expect(again.pages[1]).toContain('数量:20');
    expect((await history()).map((p) => [p.seq, p.kind, p.of])).toEqual([[1, 'print', undefined], [2, 'print', undefined], [3, 'reprint', 1]]);
    expect(await labels(bill.id, {}, 'en')).toMatchObject({ status: 409, msg: 'Every line is labelled already' });
    // a print that is not there (a reprint is not reprinted: its print is), and without the print button
    expect(await print(admin, 'POST', `${IN}/print/labels/reprint?id=${bill.id}&seq=3`, {}, 'en')).toMatchObject({ status: 404, msg: 'There is no print 3 of this bill' });
    expect((await print(admin, 'POST', `${IN}/print/labels/reprint?id=${bill.id}&seq=x`, {}, 'en')).status).toBe(400);

    // without the inbound bill's print button: 403, and nothing is printed
    const dispatcher = await admin.as('100001', 'dispatcher');
    expect((await print(dispatcher, 'POST', `${IN}/print/labels?id=${bill.id}`, {})).status).toBe(403);
    // not a document of the tenant: 404
    expect((await labels('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
  });

  it("a temporary package's label is printed, recorded and printed again as a reprint; every label printed is listed tenant-wide; the packages' list reads the stock", async () => {
    const PACK = '/api/bl-warehouse/packagetemporarybill';
    const UNPACK = '/api/bl-warehouse/temporarypackagebill';
    const en = { 'Accept-Language': 'en' };
    const act = async (base: string, action: string, id: string, body: Record<string, unknown> = {}) => {
      const { version } = data(await admin.get<Result>(`${base}/detail?id=${id}`));
      return data(await admin.post<Result>(`${base}/${action}`, { id, version, ...body }));
    };
    const made = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-21', customerCode: 'C002', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [{ materialCode: 'M0071', batchNo: 'PK1', qty: 8, warehousePlaceCode: 'B-02-01' }, { materialCode: 'M0072', batchNo: 'PK2', qty: 5, warehousePlaceCode: 'B-02-01' }],
    }));
    data(await admin.post(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: '2026-11-21T08:00:00.000Z' }));
    const piece = (n: number, materialCode: string, batchNo: string, qty: number) => ({ barcode: `${made.billNo}-00${n}`, materialCode, batchNo, warehousePlaceCode: 'B-02-01', qty });
    const packing = (place: string, details: unknown[]) => ({ billDate: '2026-11-24', customerCode: 'C002', warehouseAreaCode: 'SH1-B', warehousePlaceCode: place, packageType: '纸箱', details });
    const toShip = data(await admin.post<Result>(`${PACK}/submit`, packing('B-02-02', [piece(2, 'M0072', 'PK2', 5)])));
    const toOpen = data(await admin.post<Result>(`${PACK}/submit`, packing('B-02-03', [piece(1, 'M0071', 'PK1', 8)])));

    // the label: one, the package number as its barcode, with owner, location, type and content
    const label = await print(admin, 'POST', `${PACK}/print/label?id=${toShip.id}`, {});
    expect(label.status).toBe(200);
    expect(label.pages).toHaveLength(1);
    for (const words of [toShip.billNo, '临时包装标签', 'C002', 'B-02-02', '纸箱', 'M0072', 'PK2', '合计5']) expect(label.pages[0]).toContain(words);
    // printed again from the view: recorded as a reprint of the first; a reprint from the history likewise
    expect((await print(admin, 'POST', `${PACK}/print/label?id=${toShip.id}`, {})).status).toBe(200);
    expect((await print(admin, 'POST', `${PACK}/print/label/reprint?id=${toShip.id}&seq=1`, {})).status).toBe(200);
    type Entry = { seq: number; kind: string; of?: number; by: string; rows: { lineNumber: number; barcode: string; printQty: number; labels: number }[] };
    const history = data(await admin.get<Entry[]>(`${PACK}/print/label/history?id=${toShip.id}`));
    expect(history.map((p) => [p.seq, p.kind, p.of, p.rows.map((r) => [r.lineNumber, r.barcode, r.printQty, r.labels])])).toEqual([
      [1, 'print', undefined, [[0, toShip.billNo, 5, 1]]],
      [2, 'reprint', 1, [[0, toShip.billNo, 5, 1]]],
      [3, 'reprint', 1, [[0, toShip.billNo, 5, 1]]],
    ]);
    expect(await print(admin, 'POST', `${PACK}/print/label/reprint?id=${toShip.id}&seq=2`, {}, 'en')).toMatchObject({ status: 404, msg: 'There is no print 2 of this bill' });
    // without the package's print button: 403
    const dispatcher = await admin.as('100001', 'dispatcher');
    expect((await print(dispatcher, 'POST', `${PACK}/print/label?id=${toShip.id}`, {})).status).toBe(403);

    // a receipt label of an owner C001 bill, for the owners' walls below
    const c001 = data(await admin.post<Result>(`${IN}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: 'M0007', batchNo: 'LW1', qty: 3 }] }));
    expect((await labels(c001.id, {})).status).toBe(200);

    // every label printed, tenant-wide: newest first, by bill, who and when, filtered
    type Rec = { documentType: string; documentId: string; billNo: string; customerCode: string; seq: number; kind: string; of: number | null; labels: number; printedBy: string; printedByName: string; printedAt: string };
    const LIST = '/api/bl-warehouse/labelprint/list';
    const list = async (q: string, client = admin) => data(await client.get<{ records: Rec[]; total: number }>(`${LIST}?${q}`));
    const ofPackage = await list(`billNo=${toShip.billNo}`);
    expect(ofPackage.total).toBe(3);
    expect(ofPackage.records.map((r) => [r.documentType, r.billNo, r.customerCode, r.seq, r.kind, r.of, r.labels, r.printedBy])).toEqual([
      ['packagetemporarybill', toShip.billNo, 'C002', 3, 'reprint', 1, 1, 'admin'],
      ['packagetemporarybill', toShip.billNo, 'C002', 2, 'reprint', 1, 1, 'admin'],
      ['packagetemporarybill', toShip.billNo, 'C002', 1, 'print', null, 1, 'admin'],
    ]);
    expect(ofPackage.records[0]).toMatchObject({ documentId: toShip.id, printedByName: expect.any(String) });
    expect((await list(`billNo=${c001.billNo}`)).records.map((r) => [r.documentType, r.customerCode, r.kind, r.labels])).toEqual([['isinstockbill', 'C001', 'print', 1]]);
    expect((await list(`documentType=isinstockbill&billNo=${toShip.billNo}`)).total).toBe(0);
    expect((await list(`documentType=packagetemporarybill&billNo=${toShip.billNo}&printedBy=admin`)).total).toBe(3);
    expect((await list(`billNo=${toShip.billNo}&printedBy=keeper`)).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ || 'Asia/Shanghai' }).format(new Date());
    expect((await list(`billNo=${toShip.billNo}&dateFrom=${today}&dateTo=${today}`)).total).toBe(3);
    expect((await list(`billNo=${toShip.billNo}&dateFrom=2099-01-01`)).total).toBe(0);
    expect((await list(`billNo=${toShip.billNo}&dateTo=2020-01-01`)).total).toBe(0);
    // bad filters: a 400 naming the field in the caller's language
    const bad = await admin.get(`${LIST}?dateFrom=2026-13-01`, en);
    expect([bad.status, bad.body.msg]).toEqual([400, 'Printed from must be a date (yyyy-MM-dd)']);
    const backwards = await admin.get(`${LIST}?dateFrom=2026-11-02&dateTo=2026-11-01`, en);
    expect([backwards.status, backwards.body.msg]).toEqual([400, 'Printed until is out of range']);
    expect((await admin.get(`${LIST}?documentType=osoutstockbill`)).status).toBe(400);
    // who printed: the printed-by filter's choices
    expect(data(await admin.get<{ account: string; name: string }[]>('/api/bl-warehouse/labelprint/printers')).map((p) => p.account)).toContain('admin');
    // a cargo owner's user sees its own bills' prints only
    const owner = await t.client().as('100001', 'owner', 'demo123');
    expect((await list(`billNo=${toShip.billNo}`, owner)).total).toBe(0);
    expect((await list(`billNo=${c001.billNo}`, owner)).total).toBe(1);
    expect((await list('size=50', owner)).records.every((r) => r.customerCode === 'C001')).toBe(true);

    // the packages' list reads the stock: in stock at its location with its content
    type Pkg = { id: string; billNo: string; state: string; standing: string; places: string[]; qty: number; packedQty: number; goneBy: string | null; goneAt: string | null; content: { materialCode: string; batchNo: string; warehousePlaceCode: string; qty: number; djQty: number }[] };
    const packages = async (q: string, client = admin) => data(await client.get<{ records: Pkg[]; total: number }>(`${PACK}/packages?${q}`)).records;
    const one = async (p: Result) => (await packages(`billNo=${p.billNo}`))[0]!;
    expect(await one(toShip)).toMatchObject({ state: 'Draft', standing: 'draft', places: [], qty: 0 });
    await act(PACK, 'pack', toShip.id);
    await act(PACK, 'pack', toOpen.id);
    expect(await one(toShip)).toMatchObject({
      state: 'Packed', standing: 'inStock', places: ['B-02-02'], qty: 5, packedQty: 5, goneBy: null,
      content: [{ materialCode: 'M0072', batchNo: 'PK2', warehousePlaceCode: 'B-02-02', qty: 5, djQty: 0 }],
    });
    expect((await packages('standing=inStock&warehousePlaceCode=B-02-03')).map((p) => p.billNo)).toEqual([toOpen.billNo]);
    // shipped whole: allocated, then gone, with the bill that took it; the bill still reads Packed
    const out = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C002', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', details: [{ materialCode: 'M0072', qty: 5 }] }));
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: out.id, version: out.version }));
    expect(await one(toShip)).toMatchObject({ standing: 'allocated', qty: 5, content: [{ djQty: 5 }] });
    const picked = data(await admin.post<Result>(`${OUT}/pick`, { id: out.id, version: allocated.version }));
    data(await admin.post<Result>(`${OUT}/ship`, { id: out.id, version: picked.version }));
    expect(await one(toShip)).toMatchObject({ state: 'Packed', standing: 'shipped', places: [], qty: 0, packedQty: 5, goneBy: out.billNo, goneAt: expect.any(String), content: [] });
    // unpacked: opened by its unpacking bill, the pieces back under their own barcodes
    const copy = temporarypackagebill.sources.packagetemporarybill.copy;
    const unpack = data(await admin.post<Result>(`${UNPACK}/submit`, { ...copy(data(await admin.get<Record<string, unknown>>(`${PACK}/detail?id=${toOpen.id}`))), billDate: '2026-11-25', targetWarehousePlaceCode: 'B-02-01' }));
    await act(UNPACK, 'unpack', unpack.id);
    expect(await one(toOpen)).toMatchObject({ state: 'Unpacked', standing: 'unpacked', qty: 0, goneBy: unpack.billNo, content: [] });
    expect((await packages(`standing=shipped&customerCode=C002`)).map((p) => p.billNo)).toContain(toShip.billNo);
    expect((await packages(`standing=shipped&customerCode=C002`)).map((p) => p.billNo)).not.toContain(toOpen.billNo);
    // an opened package has no barcode in stock: no label
    expect(await print(admin, 'POST', `${PACK}/print/label?id=${toOpen.id}`, {}, 'en')).toMatchObject({ status: 409, msg: 'The package is Unpacked: its barcode is no longer in stock, so no label is printed' });
    // a cargo owner's user sees its own packages only; a bad filter is a 400 naming it
    expect(await packages(`billNo=${toShip.billNo}`, owner)).toEqual([]);
    const badStanding = await admin.get(`${PACK}/packages?standing=lost`, en);
    expect(badStanding.status).toBe(400);
    expect(badStanding.body.msg).toContain('Where it stands');
  });

  it('prints the picking list of an allocated outbound bill (its held rows by place) and the delivery note once shipped', async () => {
    // stock in two places, the later-received one at the earlier place
    for (const [at, place, batch] of [['2026-11-01T08:00:00.000Z', 'B-04-02', 'PA'], ['2026-11-02T08:00:00.000Z', 'B-04-01', 'PB']] as const) {
      const made = data(await admin.post<Result>(`${IN}/submit`, {
        billDate: at.slice(0, 10), customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
        details: [{ materialCode: 'M0003', batchNo: batch, qty: 6, qtyWeg: 5, warehousePlaceCode: place }],
      }));
      expect(data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: at })).state).toBe('Stored');
    }
    const bill = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', carNo: '沪A12345', details: [{ materialCode: 'M0003', qty: 10 }] }));
    const early = await print(admin, 'GET', `${OUT}/print/picking-list?id=${bill.id}`, undefined, 'en');
    expect(early).toMatchObject({ status: 409, msg: 'The bill is Draft: it holds no allocated stock to pick' });

    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: bill.version, allocatedAt: '2026-11-24T09:00:00.000Z' }));
    // the stock preparation screen's read: what was allocated from which place, batch and barcode, and where it stands
    type Prep = { warehousePlaceCode: string; batchNo: string; barcode: string; materialName: string; qty: number; status: string };
    const preparation = async () => data(await admin.get<Prep[]>(`${OUT}/preparation?id=${bill.id}`)).map((r) => [r.warehousePlaceCode, r.batchNo, r.qty, r.status]);
    expect(await preparation()).toEqual([['B-04-01', 'PB', 4, 'toPick'], ['B-04-02', 'PA', 6, 'toPick']]);
    expect(data(await admin.get<Prep[]>(`${OUT}/preparation?id=${bill.id}`))[0]).toMatchObject({ materialName: expect.any(String), barcode: expect.any(String) });
    const list = await print(admin, 'GET', `${OUT}/print/picking-list?id=${bill.id}`);
    expect(list.status).toBe(200);
    const text = list.pages.join('');
    expect(text).toContain('拣货单');
    expect(text).toContain(bill.billNo);
    // FIFO held 6 of PA (at B-04-02) and 4 of PB (at B-04-01); the list goes by place
    const rowA = text.indexOf('B-04-01');
    const rowB = text.indexOf('B-04-02');
    expect(rowA).toBeGreaterThan(-1);
    expect(rowB).toBeGreaterThan(rowA);
    expect(text.slice(rowA, rowB)).toContain('PB');
    expect(text.slice(rowA, rowB)).toContain('4');
    expect(text.slice(rowB)).toContain('PA');
    expect(text.slice(rowB)).toContain('6');
    expect(text).toContain('合计10');

    // scan mode reads the same rows to pick
    const tasks = data(await admin.get<{ tasks: { warehousePlaceCode: string; qty: number; batchNo: string }[] }>(`${OUT}/scan-tasks?billNo=${bill.billNo}&mode=pick`));
    expect(tasks.tasks.map((r) => [r.warehousePlaceCode, r.batchNo, r.qty])).toEqual([['B-04-01', 'PB', 4], ['B-04-02', 'PA', 6]]);

    expect((await print(admin, 'GET', `${OUT}/print/delivery-note?id=${bill.id}`, undefined, 'en')).status).toBe(409);
    const picked = data(await admin.post<Result>(`${OUT}/pick`, { id: bill.id, version: allocated.version, pickedAt: '2026-11-24T09:30:00.000Z' }));
    expect(await preparation()).toEqual([['B-04-01', 'PB', 4, 'picked'], ['B-04-02', 'PA', 6, 'picked']]);
    data(await admin.post<Result>(`${OUT}/ship`, { id: bill.id, version: picked.version, shippedAt: '2026-11-24T10:00:00.000Z' }));
    expect(await preparation()).toEqual([['B-04-01', 'PB', 4, 'shipped'], ['B-04-02', 'PA', 6, 'shipped']]);
    const note = await print(admin, 'GET', `${OUT}/print/delivery-note?id=${bill.id}`);
    expect(note.status).toBe(200);
    const noteText = note.pages.join('');
    expect(noteText).toContain('送货单');
    expect(noteText).toContain('M0003');
    expect(noteText).toContain('沪A12345');
    expect(noteText).toContain('合计100.05');
    // no receiver on the bill nor an order: the goods go to the owner, named with its contact and address
    expect(noteText).toContain('收货人:上海安可食品有限公司李雷');
    expect(noteText).toContain('收货人电话:13800138000');
    expect(noteText).toContain('收货地址:上海市工业园区01号');
    expect(noteText).toContain('装车单号:-');
    // nothing is held once shipped
    expect((await print(admin, 'GET', `${OUT}/print/picking-list?id=${bill.id}`)).status).toBe(409);
  });

  it("prints on the delivery note what the receiver needs: the order's consignee, and the load's plate, dock and number", async () => {
    const ORDER = '/api/bl-warehouse/orderosoutstockbill';
    const LOAD = '/api/bl-warehouse/loadbill';
    const made = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [{ materialCode: 'M0007', batchNo: 'DN1', qty: 12, qtyWeg: 6, warehousePlaceCode: 'B-05-02' }],
    }));
    data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const order = data(await admin.post<Result>(`${ORDER}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', planDate: '2026-11-25',
      receiverName: '王芳', receiverMobile: '13988887777', receiverAddress: '上海市静安区南京西路88号', details: [{ materialCode: 'M0007', qty: 12 }],
    }));
    data(await admin.post<Result>(`${ORDER}/audit`, { id: order.id, version: order.version }));
    // the bill names its order, not the receiver: the order's receiver is the consignee
    const bill = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL', applyNo: order.billNo, details: [{ materialCode: 'M0007', qty: 12 }] }));
    const allocated = data(await admin.post<Result>(`${OUT}/allocate`, { id: bill.id, version: bill.version }));
    data(await admin.post<Result>(`${OUT}/pick`, { id: bill.id, version: allocated.version }));
    const load = data(await admin.post<Result>(`${LOAD}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-B', carNo: '沪A12345', platformNumber: 'D3', details: [{ osBillNo: bill.billNo, packages: 12 }] }));
    const started = data(await admin.post<Result>(`${LOAD}/start-loading`, { id: load.id, version: load.version }));
    const loaded = data(await admin.post<Result>(`${LOAD}/finish-loading`, { id: load.id, version: started.version }));
    // shipped now (a step is never dated before the one it follows: the loading ended now)
    // (to the second, not before the loading ended)
    const shippedAt = new Date(Math.ceil(Date.now() / 1000) * 1000);
    data(await admin.post<Result>(`${LOAD}/ship`, { id: load.id, version: loaded.version, shippedAt: shippedAt.toISOString() }));

    // the load's vehicle, dock and number are the bill's now (its list row and detail say so)
    expect(data(await admin.get<Record<string, unknown>>(`${OUT}/detail?id=${bill.id}`))).toMatchObject({ state: 'Shipped', carNo: '沪A12345', platformNumber: 'D3', loadingOrderNumber: load.billNo });
    const note = await print(admin, 'GET', `${OUT}/print/delivery-note?id=${bill.id}`);
    expect(note.status).toBe(200);
    const text = note.pages.join('');
    for (const [label, value] of [['收货人', '王芳'], ['收货人电话', '13988887777'], ['收货地址', '上海市静安区南京西路88号'], ['车牌号', '沪A12345'], ['月台号', 'D3'], ['装车单号', load.billNo]]) {
      expect([label, text.includes(`${label}:${value}`)]).toEqual([label, true]);
    }
    // the owner is named as the owner, and its address is not given as where the goods go
    expect(text).toContain('货主:C001安可食品');
    expect(text).not.toContain('上海市工业园区01号');
    // times in the operator's business time zone (Asia/Shanghai), named on the paper
    // the shipment's time in the business's time zone (UTC+8), to the second the server recorded
    const [, day, time] = /出库时间:(\d{4}-\d{2}-\d{2})(\d{2}:\d{2}:\d{2})/.exec(text) ?? [];
    expect(Math.abs(Date.parse(`${day}T${time}+08:00`) - shippedAt.getTime())).toBeLessThanOrEqual(2_000);
    expect(text).toContain('Asia/Shanghai');

    // in English too, every label from the words
    const en = (await print(admin, 'GET', `${OUT}/print/delivery-note?id=${bill.id}`, undefined, 'en')).pages.join('');
    for (const piece of ['Consignee:王芳', 'Consigneephone:13988887777', 'Loadbill:', 'Platenumber:沪A12345', 'Dock:D3']) expect([piece, en.includes(piece)]).toEqual([piece, true]);
    // the delivery notice (DN) of the shipped bill, the paper the driver carries: what it announces, never more than shipped
    const DN = '/api/bl-warehouse/osnoticedeliverybill';
    const notice = { billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', outBillNo: bill.billNo, receiverName: '王芳', expectedDate: '2099-01-02' };
    const over = await admin.post(`${DN}/submit`, { ...notice, details: [{ materialCode: 'M0007', batchNo: 'DN1', qty: 13 }] }, { 'Accept-Language': 'en' });
    expect([over.status, over.body.msg]).toEqual([409, 'Material "M0007": 13 announced, more than the 12 shipped']);
    const dn = data(await admin.post<Result>(`${DN}/submit`, { ...notice, details: [{ materialCode: 'M0007', batchNo: 'DN1', qty: 12 }] }));
    expect(dn.billNo).toMatch(/^DN/);
    const twice = await admin.post(`${DN}/submit`, { ...notice, details: [{ materialCode: 'M0007', qty: 1 }] }, { 'Accept-Language': 'en' });
    expect([twice.status, twice.body.msg]).toEqual([409, `Outbound bill "${bill.billNo}" already has delivery notice "${dn.billNo}": cancel it before making another`]);
    expect((await print(admin, 'GET', `${DN}/print/notice?id=${dn.id}`, undefined, 'en')).msg).toBe('The delivery notice is Draft: it is printed once it is issued');
    const issued = data(await admin.post<Result>(`${DN}/issue`, { id: dn.id, version: dn.version }));
    const paper = (await print(admin, 'GET', `${DN}/print/notice?id=${dn.id}`)).pages.join('');
    for (const piece of ['发货通知单', dn.billNo, `出库单号:${bill.billNo}`, '预计到货日期:2099-01-02', '收货人:王芳', '车牌号:沪A12345', 'M0007', '合计12']) expect([piece, paper.includes(piece)]).toEqual([piece, true]);
    // expected far ahead: a receipt now is an early one, after the spec's confirmation
    const onTime = await admin.post(`${DN}/receive`, { id: dn.id, version: issued.version }, { 'Accept-Language': 'en' });
    expect([onTime.status, onTime.body.msg]).toEqual([409, `Delivery notice "${dn.billNo}" is expected on 2099-01-02: before then, receive it early`]);
    expect(data(await admin.post<Result>(`${DN}/receive-early`, { id: dn.id, version: issued.version })).state).toBe('ReceivedEarly');
    expect((await print(admin, 'GET', `${DN}/print/notice?id=${dn.id}`)).status).toBe(200);
  });

  it('prints the allocation slip of a confirmed allocate bill: both warehouses by name, the rows with batch and expiry, a column for what arrived', async () => {
    const made = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-20', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL',
      details: [{ materialCode: 'M0001', batchNo: 'DS1', qty: 9, warehousePlaceCode: 'A-05-04', expiringDate: '2027-08-31' }],
    }));
    data(await admin.post<Result>(`${IN}/receive`, { id: made.id, version: made.version, receivedAt: '2026-11-20T08:00:00.000Z' }));
    const bill = data(await admin.post<Result>(`${ALLOCATE}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', targetWarehouseAreaCode: 'SZ1-A', carNo: '沪B54321',
      details: [{ barcode: `${made.billNo}-001`, materialCode: 'M0001', batchNo: 'DS1', warehousePlaceCode: 'A-05-04', qty: 7 }],
    }));
    expect(await print(admin, 'GET', `${ALLOCATE}/print/slip?id=${bill.id}`, undefined, 'en')).toMatchObject({ status: 409, msg: 'The allocate bill is Draft: its slip is printed once it is confirmed' });
    data(await admin.post<Result>(`${ALLOCATE}/confirm`, { id: bill.id, version: bill.version }));
    const slip = await print(admin, 'GET', `${ALLOCATE}/print/slip?id=${bill.id}`);
    expect(slip.status).toBe(200);
    const text = slip.pages.join('');
    for (const said of ['调拨单', bill.billNo, 'SH1-AA区常温', 'SZ1-A苏州A区常温', '沪B54321', 'A-05-04', 'M0001', '东北大米', 'DS1', '2027-08-31', '合计7', '调入仓签字']) expect(text).toContain(said);
  });

  it("scan mode's read: an inbound bill's lines to receive, then what is left at the dock to put away", async () => {
    const bill = data(await admin.post<Result>(`${IN}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-B', stockType: 'NORMAL',
      details: [{ materialCode: 'M0004', batchNo: 'S1', qty: 8, qtyWeg: 5 }],
    }));
    const toReceive = data(await admin.get<{ state: string; tasks: unknown[] }>(`${IN}/scan-tasks?billNo=${bill.billNo}&mode=receive`));
    expect(toReceive).toMatchObject({ state: 'Draft', tasks: [{ lineNumber: 1, barcode: `${bill.billNo}-001`, materialCode: 'M0004', qty: 8 }] });
    expect((await admin.get(`${IN}/scan-tasks?billNo=${bill.billNo}&mode=putaway`, { 'Accept-Language': 'en' })).body.msg).toBe(`Bill "${bill.billNo}" is Draft: there is nothing to scan on it`);
    const received = data(await admin.post<Result>(`${IN}/receive`, { id: bill.id, version: bill.version }));
    await admin.post(`${IN}/put-away`, { id: bill.id, version: received.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'B-05-01', qty: 3 }] });
    const toPut = data(await admin.get<{ state: string; tasks: { qty: number }[] }>(`${IN}/scan-tasks?billNo=${bill.billNo}&mode=putaway`));
    // what is left, and what was put away before (so a phone reopening the bill shows its progress)
    expect(toPut).toMatchObject({ state: 'PuttingAway', tasks: [{ lineNumber: 1, qty: 5, doneQty: 3 }] });
    expect((await admin.get(`${IN}/scan-tasks?billNo=NOPE&mode=receive`)).status).toBe(404);
  });
});
