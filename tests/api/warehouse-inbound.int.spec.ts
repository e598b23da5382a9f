import { isinstockbill, isrecbill, orderisinstockbill } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';
import { flowOf } from './flow-support';

/**
 * Inbound end to end through the API on a real store: a booked inbound, receipts against it
 * in parts (over-receipt refused by the booking's own wall, nothing half-written), stock at
 * the dock with the inbound fee flags, put-away suggestions and put-away to the places, the
 * booking and the bill following, and removal refused once goods are in stock.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Stock = { records: { warehousePlaceCode: string; qty: number; barcode: string; batchNo: string }[]; total: number };
const BOOK = '/api/bl-warehouse/orderisinstockbill';
const BILL = '/api/bl-warehouse/isinstockbill';

describe.each(DOMAIN_STORES)('inbound on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  const stock = async (q: string) => data(await admin.get<Stock>(`/api/bl-warehouse/stock/list?customerCode=C001&${q}`));

  it('receives a booking in parts, refuses over-receipt, puts away by suggestion and follows every state', async () => {
    const booked = data(await admin.post<Result>(`${BOOK}/submit`, {
      billDate: '2026-11-23', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', planDate: '2026-11-24',
      details: [{ materialCode: 'M0002', batchNo: 'IB1', qty: 10, qtyWeg: 10, boardQty: 4, volume: 1 }],
    }));
    expect(booked.billNo).toMatch(/^YR/);
    const audited = data(await admin.post<Result>(`${BOOK}/audit`, { id: booked.id, version: booked.version }));
    expect(audited.state).toBe('Audited');

    const bill = (qty: number) => ({
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', applyNo: booked.billNo,
      details: [{ materialCode: 'M0002', batchNo: 'IB1', qty, qtyWeg: 10, volume: qty * 0.1 }],
    });
    // first part: 6 of 10
    const first = data(await admin.post<Result>(`${BILL}/submit`, bill(6)));
    const received = data(await admin.post<Result>(`${BILL}/receive`, { id: first.id, version: first.version, receivedAt: '2026-11-24T08:00:00.000Z' }));
    expect(received.state).toBe('Received');
    expect(data(await admin.get<Record<string, unknown>>(`${BOOK}/detail?id=${booked.id}`))).toMatchObject({ state: 'Receiving', totals: { receivedQty: 6 } });
    const atDock = await stock('materialCode=M0002&batchNo=IB1');
    expect(atDock.records).toEqual([expect.objectContaining({ warehousePlaceCode: 'RECV-SH1-A', qty: 6, barcode: `${first.billNo}-001` })]);
    const stream = data(await admin.get<{ records: { instockStatus: number; isCost: number; billNo: string }[] }>(`/api/bl-warehouse/stockstream/list?billNo=${first.billNo}`));
    expect(stream.records).toEqual([expect.objectContaining({ instockStatus: 1, isCost: 1, billNo: first.billNo })]);

    // second part: 5 more would be 11 of 10: the booking refuses, and nothing of the bill's receipt stays
    const over = data(await admin.post<Result>(`${BILL}/submit`, bill(5)));
    const refused = await admin.post(`${BILL}/receive`, { id: over.id, version: over.version }, { 'Accept-Language': 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Over-receipt of material "M0002": 10 booked, 6 received, 5 now');
    expect(data(await admin.get<Record<string, unknown>>(`${BILL}/detail?id=${over.id}`))).toMatchObject({ state: 'Draft', version: 1 });
    expect((await stock('materialCode=M0002&batchNo=IB1')).records.map((r) => r.qty)).toEqual([6]);

    // the rest: 4 completes the booking
    const rest = data(await admin.post<Result>(`${BILL}/submit`, bill(4)));
    await admin.post(`${BILL}/receive`, { id: rest.id, version: rest.version });
    expect(data(await admin.get<Record<string, unknown>>(`${BOOK}/detail?id=${booked.id}`))).toMatchObject({ state: 'Received', totals: { receivedQty: 10 } });

    // put-away: suggested places are in the area, free for the owner, within capacity
    const plan = data(await admin.get<{ dock: string; placements: { lineNumber: number; warehousePlaceCode: string; qty: number }[]; unplaced: unknown[] }>(
      `${BILL}/putawaySuggestions?id=${first.id}`,
    ));
    expect(plan.dock).toBe('RECV-SH1-A');
    expect(plan.placements.reduce((s, p) => s + p.qty, 0)).toBe(6);
    expect(plan.placements.every((p) => p.warehousePlaceCode.startsWith('A-'))).toBe(true);
    // a reserved place of another owner's zone is refused
    const wrong = await admin.post(`${BILL}/put-away`, { id: first.id, version: received.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'C-01-01', qty: 1 }] }, { 'Accept-Language': 'en' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.msg).toContain('C-01-01');
    const partly = data(await admin.post<Result>(`${BILL}/put-away`, { id: first.id, version: received.version, placements: [plan.placements[0]!].map((p) => ({ ...p, qty: 1 })) }));
    expect(partly.state).toBe('PuttingAway');
    const tooMuch = await admin.post(`${BILL}/put-away`, { id: first.id, version: partly.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-02', qty: 6 }] });
    expect(tooMuch.status).toBe(409);
    const done = data(await admin.post<Result>(`${BILL}/put-away`, { id: first.id, version: partly.version, placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01-02', qty: 5 }] }));
    expect(done.state).toBe('Stored');
    const placed = await stock(`materialCode=M0002&batchNo=IB1&barcode=${first.billNo}-001`);
    const byPlace = Object.fromEntries(placed.records.filter((r) => r.qty > 0).map((r) => [r.warehousePlaceCode, r.qty]));
    expect(Object.values(byPlace).reduce((s, q) => s + q, 0)).toBe(6);
    expect(byPlace['RECV-SH1-A']).toBeUndefined();

    // once goods are in stock neither document can be removed: the spec's message
    const removal = await admin.post(`${BILL}/remove?ids=${first.id}`, {}, { 'Accept-Language': 'en' });
    expect(removal.status).toBe(409);
    expect(removal.body.msg).toBe('Shipped storage documents cannot be deleted.');
    expect((await admin.post(`${BOOK}/remove?ids=${booked.id}`)).status).toBe(409);
  });

  it('an inbound bill configured for review is approved before it receives: no stock until then', async () => {
    data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'isinstockbill', processKey: 'consignment_review', enabled: true }));
    try {
      const made = data(await admin.post<Result>(`${BILL}/submit`, {
        billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0052', batchNo: 'RV', qty: 2, warehousePlaceCode: 'A-02-01' }],
      }));
      expect(data(await admin.get<Record<string, unknown>>(`${BILL}/detail?id=${made.id}`))).toMatchObject({ isReview: 1 });
      const early = await admin.post(`${BILL}/receive`, { id: made.id, version: made.version }, { 'Accept-Language': 'en' });
      expect(early.status).toBe(409);
      const submitted = data(await admin.post<Result>(`${BILL}/submit-review`, { id: made.id, version: made.version }));
      expect(submitted.state).toBe('InReview');
      await flowOf(t).drain();
      expect(await stock('materialCode=M0052')).toMatchObject({ total: 0 });
      const approver = await t.client().as('100001', 'approver');
      const task = data(await approver.get<{ records: { taskId: string; businessKey: string }[] }>('/api/bl-flow/work/claim-list?size=50')).records.find((x) => x.businessKey === made.id);
      expect(task).toBeDefined();
      data(await approver.post('/api/bl-flow/work/claim-task', { taskId: task!.taskId }));
      data(await approver.post('/api/bl-flow/work/complete-task', { taskId: task!.taskId, comment: 'ok' }));
      await flowOf(t).drain();
      const audited = data(await admin.get<Result & { isReview: number }>(`${BILL}/detail?id=${made.id}`));
      expect(audited).toMatchObject({ state: 'Audited', isReview: 2 });
      const received = data(await admin.post<Result>(`${BILL}/receive`, { id: made.id, version: audited.version }));
      expect(received.state).toBe('Stored');
      expect((await stock('materialCode=M0052')).records.map((r) => r.qty)).toEqual([2]);
    } finally {
      data(await admin.post('/api/bl-flow/review-config/submit', { documentType: 'isinstockbill', processKey: 'consignment_review', enabled: false }));
    }
  });

  it('a purchase apply is booked in parts, only its remainder offered and no more taken; a receipt bill counts the booking and its inbound bill receives the sound goods, once', async () => {
    const APPLY = '/api/bl-warehouse/purchaseapplybill';
    const REC = '/api/bl-warehouse/isrecbill';
    type Doc = Record<string, unknown> & { id: string; billNo: string; version: number; state: string; details: Record<string, number>[] };
    const detail = async (base: string, id: string) => data(await admin.get<Doc>(`${base}/detail?id=${id}`));
    const pa = data(await admin.post<Result>(`${APPLY}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', supplierCode: 'S001', planDate: '2026-11-26',
      details: [{ materialCode: 'M0002', batchNo: 'PA1', qty: 10, price: 12.35 }, { materialCode: 'M0007', qty: 3, price: 0.1 }],
    }));
    expect(data(await admin.post<Result>(`${APPLY}/audit`, { id: pa.id, version: pa.version })).state).toBe('Approved');
    expect(await detail(APPLY, pa.id)).toMatchObject({ totals: { qty: 13, amount: 123.8 }, details: [{ amount: 123.5 }, { amount: 0.3 }] });
    /** A booking made from the apply as the console makes it (its copy), the lines' quantities given. */
    const book = async (qty: (left: number) => number) => {
      const copied = orderisinstockbill.sources!.purchaseapplybill!.copy(await detail(APPLY, pa.id));
      const details = (copied.details as { qty: number }[]).map((l) => ({ ...l, qty: qty(l.qty) }));
      return data(await admin.post<Result>(`${BOOK}/submit`, { billDate: '2026-11-24', ...copied, details }));
    };

    // 6 of line 1 and 1 of line 2 booked: partly booked, what is left is what the next copy offers
    const first = await book((left) => (left === 10 ? 6 : 1));
    const firstAudited = data(await admin.post<Result>(`${BOOK}/audit`, { id: first.id, version: first.version }));
    expect(await detail(APPLY, pa.id)).toMatchObject({ state: 'Booking', details: [{ bookedQty: 6 }, { bookedQty: 1 }] });
    expect(orderisinstockbill.sources!.purchaseapplybill!.copy(await detail(APPLY, pa.id)).details).toMatchObject([{ materialCode: 'M0002', qty: 4, applyLineNumber: 1 }, { materialCode: 'M0007', qty: 2, applyLineNumber: 2 }]);

    // one more than is left of line 1: refused naming the figures, nothing taken
    const over = await book((left) => left + 1);
    const refused = await admin.post(`${BOOK}/audit`, { id: over.id, version: over.version }, { 'Accept-Language': 'en' });
    expect([refused.status, refused.body.msg]).toEqual([409, 'Material "M0002" beyond its purchase apply: 10 applied for, 6 booked, 5 now']);
    expect((await detail(APPLY, pa.id)).details.map((l) => l.bookedQty)).toEqual([6, 1]);

    // the remainder completes it: fully booked, nothing more offered
    const rest = await book((left) => left);
    data(await admin.post<Result>(`${BOOK}/audit`, { id: rest.id, version: rest.version }));
    expect(await detail(APPLY, pa.id)).toMatchObject({ state: 'Booked', details: [{ bookedQty: 10 }, { bookedQty: 3 }] });
    // the first booking cancelled before any goods came: its part is given back
    data(await admin.post<Result>(`${BOOK}/cancel`, { id: first.id, version: firstAudited.version, reason: '供应商延期' }));
    expect(await detail(APPLY, pa.id)).toMatchObject({ state: 'Booking', details: [{ bookedQty: 4 }, { bookedQty: 2 }] });

    // the dock counts the remainder booking (4 of M0002, 2 of M0007): 4 counted of which 1 damaged, 1 short
    const booking = await detail(BOOK, rest.id);
    const expecting = isrecbill.sources!.orderisinstockbill!.copy(booking);
    const counts = [{ countedQty: 4, damagedQty: 1, remark: '外箱压损' }, { countedQty: 1 }];
    const countLines = (expecting.details as Record<string, unknown>[]).map((l, i) => ({ ...l, ...counts[i] }));
    // more damaged than counted is the person's mistake: a 400 on the field, in their language
    const bad = await admin.post(`${REC}/submit`, { billDate: '2026-11-25', ...expecting, details: countLines.map((l, i) => (i === 1 ? { ...l, damagedQty: 2 } : l)) }, { 'Accept-Language': 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Damaged cannot be more than the counted quantity');
    const rec = data(await admin.post<Result>(`${REC}/submit`, { billDate: '2026-11-25', ...expecting, details: countLines }));
    expect(await detail(REC, rec.id)).toMatchObject({ details: [{ qty: 4, diffQty: 0, variance: 'DAMAGED' }, { qty: 2, diffQty: -1, variance: 'SHORT' }] });
    const confirmed = data(await admin.post<Result>(`${REC}/confirm`, { id: rec.id, version: rec.version }));
    expect(confirmed.state).toBe('Confirmed');
    // no stock from a count
    expect((await stock('materialCode=M0002&batchNo=PA1')).records).toEqual([]);

    // the inbound bill made from it takes the sound goods (3 and 1) and receives them against the booking
    const made = isinstockbill.sources!.isrecbill!.copy(await detail(REC, rec.id));
    expect(made.details).toMatchObject([{ materialCode: 'M0002', batchNo: 'PA1', qty: 3 }, { materialCode: 'M0007', qty: 1 }]);
    const bill = data(await admin.post<Result>(`${BILL}/submit`, { billDate: '2026-11-25', ...made }));
    data(await admin.post<Result>(`${BILL}/receive`, { id: bill.id, version: bill.version, receivedAt: '2026-11-25T08:00:00.000Z' }));
    expect((await stock('materialCode=M0002&batchNo=PA1')).records.map((r) => r.qty)).toEqual([3]);
    expect(await detail(BOOK, rest.id)).toMatchObject({ state: 'Receiving', details: [{ receivedQty: 3 }, { receivedQty: 1 }] });
    expect(await detail(REC, rec.id)).toMatchObject({ state: 'Received', lastInbound: { inBillNo: bill.billNo } });
    // a second bill from the same count is refused when it would receive
    const twice = data(await admin.post<Result>(`${BILL}/submit`, { billDate: '2026-11-25', ...made, details: [{ ...(made.details as Record<string, unknown>[])[1] }] }));
    const again = await admin.post(`${BILL}/receive`, { id: twice.id, version: twice.version }, { 'Accept-Language': 'en' });
    expect([again.status, again.body.msg]).toEqual([409, `Receipt bill "${rec.billNo}" is Received: an inbound bill receives a confirmed receipt bill not yet received`]);
  });

  it('a booking of another owner, or goods it does not name, are refused at receipt', async () => {
    const booked = data(await admin.post<Result>(`${BOOK}/submit`, {
      billDate: '2026-11-23', customerCode: 'C002', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', planDate: '2026-11-24',
      details: [{ materialCode: 'M0002', qty: 3 }],
    }));
    await admin.post(`${BOOK}/audit`, { id: booked.id, version: booked.version });
    const made = data(await admin.post<Result>(`${BILL}/submit`, {
      billDate: '2026-11-24', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', applyNo: booked.billNo, details: [{ materialCode: 'M0002', qty: 1 }],
    }));
    const refused = await admin.post(`${BILL}/receive`, { id: made.id, version: made.version }, { 'Accept-Language': 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('belongs to cargo owner "C002"');
  });
  it('the owner’s customer strategy governs the put-away suggestion before the material’s: no batches mixed keeps a new batch off the places of another', async () => {
    type Plan = { placements: { lineNumber: number; warehousePlaceCode: string; qty: number }[] };
    const receivedBill = async (batchNo: string) => {
      const made = data(await admin.post<Result>(`${BILL}/submit`, {
        billDate: '2026-11-25', customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', details: [{ materialCode: 'M0003', batchNo, qty: 2, qtyWeg: 1, volume: 0.2 }],
      }));
      return data(await admin.post<Result>(`${BILL}/receive`, { id: made.id, version: made.version }));
    };
    const suggested = async (id: string) => data(await admin.get<Plan>(`${BILL}/putawaySuggestions?id=${id}`)).placements.map((p) => p.warehousePlaceCode);
    // batch CS1 stored at the first place suggested for it
    const first = await receivedBill('CS1');
    const [place] = await suggested(first.id);
    data(await admin.post<Result>(`${BILL}/put-away`, { id: first.id, version: first.version, placements: [{ lineNumber: 1, warehousePlaceCode: place!, qty: 2 }] }));
    // batch CS2: the material's own strategy consolidates, so the same material's place comes first
    const second = await receivedBill('CS2');
    expect((await suggested(second.id))[0]).toBe(place);
    // the owner's rule for this material: batches may not share a location (mixMaterialFlag set, mixBatchFlag not)
    const rule = data(await admin.post<{ id: string }>('/api/bl-basic/customstrategy/submit', {
      code: 'CS-NOMIX', name: 'No mixed batches', customerCode: 'C001', materialCode: 'M0003', mixMaterialFlag: 1, mixBatchFlag: 0, priority: 1,
    }));
    try {
      const now = await suggested(second.id);
      expect(now.length).toBeGreaterThan(0);
      expect(now).not.toContain(place);
    } finally {
      await admin.post(`/api/bl-basic/customstrategy/remove?ids=${rule.id}`);
    }
    expect((await suggested(second.id))[0]).toBe(place);
  });

  it('a tenant’s override of a message is what its users’ 400 says, placeholders filled; another tenant keeps the words; an edit shows at once', async () => {
    const platform = await t.client().as('000000', 'admin', 'admin');
    const refusal = async (c: ApiClient, lang = 'zh-CN') => {
      const r = await c.post('/api/bl-basic/customstrategy/submit', { name: 'x', customerCode: 'C001' }, { 'Accept-Language': lang });
      expect(r.status).toBe(400);
      return r.body.msg;
    };
    expect(await refusal(admin)).toBe('请输入策略编码');
    const override = data(await admin.post<{ id: string; version: number }>('/api/bl-system/errormsginfo/submit', { code: 'validation.required', zhText: '{{label}}必须填写', enText: '{{label}} is a must' }));
    try {
      expect(await refusal(admin)).toBe('策略编码必须填写');
      expect(await refusal(admin, 'en')).toBe('Strategy code is a must');
      // a language the override leaves empty keeps the words
      expect(await refusal(admin, 'zh-TW')).toBe('請輸入策略編碼');
      // another tenant's users: the words
      const other = await platform.post('/api/bl-system/errormsginfo/submit', { zhText: 'x' }, { 'Accept-Language': 'zh-CN' });
      expect(other.status).toBe(400);
      expect(other.body.msg).toBe('请输入消息编码');
      // the catalogue shows the words' default beside the override
      const row = data(await admin.get<Record<string, unknown>>(`/api/bl-system/errormsginfo/detail?id=${override.id}`));
      expect(row).toMatchObject({ code: 'validation.required', defaultZh: '请输入{{label}}', defaultEn: 'Please input {{label}}', zhText: '{{label}}必须填写' });
      // edited: the next answer says the new text (the cache was dropped)
      data(await admin.post('/api/bl-system/errormsginfo/submit', { id: override.id, version: override.version, code: 'validation.required', zhText: '缺少{{label}}' }));
      expect(await refusal(admin)).toBe('缺少策略编码');
    } finally {
      await admin.post(`/api/bl-system/errormsginfo/remove?ids=${override.id}`);
    }
    expect(await refusal(admin)).toBe('请输入策略编码');
  });
});
