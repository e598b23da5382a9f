import { runAsSystem } from '@tpl/event-store';
import type { Consignment, ConsignmentListRow, HistoryEntry, Page } from '@tpl/contracts';
import { consignmentDocument } from '@tpl/contracts';
import { DOC_LIST, DocumentService } from '@tpl/documents';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { seedCustomers, seedRecords, startTestHost, type TestHost } from '../support/host';
import { seedTransportFleet, walkOrderToSigned } from '../support/transport-chain';
import { TransportChain } from '@tpl/transport';

type Result = { id: string; billNo: string; version: number; state: string };
const C = '/api/bl-transport/consignment';

describe.each(DOMAIN_STORES)('consignment API on %s store', (kind) => {
  let t: TestHost;
  let dispatcher: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind);
    dispatcher = await t.client().as('100001', 'dispatcher');
    await seedTransportFleet(t);
  }, 300_000);
  afterAll(async () => t?.stop());

  const create = async (overrides: Record<string, unknown> = {}) => data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput(overrides)));

  it('walks a consignment from draft to signed delivery, and the auditor replays it', async () => {
    const created = await create();
    expect(created).toMatchObject({ state: 'Draft', version: 1 });
    expect(created.billNo).toMatch(/^TY\d{8}\d{5}$/);
    const { id } = created;

    let v = data(await dispatcher.post<Result>(`${C}/audit?id=${id}&version=1`)).version;
    // its dispatch step accepts it into a note; the note walks the chain (issue 14) and the order follows it
    const accepted = data(await dispatcher.post<Result>(`${C}/dispatch`, { id, version: v, ...dispatchInput }));
    expect(accepted).toMatchObject({ state: 'Accepted', version: 3 });
    await walkOrderToSigned(dispatcher, id, '沪A10001', 'L01', 'Han Mei');
    await t.host.app.get(TransportChain).drain();

    const auditor = await t.client().as('100001', 'auditor');
    const doc = data(await auditor.get<Consignment>(`${C}/detail?id=${id}`));
    expect(doc).toMatchObject({
      state: 'Signed',
      version: 7,
      signer: 'Han Mei',
      totals: { qty: 15, weg: 136, volume: 0.7, packages: 15 },
    });

    const history = data(await auditor.get<HistoryEntry[]>(`${C}/history?id=${id}`));
    expect(history.map((h) => [h.version, h.type])).toEqual([
      [1, 'ConsignmentCreated'],
      [2, 'ConsignmentAudited'],
      [3, 'ConsignmentAccepted'],
      [4, 'ConsignmentDispatched'],
      [5, 'ConsignmentLoaded'],
      [6, 'ConsignmentArrived'],
      [7, 'ConsignmentSigned'],
    ]);
    for (const h of history) {
      expect(h.actor).toMatchObject({ account: 'dispatcher', name: '杜晓娜' });
      expect(h.correlationId).toBeTruthy();
      expect(h.causationId).toBeTruthy();
      expect(new Date(h.time).getTime()).not.toBeNaN();
    }

    // the document as it was after event 4 (following its note onto a vehicle), then after event 1 (the draft)
    expect(data(await auditor.get<Consignment>(`${C}/detail?id=${id}&version=4`))).toMatchObject({ state: 'Dispatched', version: 4 });
    const draft = data(await auditor.get<Consignment>(`${C}/detail?id=${id}&version=1`));
    expect(draft).toMatchObject({ state: 'Draft', version: 1 });
    expect(draft.dispatch).toBeUndefined();
    expect((await auditor.get(`${C}/detail?id=${id}&version=8`)).status).toBe(404);

    // the auditor reads but may not change anything
    const refused = await auditor.post(`${C}/cancel`, { id, version: 7 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, success: false, data: null });
  });

  it('edits only drafts and records the field-level change', async () => {
    const { id } = await create();
    const changed = data(
      await dispatcher.post<Result>(`${C}/submit`, {
        id,
        version: 1,
        ...consignmentInput({ consignee: { name: 'Fresh Mart Pudong', linkman: 'Han Mei', mobile: '13900139001', address: 'No. 9 Market Street, Shanghai' } }),
      }),
    );
    expect(changed.version).toBe(2);
    const history = data(await dispatcher.get<HistoryEntry[]>(`${C}/history?id=${id}`));
    expect(history[1]).toMatchObject({ type: 'ConsignmentChanged', data: { changes: { 'consignee.mobile': ['13900139000', '13900139001'] } } });

    data(await dispatcher.post(`${C}/audit`, { id, version: 2 }));
    const edit = await dispatcher.post(`${C}/submit`, { id, version: 3, ...consignmentInput() });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toContain('Audited');
    expect(edit.body.msg).toContain('Edit');
  });

  it('answers 409 naming the state and the action for a forbidden transition, in the user language', async () => {
    const { id } = await create();
    // a draft cannot be accepted into notes before it is audited
    const r = await dispatcher.post(`${C}/dispatch`, { id, version: 1 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 409, success: false, data: null, msg: 'The document is "Draft"; "Dispatch" is not allowed' });
    const zh = await dispatcher.post(`${C}/dispatch`, { id, version: 1 }, { 'Accept-Language': 'zh-CN' });
    expect(zh.body.msg).toBe('单据当前状态为「草稿」，不能执行「派车」');
  });

  it('answers 409 to a stale version and keeps nothing of it', async () => {
    const { id } = await create();
    data(await dispatcher.post(`${C}/audit`, { id, version: 1 }));
    const stale = await dispatcher.post(`${C}/cancel`, { id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/changed by someone else/);
    const history = data(await dispatcher.get<HistoryEntry[]>(`${C}/history?id=${id}`));
    expect(history).toHaveLength(2);
  });

  it('answers 400 naming the field, in the user language', async () => {
    const bad = consignmentInput({ consignee: { name: 'X', linkman: 'Y', mobile: '1390013900', address: 'Z' } });
    const en = await dispatcher.post(`${C}/submit`, bad);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, success: false, data: null, msg: 'Consignee mobile must be 11 digits' });
    const zh = await dispatcher.post(`${C}/submit`, bad, { 'Accept-Language': 'zh-CN' });
    expect(zh.body.msg).toBe('收货人手机号必须是11位');
    const mo = await dispatcher.post(`${C}/submit`, { ...consignmentInput(), deliveryMode: undefined }, { 'Accept-Language': 'zh-TW' });
    expect(mo.body.msg).toBe('請選擇配送方式');
    const noLines = await dispatcher.post(`${C}/submit`, consignmentInput({ lines: [] }), { 'Accept-Language': 'zh-CN' });
    expect(noLines.body.msg).toBe('明细或作业项不能为空');
    const missing = await dispatcher.post(`${C}/submit`, { ...consignmentInput(), customerCode: '' }, { 'Accept-Language': 'zh-CN' });
    // the customer is picked from master data (a reference picker), so the prompt is "please select"
    expect(missing.body.msg).toBe('请选择客户编码');
    const line = await dispatcher.post(`${C}/submit`, consignmentInput({ lines: [{ materialCode: 'M1', name: 'n', qty: 0 }] }));
    expect(line.body.msg).toBe('Line 1 Quantity must be greater than 0');
    const split = await dispatcher.post(`${C}/dispatch`, { id: '6f1c1f7e-8a39-4c3b-9d1e-5b7d2a0f4c11', version: 2, splits: [{ noteNo: 2, materialCode: 'M0002', qty: 0 }] });
    expect(split.status).toBe(400);
    const size = await dispatcher.get(`${C}/list?size=25`);
    expect(size.status).toBe(400);
    expect(size.body.msg).toBe('Page size must be 10, 20, 30 or 50');
  });

  it("takes the customer's own materials only: another owner's is a 400 naming the line's field, in the user language; nothing is written", async () => {
    // a material kept for owner C003; the order is C001's (the fixture's own materials are kept for no owner: common to all)
    await seedRecords(t.host, '100001', 'material', [{ code: 'M-C003', name: 'Rice of C003', categoryCode: 'FOOD', unitCode: 'PCS', custCode: 'C003' }]);
    const rice = { materialCode: 'M-C003', name: 'Rice 10kg', qty: 2, weg: 20, volume: 0.1, packages: 2 };
    const foreign = consignmentInput({ lines: [consignmentInput().lines[0], rice] });
    const before = data(await dispatcher.get<{ total: number }>(`${C}/list?size=10`)).total;
    const en = await dispatcher.post(`${C}/submit`, foreign);
    expect([en.status, en.body.msg]).toEqual([400, 'Line 2 Material code "M-C003" belongs to another cargo owner and cannot be used here']);
    const zh = await dispatcher.post(`${C}/submit`, foreign, { 'Accept-Language': 'zh-CN' });
    expect(zh.body.msg).toBe('明细第2行 物料编码「M-C003」属于其他货主，不能用于本单');
    expect(data(await dispatcher.get<{ total: number }>(`${C}/list?size=10`)).total).toBe(before);
    // the same order for the material's owner is taken; and an edit that moves a saved order to another owner is refused
    const mine = data(await dispatcher.post<Result>(`${C}/submit`, consignmentInput({ customerCode: 'C003', lines: [rice] })));
    const moved = await dispatcher.post(`${C}/submit`, { ...consignmentInput({ customerCode: 'C001', lines: [rice] }), id: mine.id, version: mine.version });
    expect([moved.status, moved.body.msg]).toEqual([400, 'Line 1 Material code "M-C003" belongs to another cargo owner and cannot be used here']);
    // a common material (kept for no owner) goes on any customer's order
    expect((await dispatcher.post(`${C}/submit`, consignmentInput({ customerCode: 'C003' }))).status).toBe(200);
  });

  it('removes only drafts or cancelled orders, all or nothing', async () => {
    const a = await create();
    const b = await create();
    data(await dispatcher.post(`${C}/audit`, { id: b.id, version: 1 }));
    const refused = await dispatcher.post(`${C}/remove?ids=${a.id},${b.id}`);
    expect(refused.status).toBe(409);
    // a was not removed either: nothing half-written
    expect(data(await dispatcher.get<Consignment>(`${C}/detail?id=${a.id}`)).removed).toBe(false);
    data(await dispatcher.post(`${C}/cancel`, { id: b.id, version: 2, reason: 'customer called' }));
    const removed = data(await dispatcher.post<Result[]>(`${C}/remove?ids=${a.id},${b.id}`));
    expect(removed).toHaveLength(2);
    const list = data(await dispatcher.get<Page<ConsignmentListRow>>(`${C}/list?size=50&billNo=${a.billNo}`));
    expect(list.total).toBe(0);
  });

  it('lists on the server with paging, filters and sorts', async () => {
    const other = await t.client().as('100002', 'dispatcher');
    // customer codes are references: the two owners exist in that tenant
    await seedCustomers(t.host, '100002', ['ODD', 'EVEN']);
    const mine: Result[] = [];
    for (let i = 0; i < 12; i++) mine.push(data(await other.post<Result>(`${C}/submit`, consignmentInput({ customerCode: i % 2 ? 'ODD' : 'EVEN', billDate: `2026-11-${String(10 + i).padStart(2, '0')}`, plannedDate: '2026-11-30' }))));
    data(await other.post(`${C}/audit`, { id: mine[0]!.id, version: 1 }));

    const page1 = data(await other.get<Page<ConsignmentListRow>>(`${C}/list?current=1&size=10&sort=billNo&order=asc`));
    expect(page1).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(page1.records.map((r) => r.billNo)).toEqual(mine.slice(0, 10).map((r) => r.billNo));
    const page2 = data(await other.get<Page<ConsignmentListRow>>(`${C}/list?current=2&size=10&sort=billNo&order=asc`));
    expect(page2.records).toHaveLength(2);
    const deflt = data(await other.get<Page<ConsignmentListRow>>(`${C}/list`));
    expect(deflt.size).toBe(20);

    expect(data(await other.get<Page<ConsignmentListRow>>(`${C}/list?customerCode=ODD`)).total).toBe(6);
    expect(data(await other.get<Page<ConsignmentListRow>>(`${C}/list?state=Audited`)).records.map((r) => r.id)).toEqual([mine[0]!.id]);
    expect(data(await other.get<Page<ConsignmentListRow>>(`${C}/list?dateFrom=2026-11-12&dateTo=2026-11-14`)).total).toBe(3);
    expect(data(await other.get<Page<ConsignmentListRow>>(`${C}/list?billNo=${mine[5]!.billNo.slice(-5)}`)).records[0]!.id).toBe(mine[5]!.id);
    const byDate = data(await other.get<Page<ConsignmentListRow>>(`${C}/list?sort=billDate&order=desc&size=10`));
    expect(byDate.records[0]!.billDate).toBe('2026-11-21');
    expect((await other.get(`${C}/list?sort=password`)).status).toBe(400);
    expect((await other.get(`${C}/list?dateFrom=2026-11-14&dateTo=2026-11-12`)).status).toBe(400);
  });

  it('never lets a token of one tenant read or change another tenant’s data', async () => {
    const { id, billNo } = await create();
    const other = await t.client().as('100002', 'dispatcher');
    expect((await other.get(`${C}/detail?id=${id}`)).status).toBe(404);
    expect((await other.get(`${C}/history?id=${id}`)).status).toBe(404);
    expect((await other.post(`${C}/audit`, { id, version: 1 })).status).toBe(404);
    expect((await other.post(`${C}/remove?ids=${id}`)).status).toBe(404);
    const theirs = data(await other.get<Page<ConsignmentListRow>>(`${C}/list?size=50&billNo=${billNo}`));
    expect(theirs.records.map((r) => r.id)).not.toContain(id);
    // a Tenant-Id header naming the other tenant is refused, not obeyed
    expect((await other.get(`${C}/detail?id=${id}`, { 'Tenant-Id': '100001' })).status).toBe(403);
    // a tenantId smuggled into the body changes nothing
    const smuggled = data(await other.post<Result>(`${C}/submit`, { ...consignmentInput(), tenantId: '100001' }));
    expect((await dispatcher.get(`${C}/detail?id=${smuggled.id}`)).status).toBe(404);
    // still untouched
    expect(data(await dispatcher.get<Consignment>(`${C}/detail?id=${id}`)).version).toBe(1);
  });

  it('gives exactly one of 20 parallel transitions at the same version, with a gap-free history', async () => {
    const { id } = await create();
    const answers = await Promise.all(Array.from({ length: 20 }, () => dispatcher.post(`${C}/audit`, { id, version: 1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const history = data(await dispatcher.get<HistoryEntry[]>(`${C}/history?id=${id}`));
    expect(history.map((h) => h.version)).toEqual([1, 2]);
    // and the same for mixed commands racing on one version
    const race = await Promise.all([
      dispatcher.post(`${C}/dispatch`, { id, version: 2, ...dispatchInput }),
      ...Array.from({ length: 19 }, () => dispatcher.post(`${C}/cancel`, { id, version: 2 })),
    ]);
    expect(race.filter((a) => a.status === 200)).toHaveLength(1);
    expect(race.filter((a) => a.status === 409)).toHaveLength(19);
    const after = data(await dispatcher.get<HistoryEntry[]>(`${C}/history?id=${id}`));
    expect(after.map((h) => h.version)).toEqual([1, 2, 3]);
  });

  it('hands out a different bill number to each of 20 parallel creates', async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => create()));
    const numbers = created.map((c) => c.billNo);
    expect(new Set(numbers).size).toBe(20);
    // gap-free within the day: consecutive serials
    const serials = numbers.map((n) => Number(n.slice(-5))).sort((a, b) => a - b);
    expect(serials[serials.length - 1]! - serials[0]!).toBe(19);
  });

  it('rebuilds the list projection from zero to the same rows', async () => {
    const pool = t.host.storage.db.pool;
    const snapshot = async () =>
      (await runAsSystem(() => pool.query(`SELECT * FROM ${DOC_LIST} WHERE doc_type = 'consignment' ORDER BY tenant_id, id`))).rows.map((r) => JSON.stringify(r));
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(10);
    await runAsSystem(async () => {
      await pool.query(`DELETE FROM ${DOC_LIST} WHERE doc_type = 'consignment'`);
      expect((await pool.query(`SELECT 1 FROM ${DOC_LIST} WHERE doc_type = 'consignment'`)).rows).toEqual([]);
      await t.host.app.get(DocumentService).rebuildList(consignmentDocument);
    });
    expect(await snapshot()).toEqual(live);
  });

  it('wraps every answer in the envelope: unknown route, missing token, bad JSON', async () => {
    const anon = t.client();
    const nf = await anon.get('/api/bl-transport/nothing-here');
    expect(nf).toMatchObject({ status: 404, body: { code: 404, success: false, data: null } });
    const noToken = await anon.get(`${C}/list`);
    expect(noToken).toMatchObject({ status: 401, body: { code: 401, success: false } });
    const res = await fetch(`${t.url}${C}/submit`, { method: 'POST', headers: dispatcher.headers({ 'Content-Type': 'application/json' }), body: '{"billDate": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, success: false, data: null });
    const badId = await dispatcher.get(`${C}/detail?id=not-a-uuid`);
    expect(badId.status).toBe(400);
    const docs = await fetch(`${t.url}/api/docs/json`);
    expect(docs.status).toBe(200);
    const spec = (await docs.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining([`${C}/list`, `${C}/dispatch`, '/api/bl-auth/token']));
  });
});
