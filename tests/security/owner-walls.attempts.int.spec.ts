import { Workbook } from 'exceljs';
import { entities, entityByName, type EntityDef, type InstanceRow, type Page, type ProcessDetail } from '@tpl/contracts';
import { runAsSystem } from '@tpl/event-store';
import { ApiClient, data, type Answer } from '../support/api-client';
import { answer, refusal, runAttempts, runControls, summary, withheld, type Attempt, type Refusal } from '../support/attempts';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { base, sampleRecord } from '../support/records';
import { flowOf } from '../api/flow-support';

/**
 * A cargo owner's user (the demo's `owner`, bound to C001) attacking what is not its own (issue 28
 * item 6): every entity's records that name another customer, through through list, filter,
 * detail, history and export, and a write naming another customer; the operator's own records;
 * another attachment; the approval processes of another customer's orders (list, detail, history,
 * by document, task detail, back nodes, a task command), a leave request; another customer's month
 * bill as PDF; a user whose data scope covers only its own orders, on the processes of others; and
 * the second operator's board position. The owner's role is given every button these routes ask
 * (exports, a material's add, the task buttons, print), so only the owner wall stands in the way.
 * Each attempt reaches that wall and is refused by it (404 as if absent, or an answer without what
 * is not its own). The controls ask the same with the wall out of the way (the owner of C002, the
 * operator's administrator, an approver, the store's global position the board used to answer):
 * not refused that way, so the suite can fail for the reason it names.
 */
const T = '100001';
const F = '/api/bl-flow';
type Row = Record<string, unknown> & { id: string; version: number };
type Victim = { def: EntityDef; id: string; field?: string; code?: string };

/** An xlsx download as an answer: its rows (header excluded) and every cell's text, or the envelope of a refusal. */
const exported = async (client: ApiClient, path: string): Promise<Answer<{ rows: number; text: string }>> => {
  const res = await fetch(client.baseUrl + path, { headers: client.headers() });
  if (!res.headers.get('content-type')?.includes('spreadsheet')) return { status: res.status, body: JSON.parse(await res.text()) };
  const book = new Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.value ?? ''))));
  const rows = Math.max(0, book.worksheets[0]!.rowCount - 1);
  return { status: res.status, body: { code: 200, success: true, data: { rows, text: cells.join('\u0001') }, msg: '' } };
};

/** A file (a PDF) as an answer: 200 with nothing to read, or the envelope of a refusal. */
const fetched = async (client: ApiClient, path: string): Promise<Answer<unknown>> => {
  const res = await fetch(client.baseUrl + path, { headers: client.headers() });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { code: res.status, success: res.ok, data: null, msg: '' } };
  }
};

const ownerFieldOf = (def: EntityDef): string | undefined => (def.owner && 'field' in def.owner ? def.owner.field : undefined);

describe('security: cargo owner walls attempts', () => {
  let t: TestHost;
  let admin: ApiClient;
  let owner: ApiClient; // C001
  let owner2: ApiClient; // C002: the victim, for whom the wall is not in the way
  let approver: ApiClient;
  let scoped: ApiClient; // a dispatcher whose data scope covers only the orders it made
  const victims: Victim[] = [];
  const operatorRecords: Victim[] = [];
  const ids = { order1: '', order2: '', instance1: '', instance2: '', task2: '', leave: '', attach: '', bill2: '', onVehicle: '' };

  beforeAll(async () => {
    t = await startTestHost('postgres', '/nonexistent', true);
    admin = await t.client().as(T, 'admin', 'admin');
    approver = await t.client().as(T, 'approver');
    // the owner role holds every button these routes ask: only the owner wall stands in the way
    const role = data(await admin.get<Page<Row & { menus: string[] }>>('/api/bl-system/role/list?roleAlias=owner')).records[0]!;
    const owned = entities.filter((d) => d.owner);
    const buttons = [...owned.map((d) => `${d.name}_export`), 'material_add', 'material_edit', 'flow_task_claim', 'flow_task_approve', 'flow_task_reject', 'flow_task_delegate', 'flow_task_transfer', 'flow_task_copy', 'monthbill_print'];
    data(await admin.post('/api/bl-system/role/submit', { ...role, menus: [...new Set([...role.menus, ...buttons])] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'owner2', name: 'Owner Two', roleId: ['owner'], customerCode: 'C002', password: 'Pa55word!' }));
    // a dispatcher who sees only the consignment orders it made
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'own-orders', roleName: 'Own orders', dataScopes: ['consignment-own'] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'scoped', name: 'Scoped', roleId: ['own-orders'], password: 'Pa55word!' }));
    owner = await t.client().as(T, 'owner');
    owner2 = await t.client().as(T, 'owner2', 'Pa55word!');
    scoped = await t.client().as(T, 'scoped', 'Pa55word!');

    // every entity a cargo owner's user may see only its own of: one record of C002's (the demo's where it has one)
    const c002Material = data(await admin.get<Page<Row>>('/api/bl-basic/material/list?custCode=C002&size=10')).records[0]!;
    for (const def of owned) {
      const field = ownerFieldOf(def);
      if (def.owner!.by === 'customer' && field) {
        const existing = data(await admin.get<Page<Row>>(`${base(def)}/list?${field}=C002&size=10`)).records.find((r) => r[field] === 'C002');
        if (existing) {
          victims.push({ def, id: existing.id, field });
          continue;
        }
        const rec = { ...(await sampleRecord(admin, def)), [field]: 'C002' };
        victims.push({ def, id: data(await admin.post<{ id: string }>(`${base(def)}/submit`, rec)).id, field });
      } else if (def.owner!.by === 'material' && field) {
        const rec = { ...(await sampleRecord(admin, def)), [field]: c002Material.code };
        victims.push({ def, id: data(await admin.post<{ id: string }>(`${base(def)}/submit`, rec)).id, field });
      }
      if (def.owner!.by === 'operator') {
        let first = data(await admin.get<Page<Row>>(`${base(def)}/list?size=10`)).records[0];
        if (!first && !def.platformOnly) {
          const made = await admin.post<{ id: string }>(`${base(def)}/submit`, await sampleRecord(admin, def));
          if (made.status === 200) first = { id: made.body.data.id, version: 1 };
        }
        if (first) operatorRecords.push({ def, id: first.id });
      }
    }
    for (const v of victims) if (v.def.codeField) v.code = String(data(await admin.get<Row>(`${base(v.def)}/detail?id=${v.id}`))[v.def.codeField]);
    // an attachment the administrator uploaded
    const form = new FormData();
    form.append('file', new Blob(['owner wall']), 'wall.txt');
    const up = await fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: admin.headers(), body: form });
    ids.attach = ((await up.json()) as { data: { id: string } }).data.id;

    // orders of C001 and C002 in review, and a leave request
    data(await admin.post(`${F}/review-config/submit`, { documentType: 'consignment', processKey: 'consignment_review', enabled: true }));
    const dispatcher = await t.client().as(T, 'dispatcher');
    for (const [key, customerCode] of [['order1', 'C001'], ['order2', 'C002']] as const) {
      // each order carries its own customer's goods (an order of another owner's materials is refused)
      const lines = customerCode === 'C002' ? [{ materialCode: String(c002Material.code), name: String(c002Material.name), qty: 5, weg: 50, volume: 0.2, packages: 5 }] : consignmentInput().lines;
      const c = data(await dispatcher.post<{ id: string; version: number }>('/api/bl-transport/consignment/submit', consignmentInput({ customerCode, lines })));
      data(await dispatcher.post('/api/bl-transport/consignment/submit-review', { id: c.id, version: c.version }));
      ids[key] = c.id;
    }
    ids.leave = data(await dispatcher.post<{ id: string }>(`${F}/leave/start-process`, { leaveType: 'sick', startTime: '2026-12-01T09:00:00+08:00', endTime: '2026-12-02T18:00:00+08:00', days: 2, reason: 'flu', approver: 'approver' })).id;
    await flowOf(t).drain();
    ids.instance1 = data(await admin.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${ids.order1}`))[0]!.instanceId;
    ids.instance2 = data(await admin.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${ids.order2}`))[0]!.instanceId;
    ids.task2 = data(await admin.get<ProcessDetail>(`${F}/process/detail?instanceId=${ids.instance2}`)).tasks[0]!.taskId;

    // a C001 order of the demo's board whose note is on a vehicle (its dispatch bill names no customer)
    const board = data(await admin.get<{ notes: { customerCode: string | null; dispatchId: string | null; orderId: string | null }[] }>('/api/bl-transport/board'));
    ids.onVehicle = board.notes.find((n) => n.customerCode === 'C001' && n.dispatchId && n.orderId)?.orderId ?? '';

    // C002's month bill
    const finance = await t.client().as(T, 'finance');
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
    const generated = data(await finance.post<{ generated: { id: string; customerCode: string }[] }>('/api/bl-billing/monthbill/generate', { month, customerCode: 'C002' }));
    ids.bill2 = generated.generated.find((g) => g.customerCode === 'C002')!.id;
  }, 600_000);
  afterAll(async () => t?.stop());

  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    const add = (name: string, run: () => Promise<Answer<unknown>>, refused: Refusal, control?: Attempt['control']) => list.push({ name, run, refused, ...(control ? { control } : {}) });
    const wall = 'owner wall';
    const hiddenRecord = (id: string) => refusal(wall, 404, 'errors.recordNotFound', { id });
    const onlyOwn = (field: string, shared: boolean, victim: string) =>
      answer(wall, (a) => {
        if (a.status !== 200) return `answered ${a.status} ${a.body.msg}`;
        const rows = (a.body.data as Page<Row>).records;
        if (JSON.stringify(rows).includes(victim)) return `the answer shows ${victim}`;
        const foreign = rows.filter((r) => !(r[field] === 'C001' || (shared && (r[field] === undefined || r[field] === null || r[field] === ''))));
        return foreign.length ? `the answer shows rows of ${[...new Set(foreign.map((r) => String(r[field])))].join(', ')}` : undefined;
      });
    const noRows = answer(wall, (a) => (a.status === 200 && (a.body.data as Page<unknown>).total === 0 ? undefined : `answered ${a.status} with ${(a.body.data as Page<unknown> | null)?.total} rows`));
    const exportsNothingOf = (needle: string) =>
      answer(wall, (a) => {
        if (a.status !== 200) return `answered ${a.status} ${a.body.msg}`;
        const sheet = a.body.data as { rows: number; text: string };
        return sheet.text.includes(needle) ? `the sheet shows ${needle}` : undefined;
      });
    const adminControl = (run: () => Promise<Answer<unknown>>) => ({ run });

    // 1. master data: every entity a cargo owner's user sees only its own of
    for (const v of victims) {
      const b = base(v.def);
      const field = v.field!;
      const shared = v.def.owner?.by === 'customer' && v.def.owner.unowned === 'shared';
      const victimCode = v.def.owner?.by === 'material' ? undefined : 'C002';
      if (v.def.owner?.by === 'customer') {
        add(`${v.def.name}: list`, () => owner.get(`${b}/list?size=50`), onlyOwn(field, shared, v.id), adminControl(() => admin.get(`${b}/list?size=50`)));
        const param = field;
        if (field === v.def.codeField || v.def.fields[field]?.filter) {
          add(`${v.def.name}: list filtered to C002`, () => owner.get(`${b}/list?${param}=C002`), withheld(wall, v.id), { run: () => owner2.get(`${b}/list?${param}=C002`) });
          add(`${v.def.name}: export filtered to C002`, () => exported(owner, `${b}/export?${param}=C002`), exportsNothingOf('C002'), adminControl(() => exported(admin, `${b}/export?${param}=C002`)));
        }
      } else {
        add(`${v.def.name}: list`, () => owner.get(`${b}/list?size=50`), withheld(wall, v.id), adminControl(() => admin.get(`${b}/list?size=50`)));
      }
      if (v.code) add(`${v.def.name}: search for C002's by its code`, () => owner.get(`${b}/list?keyword=${encodeURIComponent(v.code!)}`), withheld(wall, v.id), adminControl(() => admin.get(`${b}/list?keyword=${encodeURIComponent(v.code!)}`)));
      add(`${v.def.name}: detail of C002's`, () => owner.get(`${b}/detail?id=${v.id}`), hiddenRecord(v.id), adminControl(() => admin.get(`${b}/detail?id=${v.id}`)));
      add(`${v.def.name}: history of C002's`, () => owner.get(`${b}/history?id=${v.id}`), hiddenRecord(v.id), adminControl(() => admin.get(`${b}/history?id=${v.id}`)));
      if (victimCode && v.def.name !== 'user') {
        add(`${v.def.name}: export`, () => exported(owner, `${b}/export`), exportsNothingOf(`${victimCode}`), adminControl(() => exported(admin, `${b}/export`)));
      }
    }
    // the operator's own records: none to a cargo owner's user
    for (const v of operatorRecords) {
      const b = base(v.def);
      add(`${v.def.name} (the operator's): list`, () => owner.get(`${b}/list`), noRows, adminControl(() => admin.get(`${b}/list`)));
      add(`${v.def.name} (the operator's): detail`, () => owner.get(`${b}/detail?id=${v.id}`), hiddenRecord(v.id), adminControl(() => admin.get(`${b}/detail?id=${v.id}`)));
    }
    // an attachment listed to its uploader only
    add('attach: list of the administrator\'s uploads', () => owner.get('/api/bl-resource/attach/list'), withheld(wall, ids.attach), adminControl(() => admin.get('/api/bl-resource/attach/list')));
    // writes: a material of another customer's (the owner holds material_add)
    const material = (custCode: string) => ({ code: `OWN-${custCode}-${Math.random().toString(36).slice(2, 8)}`, name: 'Owner material', categoryCode: 'FOOD', unitCode: 'PCS', custCode });
    add("material: created for C002", () => owner.post('/api/bl-basic/material/submit', material('C002')), refusal(wall, 403, 'errors.forbidden'), { run: () => owner.post('/api/bl-basic/material/submit', material('C001')), mutates: true });
    add('material: created for no owner (the operator\'s)', () => owner.post('/api/bl-basic/material/submit', { ...material('C001'), custCode: undefined }), refusal(wall, 403, 'errors.forbidden'));

    // 2. approvals: the processes of C002's order
    const hiddenInstance = refusal(wall, 404, 'flow.errors.instanceNotFound', { id: ids.instance2 });
    const hiddenTask = refusal(wall, 404, 'flow.errors.taskNotFound', { id: ids.task2 });
    for (const q of ['', `?businessKey=${ids.order2}`, '?documentType=consignment&state=running', '?processKey=consignment_review&size=50']) {
      add(`process/list${q}`, () => owner.get(`${F}/process/list${q}`), withheld(wall, ids.instance2), { run: () => owner2.get(`${F}/process/list${q}`) });
    }
    add('process/detail of C002\'s order', () => owner.get(`${F}/process/detail?instanceId=${ids.instance2}`), hiddenInstance, { run: () => owner2.get(`${F}/process/detail?instanceId=${ids.instance2}`) });
    add('process/history-flow-list of C002\'s order', () => owner.get(`${F}/process/history-flow-list?instanceId=${ids.instance2}`), hiddenInstance, { run: () => owner2.get(`${F}/process/history-flow-list?instanceId=${ids.instance2}`) });
    add(
      'process/by-business of C002\'s order',
      () => owner.get(`${F}/process/by-business?documentType=consignment&businessKey=${ids.order2}`),
      answer(wall, (a) => (a.status === 200 && (a.body.data as unknown[]).length === 0 ? undefined : `answered ${a.status} ${JSON.stringify(a.body.data).slice(0, 120)}`)),
      { run: () => owner2.get(`${F}/process/by-business?documentType=consignment&businessKey=${ids.order2}`) },
    );
    add('work/task-detail of C002\'s review', () => owner.get(`${F}/work/task-detail?taskId=${ids.task2}`), hiddenTask, { run: () => approver.get(`${F}/work/task-detail?taskId=${ids.task2}`) });
    add('work/back-nodes of C002\'s review', () => owner.get(`${F}/work/back-nodes?taskId=${ids.task2}`), hiddenTask, { run: () => approver.get(`${F}/work/back-nodes?taskId=${ids.task2}`) });
    add('work/claim-task of C002\'s review', () => owner.post(`${F}/work/claim-task`, { taskId: ids.task2 }), hiddenTask, { run: () => approver.post(`${F}/work/claim-task`, { taskId: ids.task2 }), mutates: true });
    for (const [action, body] of [['complete-task', { comment: 'x' }], ['reject-task', { comment: 'x' }], ['delegate-task', { userAccount: 'finance' }], ['transfer-task', { userAccount: 'finance' }], ['copy-task', { userAccounts: ['finance'] }]] as const) {
      add(`work/${action} of C002's review`, () => owner.post(`${F}/work/${action}`, { taskId: ids.task2, ...body }), hiddenTask);
    }
    add('leave/detail of a staff member\'s request', () => owner.get(`${F}/leave/detail?businessId=${ids.leave}`), refusal(wall, 404, 'leave.errors.notFound', { id: ids.leave }), { run: () => approver.get(`${F}/leave/detail?businessId=${ids.leave}`) });
    // a data scope over orders binds their processes too
    add('scoped dispatcher: process/list shows others\' orders', () => scoped.get(`${F}/process/list?size=50`), withheld('data scope', ids.instance2), { run: () => approver.get(`${F}/process/list?size=50`) });
    add('scoped dispatcher: process/detail of another\'s order', () => scoped.get(`${F}/process/detail?instanceId=${ids.instance2}`), refusal('data scope', 404, 'flow.errors.instanceNotFound', { id: ids.instance2 }), { run: () => approver.get(`${F}/process/detail?instanceId=${ids.instance2}`) });

    // the order's chain: its own documents, not the vehicle's dispatch bill (it carries other owners' notes)
    const noDispatch = answer(wall, (a) => {
      if (a.status !== 200) return `answered ${a.status} ${a.body.msg}`;
      const d = a.body.data as { documentType: string }[] | { documents: { documentType: string }[] };
      const types = (Array.isArray(d) ? d : d.documents).map((x) => x.documentType);
      return types.includes('dispatch') ? 'the chain shows the dispatch bill' : types.includes('consignment') ? undefined : 'the chain shows nothing of the order';
    });
    add('consignment/timeline of its own order on a shared vehicle', () => owner.get(`/api/bl-transport/consignment/timeline?id=${ids.onVehicle}`), noDispatch, adminControl(() => admin.get(`/api/bl-transport/consignment/timeline?id=${ids.onVehicle}`)));
    add('consignment/chain of its own order on a shared vehicle', () => owner.get(`/api/bl-transport/consignment/chain?id=${ids.onVehicle}`), noDispatch, adminControl(() => admin.get(`/api/bl-transport/consignment/chain?id=${ids.onVehicle}`)));

    // 3. paper and reports
    add("monthbill/pdf of C002's bill", () => fetched(owner, `/api/bl-billing/monthbill/pdf?id=${ids.bill2}`), refusal(wall, 404, 'errors.documentNotFound', { id: ids.bill2 }), { run: () => fetched(owner2, `/api/bl-billing/monthbill/pdf?id=${ids.bill2}`) });
    add("monthbill: C002's bill in the list", () => owner.get('/api/bl-billing/monthbill/list?size=50'), withheld(wall, ids.bill2), { run: () => owner2.get('/api/bl-billing/monthbill/list?size=50') });

    // 4. the second operator's board: a position of its own (it has no board documents), not the store's global one
    const other = t.client().as('100002', 'dispatcher');
    const positionOnly = (at: string) => answer('tenant board position', (a) => (a.status === 200 && (a.body.data as { position: string }).position === at ? undefined : `answered ${a.status} position ${(a.body.data as { position?: string } | null)?.position}`));
    add('100002: board position', async () => (await other).get('/api/bl-transport/board'), positionOnly('0'), {
      // what the board answered before: the projection's checkpoint, a global position that counts every tenant's events
      run: async () => {
        const { rows } = await runAsSystem(() => t.host.storage.db.pool.query<{ position: string }>(`SELECT position::text AS position FROM tpl_checkpoints WHERE name = 'transport-board'`));
        return { status: 200, body: { code: 200, success: true, data: { position: rows[0]?.position ?? '0' }, msg: '' } };
      },
    });
    return list;
  };

  it("the owner sees its own: its customer, materials, agreements, and the process of its own order", async () => {
    expect(ids.onVehicle).not.toBe('');
    expect(data(await owner.get<Page<Row>>('/api/bl-basic/customer/list')).records.map((r) => r.code)).toEqual(['C001']);
    const materials = data(await owner.get<Page<Row>>('/api/bl-basic/material/list?size=50')).records;
    expect(materials.length).toBeGreaterThan(0);
    expect([...new Set(materials.map((r) => r.custCode))]).toEqual(['C001']);
    expect(data(await owner.get<Page<Row>>('/api/bl-basic/lgagreement/list')).records.map((r) => r.customerCode)).toEqual(['C001']);
    expect(data(await owner.get<ProcessDetail>(`${F}/process/detail?instanceId=${ids.instance1}`)).instance.businessKey).toBe(ids.order1);
    expect(data(await owner.get<InstanceRow[]>(`${F}/process/by-business?documentType=consignment&businessKey=${ids.order1}`))).toHaveLength(1);
    // a bin reserved for no owner is everyone's to see (the bin board), one reserved for another owner is not
    const places = data(await owner.get<Page<Row>>('/api/bl-basic/warehouseplace/list?size=50')).records;
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((p) => !p.customerCode || p.customerCode === 'C001')).toBe(true);
    expect(entityByName('warehouseplace')!.owner).toEqual({ by: 'customer', field: 'customerCode', unowned: 'shared' });
  });

  it('refuses every attempt at the owner wall and never answers 500', async () => {
    const list = attempts();
    const report = await runAttempts(list);
    console.log(summary('cargo owner walls attempts', report, list.filter((a) => a.control).length));
    expect(report.wrong).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(list.length).toBeGreaterThanOrEqual(100);
  });

  it('can fail: with the wall out of the way, the same requests are not refused that way', async () => {
    const { checked, problems } = await runControls(attempts());
    console.log(`cargo owner walls attempts: ${checked} controls run`);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(90);
  });
});
