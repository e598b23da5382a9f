import type { Pool } from 'pg';
import { actionsOf, buttonCode, type EntityDef, type Page } from '@tpl/contracts';
import { runInTenant } from '@tpl/event-store';
import { ApiClient, data, type Answer } from '../support/api-client';
import { runAttempts, type Attempt } from '../support/attempts';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { allEntities, base, sampleRecord } from '../support/records';

/**
 * Generated attempts at authorization: commands without their button on every entity,
 * escapes around API permissions, data-scope escapes through filters, keyword, detail,
 * export, history and commands, privilege escalation by allocating oneself roles, menus,
 * API permissions and data scopes, and row-level security reached directly. Each must be
 * refused and nothing may answer 500. The counts are printed.
 */
type Outcome = Answer<unknown>;
type Row = Record<string, unknown> & { id: string; version: number };

const C = '/api/bl-transport/consignment';
const denied = (o: Outcome) => o.status === 403 || o.status === 404;
const refusedWith = (...codes: number[]) => (o: Outcome) => codes.includes(o.status);

describe('security: generated authorization attempts', () => {
  let t: TestHost;
  let admin: ApiClient; // 100001 administrator: owns the victim rows
  let approver: ApiClient; // holds no command button at all
  let dispatcher: ApiClient; // data scoped to their own rows; no system administration
  let deputy: ApiClient; // may edit roles and users, but is no administrator
  const victim = new Map<string, Row>();
  let order = '';
  let victimCustomer = '';

  const raw = (who: ApiClient, method: 'GET' | 'POST', path: string, body?: unknown) => async (): Promise<Outcome> => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: who.headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a spreadsheet */
    }
    return { status: res.status, body: parsed } as Outcome;
  };

  beforeAll(async () => {
    t = await startTestHost('embedded');
    admin = await t.client().as('100001', 'admin', 'admin');
    approver = await t.client().as('100001', 'approver');
    for (const def of allEntities) {
      if (def.name === 'tenant') continue;
      const rec = await sampleRecord(admin, def);
      const { id } = data(await admin.post<{ id: string }>(`${base(def)}/submit`, rec));
      victim.set(def.name, data(await admin.get<Row>(`${base(def)}/detail?id=${id}`)));
      if (def.name === 'customer') victimCustomer = String(rec.code);
    }
    order = data(await admin.post<{ id: string }>(`${C}/submit`, consignmentInput())).id;
    // the dispatcher sees only their own rows (demo data scopes), everywhere
    const role = data(await admin.get<Page<Row>>('/api/bl-system/role/list?roleAlias=dispatcher')).records[0]!;
    data(await admin.post('/api/bl-system/role/submit', { ...role, dataScopes: ['consignment-own', 'all-own'] }));
    dispatcher = await t.client().as('100001', 'dispatcher');
    // a deputy: role and user administration without being an administrator
    // an API permission nobody but the administrator and the deputy holds
    data(await admin.post('/api/bl-system/apiscopecategory/submit', { code: 'locked', name: 'Locked' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'locked', resourceCode: 'users-only-admin', scopeName: 'Users', resourceUrl: '/api/bl-system/user/**', scopeType: 'URL' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'locked', resourceCode: 'downloads-locked', scopeName: 'Downloads', resourceUrl: '/api/bl-resource/oss/download/**', scopeType: 'URL' }));
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'deputy', roleName: 'Deputy', apiScopes: ['users-only-admin'], dataScopes: ['consignment-own'], menus: ['md_role', 'role_add', 'role_edit', 'md_user', 'user_add', 'user_edit', 'md_menu', 'menu_add', 'menu_edit', 'md_apiscope', 'apiscope_add', 'apiscope_edit', 'apiscope_delete', 'md_datascope', 'datascope_add', 'datascope_edit', 'datascope_delete'] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'deputy', name: 'Deputy', roleId: ['deputy'], password: 'Pa55word!' }));
    deputy = await t.client().as('100001', 'deputy', 'Pa55word!');
  }, 300_000);
  afterAll(async () => t?.stop());

  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    const add = (name: string, run: () => Promise<Outcome>, refused: (o: Outcome) => boolean = denied) => list.push({ name, run, refused });

    // 1. every command of every entity without its button
    for (const def of allEntities as readonly EntityDef[]) {
      const row = victim.get(def.name);
      const b = base(def);
      for (const action of actionsOf(def)) {
        const label = `${def.name}: ${buttonCode(def, action)} without the button`;
        if (action === 'add') add(label, raw(approver, 'POST', `${b}/submit`, { ...(row ?? {}), id: undefined, version: undefined }));
        if (action === 'edit' && row) add(label, raw(approver, 'POST', `${b}/submit`, { ...row, remark: 'pwned' }));
        if (action === 'delete' && row) add(label, raw(approver, 'POST', `${b}/remove?ids=${row.id}`));
        if (action === 'import') {
          add(label, raw(approver, 'POST', `${b}/import`));
          add(`${label} (its error report)`, raw(approver, 'GET', `${b}/import-report?id=${row?.id ?? '00000000-0000-0000-0000-000000000000'}`));
        }
        if (action === 'export') add(label, raw(approver, 'GET', `${b}/export`));
        if (action === 'reset_password' && row) add(label, raw(approver, 'POST', `${b}/reset-password?ids=${row.id}`));
      }
    }
    add('attach: upload without attach_add', raw(approver, 'POST', '/api/bl-resource/attach/upload'));
    for (const action of ['audit', 'load', 'arrive', 'cancel']) add(`consignment: ${action} without its button`, raw(approver, 'POST', `${C}/${action}`, { id: order, version: 1 }));
    add('consignment: dispatch without its button', raw(approver, 'POST', `${C}/dispatch`, { id: order, version: 1, ...dispatchInput }));
    add('consignment: sign without its button', raw(approver, 'POST', `${C}/sign`, { id: order, version: 1, signer: 'x' }));
    add('consignment: create without its button', raw(approver, 'POST', `${C}/submit`, consignmentInput()));
    add('consignment: edit without its button', raw(approver, 'POST', `${C}/submit`, { id: order, version: 1, ...consignmentInput() }));
    add('consignment: remove without its button', raw(approver, 'POST', `${C}/remove?ids=${order}`));

    // 2. around an API permission (users: administrators only)
    for (const path of [
      '/api/bl-system/user/list',
      '/api/bl-system/user/list/',
      '/api/bl-system//user/list',
      '/api/bl-system/user//list',
      '/api/bl-system/./user/list',
      '/api/bl-system/user/../user/list',
      '/api/bl-system/%75ser/list',
      '/api/bl-system/user/list?tenantId=000000',
      '/api/bl-system/user/list#x',
      '/API/BL-SYSTEM/USER/LIST',
      `/api/bl-system/user/detail?id=${victim.get('user')?.id}`,
      `/api/bl-system/user/history?id=${victim.get('user')?.id}`,
      '/api/bl-system/user/export',
      '/api/bl-system/user/template',
    ]) {
      add(`API permission escape: GET ${path}`, raw(dispatcher, 'GET', path));
    }
    add('API permission escape: POST user/submit', raw(dispatcher, 'POST', '/api/bl-system/user/submit', { account: 'x', name: 'x', password: 'x' }));
    add('API permission escape: reset-password', raw(dispatcher, 'POST', `/api/bl-system/user/reset-password?ids=${victim.get('user')?.id}`));

    // 3. out of one's data scope: filters, keyword, detail, export, history, commands
    const hidden = (o: Outcome) => o.status >= 400 || !JSON.stringify(o.body).includes(victimCustomer);
    const customer = victim.get('customer')!;
    for (const q of [
      `code=${victimCustomer}`,
      `keyword=${victimCustomer}`,
      `name=${encodeURIComponent(String(customer.name))}`,
      'size=50&sort=createTime&order=desc',
      `code=${victimCustomer}&tenantId=100001`,
      `createUser=${encodeURIComponent(String(customer.createUser))}`,
      'createDept=',
      `code=${encodeURIComponent("' OR '1'='1")}`,
      `keyword=${encodeURIComponent('%')}`,
      `keyword=${encodeURIComponent('_')}`,
    ]) {
      add(`data scope: customer list ?${q}`, raw(dispatcher, 'GET', `/api/bl-basic/customer/list?${q}`), hidden);
    }
    for (const def of allEntities as readonly EntityDef[]) {
      const row = victim.get(def.name);
      if (!row || def.name === 'user') continue;
      const b = base(def);
      add(`data scope: ${def.name} detail`, raw(dispatcher, 'GET', `${b}/detail?id=${row.id}`), refusedWith(404));
      add(`data scope: ${def.name} history`, raw(dispatcher, 'GET', `${b}/history?id=${row.id}`), refusedWith(404));
    }
    for (const def of ['basiccar', 'basiccarrier', 'basicdriver', 'basicline']) {
      const row = victim.get(def);
      if (!row) continue;
      const b = `/api/bl-transport/${def}`;
      add(`data scope: ${def} edit`, raw(dispatcher, 'POST', `${b}/submit`, { ...row, remark: 'pwned' }), refusedWith(404));
      add(`data scope: ${def} remove`, raw(dispatcher, 'POST', `${b}/remove?ids=${row.id}`), refusedWith(404));
      add(`data scope: ${def} export`, async () => {
        const res = await fetch(`${t.url}${b}/export`, { headers: dispatcher.headers() });
        await res.arrayBuffer();
        return { status: res.status, body: res.headers.get('x-total-rows') } as unknown as Outcome;
      }, (o) => o.status !== 200 || (o.body as unknown) === '0');
    }
    add('data scope: consignment list', raw(dispatcher, 'GET', `${C}/list?size=50`), (o) => !JSON.stringify(o.body).includes(order));
    add('data scope: consignment list by bill number', raw(dispatcher, 'GET', `${C}/list?billNo=TY`), (o) => !JSON.stringify(o.body).includes(order));
    add('data scope: consignment detail', raw(dispatcher, 'GET', `${C}/detail?id=${order}`), refusedWith(404));
    add('data scope: consignment as of version 1', raw(dispatcher, 'GET', `${C}/detail?id=${order}&version=1`), refusedWith(404));
    add('data scope: consignment history', raw(dispatcher, 'GET', `${C}/history?id=${order}`), refusedWith(404));
    for (const action of ['audit', 'load', 'arrive', 'cancel']) add(`data scope: consignment ${action}`, raw(dispatcher, 'POST', `${C}/${action}`, { id: order, version: 1 }), refusedWith(404));
    add('data scope: consignment dispatch', raw(dispatcher, 'POST', `${C}/dispatch`, { id: order, version: 1, ...dispatchInput }), refusedWith(404));
    add('data scope: consignment edit', raw(dispatcher, 'POST', `${C}/submit`, { id: order, version: 1, ...consignmentInput() }), refusedWith(404));
    add('data scope: consignment remove', raw(dispatcher, 'POST', `${C}/remove?ids=${order}`), refusedWith(404));

    // 4. privilege escalation through role, menu, API permission, data scope and user records
    const roleOf = async (alias: string) => data(await admin.get<Page<Row>>(`/api/bl-system/role/list?roleAlias=${alias}`)).records[0]!;
    const selfOf = async (account: string) => data(await admin.get<Page<Row>>(`/api/bl-system/user/list?account=${account}`)).records[0]!;
    const escalate = (name: string, who: ApiClient, path: string, body: () => Promise<unknown>) =>
      add(`escalation: ${name}`, async () => raw(who, 'POST', path, await body())(), refusedWith(403));
    for (const who of [['dispatcher', () => dispatcher], ['deputy', () => deputy]] as const) {
      const [label, client] = who;
      escalate(`${label} allocates their own role every menu`, client(), '/api/bl-system/role/submit', async () => ({ ...(await roleOf(label)), menus: ['*'] }));
      escalate(`${label} adds a button to their own role`, client(), '/api/bl-system/role/submit', async () => {
        const r = await roleOf(label);
        return { ...r, menus: [...((r.menus as string[]) ?? []), 'user_delete'] };
      });
      escalate(`${label} lifts their own role's data scopes`, client(), '/api/bl-system/role/submit', async () => ({ ...(await roleOf(label)), dataScopes: [] }));
      escalate(`${label} grants their own role an API permission`, client(), '/api/bl-system/role/submit', async () => ({ ...(await roleOf(label)), apiScopes: ['users-only-admin', 'downloads-locked'] }));
      escalate(`${label} makes a role with the wildcard`, client(), '/api/bl-system/role/submit', async () => ({ roleAlias: `${label}-root`, roleName: 'Root', menus: ['*'] }));
      escalate(`${label} renames a role to admin`, client(), '/api/bl-system/role/submit', async () => ({ ...(await roleOf('approver')), roleAlias: 'admin' }));
      escalate(`${label} makes themselves admin`, client(), '/api/bl-system/user/submit', async () => ({ ...(await selfOf(label)), roleId: ['admin'] }));
      escalate(`${label} adds a role to themselves`, client(), '/api/bl-system/user/submit', async () => ({ ...(await selfOf(label)), roleId: [label, 'keeper'] }));
      escalate(`${label} moves to the top department`, client(), '/api/bl-system/user/submit', async () => ({ ...(await selfOf(label)), deptId: 'HB' }));
      escalate(`${label} makes an admin user`, client(), '/api/bl-system/user/submit', async () => ({ account: `${label}-boss`, name: 'Boss', roleId: ['admin'], password: 'x' }));
      escalate(`${label} makes a user with a stronger role`, client(), '/api/bl-system/user/submit', async () => ({ account: `${label}-k`, name: 'K', roleId: ['keeper'], password: 'x' }));
      escalate(`${label} makes a data scope seeing everything`, client(), '/api/bl-system/datascope/submit', async () => ({ scopeCode: `${label}-all`, scopeName: 'x', resourceCode: '*', scopeType: '1' }));
      escalate(`${label} widens a data scope they are under`, client(), '/api/bl-system/datascope/submit', async () => {
        const s = data(await admin.get<Page<Row>>('/api/bl-system/datascope/list?scopeCode=all-own')).records[0]!;
        return { ...s, scopeType: '1', scopeColumn: undefined };
      });
      escalate(`${label} loosens the API permission they are under`, client(), '/api/bl-system/apiscope/submit', async () => {
        const s = data(await admin.get<Page<Row>>('/api/bl-system/apiscope/list?resourceCode=users-only-admin')).records[0]!;
        return { ...s, resourceUrl: '/api/nothing' };
      });
      escalate(`${label} renames a menu button into one they lack`, client(), '/api/bl-system/menu/submit', async () => {
        const m = data(await admin.get<Page<Row>>('/api/bl-system/menu/list?code=consignment_audit')).records[0]!;
        return { ...m, code: 'user_delete' };
      });
      escalate(`${label} creates a wildcard button`, client(), '/api/bl-system/menu/submit', async () => ({ code: `${label}*`, name: 'x', category: 'BUTTON' }));
      add(`escalation: ${label} removes the API permission they are under`, async () => {
        const s = data(await admin.get<Page<Row>>('/api/bl-system/apiscope/list?resourceCode=users-only-admin')).records[0]!;
        return raw(client(), 'POST', `/api/bl-system/apiscope/remove?ids=${s.id}`)();
      });
    }
    return list;
  };

  /** Row-level security reached directly: another tenant's rows through a query with no tenant filter. */
  const databaseAttempts = (pool: Pool): Attempt[] => {
    const tables = ['md_records', 'doc_headers', 'idn_users', 'idn_sessions', 'tpl_serials', 'emt_messages', 'emt_streams', 'idn_error_logs'];
    const inOther = <T,>(fn: () => Promise<T>) => runInTenant('100002', fn);
    const outcome = async (fn: () => Promise<{ rowCount: number | null; rows: unknown[] }>): Promise<Outcome> => {
      try {
        const r = await inOther(fn);
        return { status: 200, body: r.rows.length ? r.rows : r.rowCount } as unknown as Outcome;
      } catch (err) {
        return { status: 403, body: (err as Error).message } as unknown as Outcome;
      }
    };
    const none = (o: Outcome) => o.status === 403 || (Array.isArray(o.body) ? (o.body[0] as { n: number }).n === 0 : (o.body as unknown) === 0);
    const list: Attempt[] = [];
    for (const table of tables) {
      list.push({ name: `RLS: read ${table} of another tenant`, run: () => outcome(() => pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = '100001'`)), refused: none });
      if (!table.startsWith('emt_')) {
        list.push({ name: `RLS: update ${table} of another tenant`, run: () => outcome(() => pool.query(`UPDATE ${table} SET tenant_id = '100002' WHERE tenant_id = '100001'`)), refused: none });
        list.push({ name: `RLS: delete ${table} of another tenant`, run: () => outcome(() => pool.query(`DELETE FROM ${table} WHERE tenant_id = '100001'`)), refused: none });
      }
    }
    list.push({ name: 'RLS: write a row into another tenant', run: () => outcome(() => pool.query(`INSERT INTO tpl_serials VALUES ('100001', 'x', '1', 1)`)), refused: (o) => o.status === 403 });
    list.push({ name: 'RLS: append to another tenant’s stream', run: () => outcome(() => pool.query(`SELECT * FROM tpl_append(ARRAY['m']::text[], ARRAY['{}']::jsonb[], ARRAY['{"tenantId":"100001"}']::jsonb[], ARRAY['1'], ARRAY['X'], ARRAY['E'], 'X-100001-1', 'X', 0, 'global')`)), refused: (o) => o.status === 403 });
    list.push({ name: 'RLS: switch row security off', run: () => outcome(() => pool.query(`ALTER TABLE md_records DISABLE ROW LEVEL SECURITY`)), refused: (o) => o.status === 403 });
    return list;
  };

  it('refuses every attempt and never answers 500', async () => {
    const all = [...attempts(), ...databaseAttempts(t.host.storage.db.pool)];
    const { granted, errors } = await runAttempts(all);
    console.log(`security authorization attempts: ${all.length} made, ${granted.length} succeeded, ${errors.length} answered 500`);
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(granted).toEqual([]);
    expect(errors).toEqual([]);

    // nothing changed: the victim rows, the order, the dispatcher's role and the rules
    for (const [name, row] of victim) {
      const def = allEntities.find((d) => d.name === name)!;
      const now = data(await admin.get<Row>(`${base(def)}/detail?id=${row.id}`));
      expect({ name, remark: now.remark, version: now.version }).toEqual({ name, remark: row.remark, version: row.version });
    }
    expect(data(await admin.get<{ state: string; version: number }>(`${C}/detail?id=${order}`))).toMatchObject({ state: 'Draft', version: 1 });
    expect((await admin.get<Page<Row>>('/api/bl-system/user/list?account=dispatcher-boss')).body.data.total).toBe(0);
    expect(data(await admin.get<Page<Row>>('/api/bl-system/role/list?roleAlias=dispatcher')).records[0]!.dataScopes).toEqual(['consignment-own', 'all-own']);
    expect((await dispatcher.get('/api/bl-system/user/list')).status).toBe(403);
  });
});

