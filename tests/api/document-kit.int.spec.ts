import { date, defineDocument, documents, num, ref, text, type DocumentDef } from '@tpl/contracts';
import { runAsSystem, runInTenant } from '@tpl/event-store';
import { DocumentService } from '@tpl/documents';
import { ApiClient, data } from '../support/api-client';
import { STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * A document type the product does not have, described here and nowhere else: one
 * description is all the kit needs to serve it (its registry line is the `documents` option
 * of the test host). What a new document type gets without code of its own: bill numbers,
 * validation with the spec's messages, references checked, the lifecycle enforced, facts
 * landed, the list with its columns and filters, detail as of any version, history, data
 * scopes and button codes.
 */
const sample: DocumentDef = defineDocument({
  name: 'kitsample',
  service: 'bl-warehouse',
  streamType: 'KitSample',
  title: ['样例移库单', 'Sample transfer', '樣例移庫單'],
  billNo: { serialCode: 'kitsample', prefix: 'KS', serialName: ['样例单号', 'Sample number', '樣例單號'] },
  header: {
    billDate: date(['单据日期', 'Bill date', '單據日期'], { required: true }),
    customerCode: ref(['客户', 'Customer', '客戶'], 'customer', { required: true }),
  },
  lines: {
    key: 'details',
    label: ['明细', 'Details', '明細'],
    fields: {
      materialCode: ref(['物料', 'Material', '物料'], 'material', { required: true }),
      qty: num(['数量', 'Quantity', '數量'], 'quantity', { required: true, positive: true }),
    },
    uniqueBy: ['materialCode'],
    totals: { qty: { of: 'qty', label: ['总数量', 'Total quantity', '總數量'], scale: 3 } },
  },
  lifecycle: {
    initial: 'Draft',
    states: {
      Draft: { label: ['草稿', 'Draft', '草稿'], on: { EDIT: 'Draft', CONFIRM: 'Confirmed', REMOVE: 'Draft' } },
      Confirmed: { label: ['已确认', 'Confirmed', '已確認'], on: { POST: 'Posted' } },
      Posted: { label: ['已过账', 'Posted', '已過賬'], final: true },
    },
  },
  actions: {
    confirm: { label: ['确认', 'Confirm', '確認'], event: 'CONFIRM', fact: 'Confirmed', at: 'confirmedAt', by: 'confirmedBy' },
    post: { label: ['过账', 'Post', '過賬'], event: 'POST', fact: 'Posted', fields: { note: text(['过账说明', 'Posting note', '過賬說明'], { max: 50 }) }, into: 'posting', at: 'posting.at' },
  },
  list: {
    columns: ['billNo', 'billDate', 'customerCode', 'state', { key: 'totalQty', path: 'totals.qty', label: ['总数量', 'Total quantity', '總數量'] }],
    filters: ['state', { key: 'customerCode', match: 'prefix' }, { key: 'totalQty', path: 'totals.qty', match: 'exact' }],
  },
  menu: { parent: 'warehouse', sort: 1 },
  routes: { list: '/kitsample', new: '/kitsample/new', view: '/kitsample/:id', edit: '/kitsample/:id/edit' },
});

const B = '/api/bl-warehouse/kitsample';
const input = (over: Record<string, unknown> = {}) => ({
  billDate: '2026-11-24',
  customerCode: 'C001',
  details: [
    { materialCode: 'M0002', qty: 0.1 },
    { materialCode: 'M0012', qty: 0.2 },
  ],
  ...over,
});
type Result = { id: string; billNo: string; version: number; state: string };

describe.each(STORES)('a document type from its description alone, on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', false, { documents: [...documents, sample] });
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  it('creates, numbers and totals it; refuses what its description refuses, in the user language', async () => {
    const made = data(await admin.post<Result>(`${B}/submit`, input()));
    expect(made).toMatchObject({ state: 'Draft', version: 1 });
    expect(made.billNo).toMatch(/^KS\d{8}\d{5}$/);
    const doc = data(await admin.get<Record<string, unknown>>(`${B}/detail?id=${made.id}`));
    expect(doc).toMatchObject({ billNo: made.billNo, totals: { qty: 0.3 }, customerCode: 'C001' });

    const zh = { 'Accept-Language': 'zh-CN' };
    expect((await admin.post(`${B}/submit`, input({ details: [] }), zh)).body.msg).toBe('明细或作业项不能为空');
    const twice = await admin.post(`${B}/submit`, input({ details: [{ materialCode: 'M0002', qty: 1 }, { materialCode: 'M0002', qty: 2 }] }), zh);
    expect(twice).toMatchObject({ status: 400 });
    expect(twice.body.msg).toContain('已在明细中，不能重复引用');
    const unknown = await admin.post(`${B}/submit`, input({ customerCode: 'C999' }));
    expect(unknown).toMatchObject({ status: 400 });
    expect(unknown.body.msg).toContain('C999');
    const zero = await admin.post(`${B}/submit`, input({ details: [{ materialCode: 'M0002', qty: 0 }] }));
    expect(zero.body.msg).toBe('Line 1 Quantity must be greater than 0');
  });

  it('decides the edit right after a create on the state the create wrote, unread; a write behind its back still refuses it (409)', async () => {
    const store = t.host.storage.store as unknown as { readStreamWith: (db: unknown, stream: string) => Promise<unknown> };
    const reads = jest.spyOn(store, 'readStreamWith');
    const streamReads = (id: string) => reads.mock.calls.filter(([, stream]) => String(stream).endsWith(id)).length;
    try {
      const made = data(await admin.post<Result>(`${B}/submit`, input()));
      const edited = data(await admin.post<Result>(`${B}/submit`, { ...input({ details: [{ materialCode: 'M0002', qty: 0.5 }] }), id: made.id, version: made.version }));
      expect(edited).toMatchObject({ id: made.id, version: 2, billNo: made.billNo });
      const confirmed = data(await admin.post<Result>(`${B}/confirm`, { id: made.id, version: edited.version }));
      expect(confirmed).toMatchObject({ version: 3, state: 'Confirmed' });
      expect(streamReads(made.id)).toBe(0);
      // what the create wrote is what a read folds
      expect(data(await admin.get<Record<string, unknown>>(`${B}/detail?id=${made.id}`))).toMatchObject({ totals: { qty: 0.5 }, state: 'Confirmed', version: 3, billNo: made.billNo });

      // another writer (another host) moves the stream on after this host's create: the kept state is one version behind
      const other = data(await admin.post<Result>(`${B}/submit`, input()));
      await runInTenant('100001', () =>
        t.host.storage.store.append(`KitSample-100001-${other.id}`, [{ type: 'KitSampleConfirmed', data: {} }], {
          expectedVersion: 1,
          streamType: 'KitSample',
          metadata: { tenantId: '100001', actor: { userId: 'u', account: 'elsewhere', name: 'Elsewhere' }, occurredAt: new Date().toISOString(), correlationId: 'test', causationId: 'test' },
        }),
      );
      const stale = await admin.post(`${B}/submit`, { ...input({ details: [{ materialCode: 'M0002', qty: 0.5 }] }), id: other.id, version: 1 });
      expect(stale).toMatchObject({ status: 409 });
      expect(data(await admin.get<Record<string, unknown>>(`${B}/detail?id=${other.id}`))).toMatchObject({ state: 'Confirmed', version: 2, totals: { qty: 0.3 } });
    } finally {
      reads.mockRestore();
    }
  });

  it('follows its lifecycle: actions land as described, forbidden steps are 409s naming state and action', async () => {
    const made = data(await admin.post<Result>(`${B}/submit`, input()));
    const confirmed = data(await admin.post<Result>(`${B}/confirm`, { id: made.id, version: made.version }));
    expect(confirmed).toMatchObject({ state: 'Confirmed', version: 2 });
    const edit = await admin.post(`${B}/submit`, { ...input(), id: made.id, version: 2 }, { 'Accept-Language': 'en' });
    expect(edit).toMatchObject({ status: 409 });
    expect(edit.body.msg).toContain('Confirmed');
    expect(edit.body.msg).toContain('Edit');
    const stale = await admin.post(`${B}/post`, { id: made.id, version: 1 });
    expect(stale.status).toBe(409);
    const posted = data(await admin.post<Result>(`${B}/post?id=${made.id}&version=2`, { note: 'month end' }));
    expect(posted).toMatchObject({ state: 'Posted', version: 3 });
    const doc = data(await admin.get<Record<string, unknown>>(`${B}/detail?id=${made.id}`));
    expect(doc).toMatchObject({ state: 'Posted', confirmedBy: { account: 'admin' }, posting: { note: 'month end' } });
    expect(typeof (doc.posting as { at?: unknown }).at).toBe('string');
    const asOf = data(await admin.get<Record<string, unknown>>(`${B}/detail?id=${made.id}&version=1`));
    expect(asOf).toMatchObject({ state: 'Draft', version: 1 });
    const history = data(await admin.get<{ type: string }[]>(`${B}/history?id=${made.id}`));
    expect(history.map((h) => h.type)).toEqual(['KitSampleCreated', 'KitSampleConfirmed', 'KitSamplePosted']);
    expect((await admin.post(`${B}/remove?ids=${made.id}`)).status).toBe(409);
  });

  it('lists it with its own columns and filters, and keeps other tenants and button-less users out', async () => {
    const made = data(await admin.post<Result>(`${B}/submit`, input({ customerCode: 'C001' })));
    const page = data(await admin.get<{ records: Record<string, unknown>[]; total: number }>(`${B}/list?state=Draft&customerCode=C0&sort=totalQty&order=desc`));
    expect(page.records.find((r) => r.id === made.id)).toMatchObject({ billNo: made.billNo, state: 'Draft', customerCode: 'C001', totalQty: 0.3 });
    expect(page.records.every((r) => r.state === 'Draft')).toBe(true);
    // another operator's administrator: the document does not exist for them
    const other = await t.client().as('100002', 'dispatcher');
    expect((await other.get(`${B}/detail?id=${made.id}`)).status).toBe(404);
    // a dispatcher holds no button of this type: the command is refused before its input is read
    const dispatcher = await t.client().as('100001', 'dispatcher');
    expect((await dispatcher.post(`${B}/submit`, {})).status).toBe(403);
    expect((await dispatcher.post(`${B}/confirm`, { id: made.id, version: 1 })).status).toBe(403);
  });

  it('finds rows by an exact filter on its own fields, through the keys kept for it; rows from before the keys were kept are folded again at start', async () => {
    const odd = data(await admin.post<Result>(`${B}/submit`, input({ details: [{ materialCode: 'M0002', qty: 7.25 }] })));
    const found = async () => data(await admin.get<{ records: { id: string }[]; total: number }>(`${B}/list?totalQty=7.25&size=50`));
    expect((await found()).records.map((r) => r.id)).toEqual([odd.id]);
    expect((await found()).total).toBe(1);
    const keys = async () =>
      runInTenant('100001', async () => (await t.host.storage.db.pool.query<{ keys: unknown }>(`SELECT keys FROM doc_headers WHERE id = $1`, [odd.id])).rows[0]?.keys);
    // only what an exact filter looks up: not the whole row
    expect(Object.keys((await keys()) as object)).toEqual(['totalQty']);
    // rows written before the keys were kept (migration documents/003 leaves them NULL): folded again at the host's start
    await runInTenant('100001', () => t.host.storage.db.pool.query(`UPDATE doc_headers SET keys = NULL WHERE doc_type = 'kitsample'`));
    expect((await found()).records).toEqual([]);
    const rebuilt = await runAsSystem(() => t.host.app.get(DocumentService).rebuildMissingLists([sample, ...documents]));
    expect(rebuilt).toEqual({ kitsample: expect.any(Number) });
    expect((await found()).records.map((r) => r.id)).toEqual([odd.id]);
    expect(Object.keys((await keys()) as object)).toEqual(['totalQty']);
    // and once they have them, nothing is folded again
    expect(await runAsSystem(() => t.host.app.get(DocumentService).rebuildMissingLists([sample, ...documents]))).toEqual({});
  });

  /** The list rows' own count, straight from the table (the tenant's scope). */
  const counted = (state?: string) =>
    runInTenant('100001', async () => {
      const { rows } = await t.host.storage.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM doc_headers WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND NOT is_deleted${state ? ` AND state = '${state}'` : ''}`,
      );
      return Number(rows[0]!.n);
    });
  const total = async (q = '') => data(await admin.get<{ total: number }>(`${B}/list?size=10${q}`)).total;

  it("gives every page the exact total while pages are read beside creates, actions and removals (the embedded store keeps totals between writes)", async () => {
    const mine = await Promise.all(Array.from({ length: 6 }, () => admin.post<Result>(`${B}/submit`, input()).then(data)));
    // writes of every kind, each with list pages read beside it
    const reads: Promise<number>[] = [];
    await Promise.all([
      ...Array.from({ length: 8 }, () => admin.post<Result>(`${B}/submit`, input()).then(data)),
      ...mine.slice(0, 3).map((m) => admin.post(`${B}/confirm`, { id: m.id, version: m.version })),
      admin.post(`${B}/remove?ids=${mine[3]!.id}`),
      ...Array.from({ length: 12 }, (_, i) => {
        const read = total(i % 2 ? '&state=Draft' : '');
        reads.push(read);
        return read;
      }),
    ]);
    expect((await Promise.all(reads)).every((n) => n > 0)).toBe(true);
    expect(await total()).toBe(await counted());
    expect(await total('&state=Draft')).toBe(await counted('Draft'));
    expect(await total('&state=Confirmed')).toBe(await counted('Confirmed'));

    // one write at a time, each the last before a look: pages read while it commits must not leave its old total behind
    const drafts = await Promise.all(Array.from({ length: 10 }, () => admin.post<Result>(`${B}/submit`, input()).then(data)));
    for (const d of drafts) {
      await Promise.all([admin.post(`${B}/confirm`, { id: d.id, version: d.version }), ...Array.from({ length: 4 }, () => total('&state=Draft'))]);
      expect(await total('&state=Draft')).toBe(await counted('Draft'));
    }
  });

  it("keeps the whole list's total beside its rows, in the writing transaction: a row removed or brought back, even behind the kit's back, counts at once", async () => {
    const kept = () =>
      runInTenant('100001', async () =>
        Number((await t.host.storage.db.pool.query<{ n: string }>(`SELECT n FROM doc_list_counts WHERE tenant_id = '100001' AND doc_type = 'kitsample'`)).rows[0]?.n),
      );
    const before = await total();
    expect(before).toBe(await counted());
    expect(await kept()).toBe(before);
    const flip = (removed: boolean) =>
      runInTenant('100001', () =>
        t.host.storage.db.pool.query<{ id: string }>(
          `UPDATE doc_headers SET is_deleted = $1 WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND id = (SELECT id FROM doc_headers WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND is_deleted = NOT $1 ORDER BY bill_no LIMIT 1)`,
          [removed],
        ),
      );
    await flip(true);
    expect(await total()).toBe(before - 1);
    expect(await kept()).toBe(before - 1);
    await flip(false);
    expect(await total()).toBe(before);
    // a write that rolls back moves nothing
    await runInTenant('100001', async () => {
      const c = await t.host.storage.db.pool.connect();
      try {
        await c.query('BEGIN');
        await c.query(`UPDATE doc_headers SET is_deleted = true WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND NOT is_deleted`);
        await c.query('ROLLBACK');
      } finally {
        c.release();
      }
    });
    expect(await total()).toBe(before);
    expect(await kept()).toBe(await counted());
  });

  it(`${kind === 'embedded' ? 'keeps' : 'counts'} a page's total ${kind === 'embedded' ? 'until a row of its type is written' : 'on every read'}`, async () => {
    const before = await total('&state=Draft');
    // a row changed behind the kit's back (no list row written through it): only a count sees it
    await runInTenant('100001', () =>
      t.host.storage.db.pool.query(`UPDATE doc_headers SET is_deleted = true WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND state = 'Draft' AND id = (SELECT id FROM doc_headers WHERE tenant_id = '100001' AND doc_type = 'kitsample' AND state = 'Draft' AND NOT is_deleted LIMIT 1)`),
    );
    expect(await total('&state=Draft')).toBe(kind === 'embedded' ? before : before - 1);
    // any list row of the type written through the kit: the count is taken again
    data(await admin.post<Result>(`${B}/submit`, input()));
    expect(await total('&state=Draft')).toBe(before);
    expect(await total('&state=Draft')).toBe(await counted('Draft'));
  });
});
