import http from 'node:http';
import type { Pool } from 'pg';
import { actionsOf, buttonCode, type EntityDef, type Page } from '@tpl/contracts';
import { runAsSystem, runInTenant } from '@tpl/event-store';
import { ApiClient, data, type Answer } from '../support/api-client';
import { answer, notServerError, refusal, runAttempts, runControls, summary, withheld, type Attempt, type Refusal, type Verdict } from '../support/attempts';
import { consignmentInput, dispatchInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { allEntities, base, sampleRecord } from '../support/records';

/**
 * Generated attempts at authorization: commands without their button on every entity,
 * escapes around API permissions, data-scope escapes through filters, keyword, detail,
 * export, history and commands, privilege escalation by allocating oneself roles, menus,
 * API permissions and data scopes, and row-level security reached directly. Each attempt
 * passes every other check (a caller holding the API permission meets the button; a valid
 * body meets the data scope) and must be refused by the wall it names, with that wall's own
 * status and message, or for row-level security the rows or error PostgreSQL's policy gives.
 * The controls then make the same requests with the wall out of the way (the administrator,
 * a holder of the permission, the scope that owns the rows): not refused that way. Counts printed.
 */
type Outcome = Answer<unknown>;
type Row = Record<string, unknown> & { id: string; version: number };

const C = '/api/bl-transport/consignment';
const button = refusal('button check', 403, 'errors.buttonRequired');
const apiWall = refusal('API permission', 403, 'errors.apiForbidden');
const recordHidden = (id: string) => refusal('data scope', 404, 'errors.recordNotFound', { id });

describe('security: generated authorization attempts', () => {
  let t: TestHost;
  let admin: ApiClient; // 100001 administrator: owns the victim rows
  let clerk: ApiClient; // holds every API permission and no button at all
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
  /** The path exactly as written (fetch would resolve dot segments and drop a fragment before sending). */
  const verbatim = (who: ApiClient, path: string) => (): Promise<Outcome> =>
    new Promise((resolve, reject) => {
      const u = new URL(t.url);
      const req = http.request({ host: u.hostname, port: u.port, path, headers: who.headers() }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let body: unknown = text.slice(0, 200); // a spreadsheet
          try {
            body = JSON.parse(text);
          } catch {
            /* kept as text */
          }
          resolve({ status: res.statusCode ?? 0, body } as Outcome);
        });
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    t = await startTestHost('postgres');
    admin = await t.client().as('100001', 'admin', 'admin');
    for (const def of allEntities) {
      if (def.name === 'tenant') continue;
      const rec = await sampleRecord(admin, def);
      const { id } = data(await admin.post<{ id: string }>(`${base(def)}/submit`, rec));
      victim.set(def.name, data(await admin.get<Row>(`${base(def)}/detail?id=${id}`)));
      if (def.name === 'customer') victimCustomer = String(rec.code);
    }
    order = data(await admin.post<{ id: string }>(`${C}/submit`, consignmentInput())).id;
    // an error log of the victim tenant, so row-level security has a row there to hide
    data(await admin.post('/api/bl-system/error-log/upload', [{ type: 'error', url: '/x', message: 'victim-log-100001' }]));
    // the dispatcher sees only their own rows (demo data scopes), everywhere
    const role = data(await admin.get<Page<Row>>('/api/bl-system/role/list?roleAlias=dispatcher')).records[0]!;
    data(await admin.post('/api/bl-system/role/submit', { ...role, dataScopes: ['consignment-own', 'all-own'] }));
    dispatcher = await t.client().as('100001', 'dispatcher');
    // API permissions nobody but the administrator, the deputy and the clerk holds
    data(await admin.post('/api/bl-system/apiscopecategory/submit', { code: 'locked', name: 'Locked' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'locked', resourceCode: 'users-only-admin', scopeName: 'Users', resourceUrl: '/api/bl-system/user/**', scopeType: 'URL' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'locked', resourceCode: 'downloads-locked', scopeName: 'Downloads', resourceUrl: '/api/bl-system/system/oss/download/**', scopeType: 'URL' }));
    // a deputy: role and user administration without being an administrator
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'deputy', roleName: 'Deputy', apiScopes: ['users-only-admin'], dataScopes: ['consignment-own'], menus: ['md_role', 'role_add', 'role_edit', 'md_user', 'user_add', 'user_edit', 'md_menu', 'menu_add', 'menu_edit', 'md_apiscope', 'apiscope_add', 'apiscope_edit', 'apiscope_delete', 'md_datascope', 'datascope_add', 'datascope_edit', 'datascope_delete'] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'deputy', name: 'Deputy', roleId: ['deputy'], password: 'Pa55word!' }));
    deputy = await t.client().as('100001', 'deputy', 'Pa55word!');
    // a clerk: every API permission, no button, so a command meets the button check and nothing before it
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'clerk', roleName: 'Clerk', apiScopes: ['users-only-admin', 'downloads-locked'], menus: [] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'clerk', name: 'Clerk', roleId: ['clerk'], password: 'Pa55word!' }));
    clerk = await t.client().as('100001', 'clerk', 'Pa55word!');
  }, 300_000);
  afterAll(async () => t?.stop());

  const attempts = (): Attempt[] => {
    const list: Attempt[] = [];
    const add = (name: string, run: () => Promise<Outcome>, refused: Refusal, control?: Attempt['control']) => list.push({ name, run, refused, ...(control ? { control } : {}) });
    /** the administrator holds every button and sees every row: past this wall, maybe refused by a later rule, never by it */
    const asAdmin = (method: 'GET' | 'POST', path: string, body?: unknown, mutates = method === 'POST') => ({ run: raw(admin, method, path, body), ok: notServerError, mutates });

    // 1. every command of every entity without its button (the clerk holds every API permission)
    type Removal = [string, () => Promise<Outcome>, Refusal, Attempt['control']];
    const removals: Removal[] = [];
    const scopeRemovals: Removal[] = [];
    for (const def of allEntities as readonly EntityDef[]) {
      // tenants are the platform's: the platform-only check refuses another tenant before any button (attempts.int.spec)
      if (def.name === 'tenant') continue;
      const row = victim.get(def.name);
      const b = base(def);
      for (const action of actionsOf(def)) {
        const label = `${def.name}: ${buttonCode(def, action)} without the button`;
        const fresh = { ...(row ?? {}), id: undefined, version: undefined };
        if (action === 'add') add(label, raw(clerk, 'POST', `${b}/submit`, fresh), button, asAdmin('POST', `${b}/submit`, fresh));
        if (action === 'edit' && row) add(label, raw(clerk, 'POST', `${b}/submit`, { ...row, remark: 'pwned' }), button, asAdmin('POST', `${b}/submit`, { ...row, remark: 'pwned' }));
        if (action === 'delete' && row) removals.push([label, raw(clerk, 'POST', `${b}/remove?ids=${row.id}`), button, asAdmin('POST', `${b}/remove?ids=${row.id}`)]);
        if (action === 'import') {
          add(label, raw(clerk, 'POST', `${b}/import`), button, asAdmin('POST', `${b}/import`, undefined, false));
          const report = `${b}/import-report?id=${row?.id ?? '00000000-0000-0000-0000-000000000000'}`;
          add(`${label} (its error report)`, raw(clerk, 'GET', report), button, asAdmin('GET', report));
        }
        if (action === 'export') add(label, raw(clerk, 'GET', `${b}/export`), button, asAdmin('GET', `${b}/export`));
        if (action === 'reset_password' && row) add(label, raw(clerk, 'POST', `${b}/reset-password?ids=${row.id}`), button, asAdmin('POST', `${b}/reset-password?ids=${row.id}`));
        // enabled=0: the control (the administrator's own call) leaves the victim's sign-in as it is
        if (action === 'domain_login' && row) add(label, raw(clerk, 'POST', `${b}/domain-login?ids=${row.id}&enabled=0`), button, asAdmin('POST', `${b}/domain-login?ids=${row.id}&enabled=0`));
      }
    }
    const upload = (who: ApiClient) => () => {
      const form = new FormData();
      form.append('file', new Blob(['hello']), 'hello.txt');
      return fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: who.headers(), body: form }).then(async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }) as Outcome);
    };
    add('attach: upload without attach_add', upload(clerk), button, { run: upload(admin), mutates: true });
    const orderCommands: [string, Record<string, unknown>][] = [
      ['submit', consignmentInput()],
      ['submit', { id: order, version: 1, ...consignmentInput({ remark: 'pwned' }) }],
      ['audit', { id: order, version: 1 }],
      ['cancel', { id: order, version: 1, reason: 'pwned' }],
      ['dispatch', { id: order, version: 1, ...dispatchInput }],
    ];
    for (const [action, body] of orderCommands) {
      const what = action === 'submit' ? ('id' in body ? 'edit' : 'create') : action;
      add(`consignment: ${what} without its button`, raw(clerk, 'POST', `${C}/${action}`, body), button, asAdmin('POST', `${C}/${action}`, body));
    }
    removals.push(['consignment: remove without its button', raw(clerk, 'POST', `${C}/remove?ids=${order}`), button, asAdmin('POST', `${C}/remove?ids=${order}`)]);

    // 2. around an API permission (users: its holders only). Paths the router serves as the user routes meet the
    //    permission; the deputy holds it. Variants the router serves as nothing are no way in, for anyone.
    const user = victim.get('user')!;
    for (const path of [
      '/api/bl-system/user/list',
      '/api/bl-system/%75ser/list',
      '/api/bl-system/user/%6cist',
      '/api/bl-system/user/list?tenantId=000000',
      '/api/bl-system/user/list#x',
      `/api/bl-system/user/detail?id=${user.id}`,
      `/api/bl-system/user/history?id=${user.id}`,
      '/api/bl-system/user/export',
      '/api/bl-system/user/template',
    ]) {
      // the deputy has no export button: past the permission, refused by the button
      add(`API permission escape: GET ${path}`, verbatim(dispatcher, path), apiWall, { run: verbatim(deputy, path), ...(path.endsWith('/export') ? { ok: notServerError } : {}) });
    }
    for (const path of [
      '/api/bl-system/./user/list',
      '/api/bl-system/user/../user/list',
      '/api/bl-system/user/list/',
      '/api/bl-system//user/list',
      '/api//bl-system/user/list',
      '/api/bl-system/user//list',
      '/API/BL-SYSTEM/USER/LIST',
      '/api/bl-system/User/list',
      '/api/bl-system/user/list;x',
      '/api/bl-system/user%2Flist',
      '/api/bl-system%2Fuser/list',
      '/api/bl-system/user/list%00',
      '/api/bl-system/user/list%20',
    ]) {
      add(`API permission escape: GET ${path} is no route`, verbatim(dispatcher, path), refusal('router', 404, 'errors.routeNotFound', { method: 'GET', path: path.split('?')[0]! }));
    }
    const newUser = { account: 'apiesc', name: 'Api Escape', password: 'Pa55word!' };
    add('API permission escape: POST user/submit', raw(dispatcher, 'POST', '/api/bl-system/user/submit', newUser), apiWall, { run: raw(deputy, 'POST', '/api/bl-system/user/submit', newUser), mutates: true });
    add('API permission escape: reset-password', raw(dispatcher, 'POST', `/api/bl-system/user/reset-password?ids=${user.id}`), apiWall, {
      // the deputy holds the permission but not the reset button
      run: raw(deputy, 'POST', `/api/bl-system/user/reset-password?ids=${user.id}`),
      ok: notServerError,
    });

    // 3. out of one's data scope: filters, keyword, detail, export, history, commands
    const customer = victim.get('customer')!;
    for (const q of [
      `code=${victimCustomer}`,
      `keyword=${victimCustomer}`,
      `name=${encodeURIComponent(String(customer.name))}`,
      'size=50&sort=createTime&order=desc',
      `code=${victimCustomer}&tenantId=100001`,
      `createUser=${encodeURIComponent(String(customer.createUser))}`,
      'createDept=',
    ]) {
      add(`data scope: customer list ?${q}`, raw(dispatcher, 'GET', `/api/bl-basic/customer/list?${q}`), withheld('data scope', victimCustomer), { run: raw(admin, 'GET', `/api/bl-basic/customer/list?${q}`) });
    }
    for (const def of allEntities as readonly EntityDef[]) {
      const row = victim.get(def.name);
      if (!row || def.name === 'user') continue;
      const b = base(def);
      add(`data scope: ${def.name} detail`, raw(dispatcher, 'GET', `${b}/detail?id=${row.id}`), recordHidden(row.id), { run: raw(admin, 'GET', `${b}/detail?id=${row.id}`) });
      add(`data scope: ${def.name} history`, raw(dispatcher, 'GET', `${b}/history?id=${row.id}`), recordHidden(row.id), { run: raw(admin, 'GET', `${b}/history?id=${row.id}`) });
    }
    const exported = (who: ApiClient, b: string) => async (): Promise<Outcome> => {
      const res = await fetch(`${t.url}${b}/export`, { headers: who.headers() });
      await res.arrayBuffer();
      return { status: res.status, body: { code: res.status, success: res.ok, data: null, msg: res.headers.get('x-total-rows') ?? '' } } as Outcome;
    };
    for (const def of ['basiccar', 'basiccarrier', 'basicdriver', 'basicline']) {
      const row = victim.get(def);
      if (!row) continue;
      const b = `/api/bl-transport/${def}`;
      // the dispatcher holds these entities' buttons: only the data scope stands in the way
      add(`data scope: ${def} edit`, raw(dispatcher, 'POST', `${b}/submit`, { ...row, remark: 'pwned' }), recordHidden(row.id), asAdmin('POST', `${b}/submit`, { ...row, remark: 'pwned' }));
      scopeRemovals.push([`data scope: ${def} remove`, raw(dispatcher, 'POST', `${b}/remove?ids=${row.id}`), recordHidden(row.id), asAdmin('POST', `${b}/remove?ids=${row.id}`)]);
      add(`data scope: ${def} export`, exported(dispatcher, b), answer('data scope', (o) => (o.status === 200 && o.body.msg === '0' ? undefined : `exported ${o.body.msg} rows (${o.status})`)), {
        run: exported(admin, b),
      });
    }
    add('data scope: consignment list', raw(dispatcher, 'GET', `${C}/list?size=50`), withheld('data scope', order), { run: raw(admin, 'GET', `${C}/list?size=50`) });
    add('data scope: consignment list by bill number', raw(dispatcher, 'GET', `${C}/list?billNo=TY`), withheld('data scope', order), { run: raw(admin, 'GET', `${C}/list?billNo=TY`) });
    const orderHidden = refusal('data scope', 404, 'errors.documentNotFound', { id: order });
    for (const [what, path] of [
      ['detail', `${C}/detail?id=${order}`],
      ['as of version 1', `${C}/detail?id=${order}&version=1`],
      ['history', `${C}/history?id=${order}`],
    ] as const) {
      add(`data scope: consignment ${what}`, raw(dispatcher, 'GET', path), orderHidden, { run: raw(admin, 'GET', path) });
    }
    for (const [action, body] of orderCommands.slice(1)) {
      const what = action === 'submit' ? 'edit' : action;
      add(`data scope: consignment ${what}`, raw(dispatcher, 'POST', `${C}/${action}`, body), orderHidden, asAdmin('POST', `${C}/${action}`, body));
    }
    scopeRemovals.push(['data scope: consignment remove', raw(dispatcher, 'POST', `${C}/remove?ids=${order}`), orderHidden, asAdmin('POST', `${C}/remove?ids=${order}`)]);

    // 4. privilege escalation through role, menu, API permission, data scope and user records. The dispatcher
    //    meets the API permission (user records) or the button (the rest); the deputy holds both and meets the grant check.
    const roleOf = async (alias: string) => data(await admin.get<Page<Row>>(`/api/bl-system/role/list?roleAlias=${alias}`)).records[0]!;
    const selfOf = async (account: string) => data(await admin.get<Page<Row>>(`/api/bl-system/user/list?account=${account}`)).records[0]!;
    const grant = (codes: string) => refusal('grant check', 403, 'errors.grantExceeds', { codes });
    const escalate = (name: string, who: ApiClient, path: string, refused: Refusal, body: () => Promise<unknown>) =>
      add(`escalation: ${name}`, async () => raw(who, 'POST', path, await body())(), refused, { run: async () => raw(admin, 'POST', path, await body())(), ok: notServerError, mutates: true });
    for (const [label, client] of [['dispatcher', () => dispatcher], ['deputy', () => deputy]] as const) {
      const deputy = label === 'deputy';
      const onUsers = (codes: string) => (deputy ? grant(codes) : apiWall);
      const onRules = (codes: string) => (deputy ? grant(codes) : button);
      escalate(`${label} allocates their own role every menu`, client(), '/api/bl-system/role/submit', onRules(`${label}, *`), async () => ({ ...(await roleOf(label)), menus: ['*'] }));
      escalate(`${label} adds a button to their own role`, client(), '/api/bl-system/role/submit', onRules(`${label}, user_delete`), async () => {
        const r = await roleOf(label);
        return { ...r, menus: [...((r.menus as string[]) ?? []), 'user_delete'] };
      });
      escalate(`${label} lifts their own role's data scopes`, client(), '/api/bl-system/role/submit', onRules(label), async () => ({ ...(await roleOf(label)), dataScopes: [] }));
      escalate(`${label} grants their own role an API permission`, client(), '/api/bl-system/role/submit', onRules(`${label}, downloads-locked`), async () => ({
        ...(await roleOf(label)),
        apiScopes: ['users-only-admin', 'downloads-locked'],
      }));
      escalate(`${label} makes a role with the wildcard`, client(), '/api/bl-system/role/submit', onRules('*'), async () => ({ roleAlias: `${label}-root`, roleName: 'Root', menus: ['*'] }));
      escalate(`${label} renames a role to admin`, client(), '/api/bl-system/role/submit', onRules('admin'), async () => ({ ...(await roleOf('approver')), roleAlias: 'admin' }));
      escalate(`${label} makes themselves admin`, client(), '/api/bl-system/user/submit', onUsers(`${label}, admin`), async () => ({ ...(await selfOf(label)), roleId: ['admin'] }));
      escalate(`${label} adds a role to themselves`, client(), '/api/bl-system/user/submit', onUsers(`${label}, keeper`), async () => ({ ...(await selfOf(label)), roleId: [label, 'keeper'] }));
      escalate(`${label} moves to the top department`, client(), '/api/bl-system/user/submit', onUsers(label), async () => ({ ...(await selfOf(label)), deptId: 'HB' }));
      escalate(`${label} makes an admin user`, client(), '/api/bl-system/user/submit', onUsers('admin'), async () => ({ account: `${label}-boss`, name: 'Boss', roleId: ['admin'], password: 'Pa55word!' }));
      escalate(`${label} makes a user with a stronger role`, client(), '/api/bl-system/user/submit', onUsers('keeper'), async () => ({ account: `${label}-k`, name: 'K', roleId: ['keeper'], password: 'Pa55word!' }));
      escalate(`${label} makes a data scope seeing everything`, client(), '/api/bl-system/datascope/submit', onRules('datascope'), async () => ({ scopeCode: `${label}-all`, scopeName: 'x', resourceCode: '*', scopeType: '1' }));
      escalate(`${label} widens a data scope they are under`, client(), '/api/bl-system/datascope/submit', onRules('datascope'), async () => {
        const s = data(await admin.get<Page<Row>>('/api/bl-system/datascope/list?scopeCode=all-own')).records[0]!;
        return { ...s, scopeType: '1', scopeColumn: undefined };
      });
      escalate(`${label} loosens the API permission they are under`, client(), '/api/bl-system/apiscope/submit', onRules('apiscope'), async () => {
        const s = data(await admin.get<Page<Row>>('/api/bl-system/apiscope/list?resourceCode=users-only-admin')).records[0]!;
        return { ...s, resourceUrl: '/api/nothing' };
      });
      escalate(`${label} renames a menu button into one they lack`, client(), '/api/bl-system/menu/submit', onRules('menu'), async () => {
        const m = data(await admin.get<Page<Row>>('/api/bl-system/menu/list?code=consignment_audit')).records[0]!;
        return { ...m, code: 'user_delete' };
      });
      escalate(`${label} creates a wildcard button`, client(), '/api/bl-system/menu/submit', onRules('menu'), async () => ({ code: `${label}*`, name: 'x', category: 'BUTTON' }));
      const scopeId = async () => data(await admin.get<Page<Row>>('/api/bl-system/apiscope/list?resourceCode=users-only-admin')).records[0]!.id;
      removals.push([
        `escalation: ${label} removes the API permission they are under`,
        async () => raw(client(), 'POST', `/api/bl-system/apiscope/remove?ids=${await scopeId()}`)(),
        onRules('apiscope'),
        { run: async () => raw(admin, 'POST', `/api/bl-system/apiscope/remove?ids=${await scopeId()}`)(), ok: notServerError, mutates: true },
      ]);
    }
    // removals last, the data scope's first: their controls take the victims away
    for (const [name, run, refused, control] of [...scopeRemovals, ...removals]) add(name, run, refused, control);
    return list;
  };

  /** Row-level security reached directly: another tenant's rows through queries with no tenant filter of the service's. */
  type DbOutcome = { rows?: { n?: number }[]; rowCount?: number | null; error?: { code?: string | undefined; message: string } };
  const databaseAttempts = (pool: Pool): Attempt<DbOutcome>[] => {
    const outcome = (fn: () => Promise<{ rowCount: number | null; rows: unknown[] }>) => async (): Promise<DbOutcome> => {
      try {
        const r = await fn();
        return { rows: r.rows as { n?: number }[], rowCount: r.rowCount };
      } catch (err) {
        return { error: { code: (err as { code?: string }).code, message: (err as Error).message } };
      }
    };
    const inScope = (tenantId: string | 'system', sql: string) => outcome(() => (tenantId === 'system' ? runAsSystem(() => pool.query(sql)) : runInTenant(tenantId, () => pool.query(sql))));
    /** the statement in a transaction rolled back: what it would do, leaving nothing behind */
    const rolledBack = (tenantId: string | 'system', sql: string) =>
      outcome(() => {
        const work = async () => {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            return await client.query(sql);
          } finally {
            await client.query('ROLLBACK');
            client.release();
          }
        };
        return tenantId === 'system' ? runAsSystem(work) : runInTenant(tenantId, work);
      });
    const said = (o: DbOutcome) => (o.error ? `${o.error.code} ${o.error.message}` : `rows ${JSON.stringify(o.rows)}, rowCount ${o.rowCount}`);
    const seesNone = answer<DbOutcome>('row-level security', (o) => (!o.error && o.rows?.[0]?.n === 0 ? undefined : `expected no rows seen, got ${said(o)}`));
    const touchesNone = answer<DbOutcome>('row-level security', (o) => (!o.error && o.rowCount === 0 ? undefined : `expected no row touched, got ${said(o)}`));
    const policyRefuses = (table: string) =>
      answer<DbOutcome>('row-level security', (o) =>
        o.error?.code === '42501' && o.error.message === `new row violates row-level security policy for table "${table}"` ? undefined : `expected the policy of ${table} to refuse the row, got ${said(o)}`,
      );
    const seesSome: Verdict<DbOutcome> = (o) => (!o.error && (o.rows?.[0]?.n ?? 0) > 0 ? undefined : `sees nothing in its own scope either: ${said(o)}`);
    // a foreign key refusing the deletion is raised only for rows the statement did reach
    const touchesSome: Verdict<DbOutcome> = (o) => ((!o.error && (o.rowCount ?? 0) > 0) || o.error?.code === '23503' ? undefined : `touches nothing without the policy either: ${said(o)}`);
    const succeeds: Verdict<DbOutcome> = (o) => (o.error ? `fails in its own scope too: ${said(o)}` : undefined);

    const list: Attempt<DbOutcome>[] = [];
    // what a hostile update would do to each table's rows (the service never updates or deletes events)
    const tampering: Record<string, string | undefined> = {
      md_records: `remark = 'pwned'`,
      doc_headers: `state = 'Signed'`,
      idn_users: 'status = 0',
      idn_sessions: 'revoked_at = now()',
      tpl_serials: 'current_value = 0',
      emt_messages: undefined,
      emt_streams: undefined,
      idn_error_logs: `entry = '{}'`,
    };
    for (const [table, set] of Object.entries(tampering)) {
      const read = `SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = '100001'`;
      list.push({ name: `RLS: read ${table} of another tenant`, run: inScope('100002', read), refused: seesNone, control: { run: inScope('100001', read), ok: seesSome } });
      if (!set) continue;
      for (const [what, sql] of [
        ['update', `UPDATE ${table} SET ${set} WHERE tenant_id = '100001'`],
        ['delete', `DELETE FROM ${table} WHERE tenant_id = '100001'`],
      ] as const) {
        // platform work passes the policy: the statement would have touched rows
        list.push({ name: `RLS: ${what} ${table} of another tenant`, run: inScope('100002', sql), refused: touchesNone, control: { run: rolledBack('system', sql), ok: touchesSome } });
      }
    }
    const insert = `INSERT INTO tpl_serials (tenant_id, seq_code, period, current_value) VALUES ('100001', 'rls-x', '20260101', 1)`;
    list.push({ name: 'RLS: write a row into another tenant', run: inScope('100002', insert), refused: policyRefuses('tpl_serials'), control: { run: rolledBack('100001', insert), ok: succeeds } });
    const append = `SELECT * FROM tpl_append(ARRAY['${'0'.repeat(8)}-rls']::text[], ARRAY['{}']::jsonb[], ARRAY['{"tenantId":"100001"}']::jsonb[], ARRAY['1'], ARRAY['RlsProbe'], ARRAY['E'], 'RlsProbe-100001-x', 'RlsProbe', 0, 'emt:default')`;
    list.push({ name: 'RLS: append to another tenant’s stream', run: inScope('100002', append), refused: policyRefuses('emt_messages'), control: { run: rolledBack('100001', append), ok: succeeds } });
    list.push({
      name: 'RLS: switch row security off',
      run: inScope('system', 'ALTER TABLE md_records DISABLE ROW LEVEL SECURITY'),
      refused: answer('table ownership', (o) => (o.error?.code === '42501' && o.error.message === 'must be owner of table md_records' ? undefined : `expected "must be owner", got ${said(o)}`)),
    });
    return list;
  };

  it('refuses every attempt at its own wall and never answers 500', async () => {
    const all = attempts();
    const report = await runAttempts(all);
    const db = databaseAttempts(t.host.storage.db.pool);
    const dbReport = await runAttempts(db);
    console.log(summary('security authorization attempts', report, all.filter((a) => a.control).length));
    console.log(summary('row-level security attempts', dbReport, db.filter((a) => a.control).length));
    expect(all.length + db.length).toBeGreaterThanOrEqual(300);
    expect([...report.wrong, ...dbReport.wrong]).toEqual([]);
    expect(report.serverErrors).toBe(0);

    // nothing changed: the victim rows, the order, the dispatcher's role and the rules
    for (const [name, row] of victim) {
      const def = allEntities.find((d) => d.name === name)!;
      const now = data(await admin.get<Row>(`${base(def)}/detail?id=${row.id}`));
      expect({ name, remark: now.remark, version: now.version }).toEqual({ name, remark: row.remark, version: row.version });
    }
    expect(data(await admin.get<{ state: string; version: number }>(`${C}/detail?id=${order}`))).toMatchObject({ state: 'Draft', version: 1 });
    expect((await admin.get<Page<Row>>('/api/bl-system/user/list?account=dispatcher-boss')).body.data.total).toBe(0);
    expect(data(await admin.get<Page<Row>>('/api/bl-system/role/list?roleAlias=dispatcher')).records[0]!.dataScopes).toEqual(['consignment-own', 'all-own']);
    expect(await raw(dispatcher, 'GET', '/api/bl-system/user/list')()).toMatchObject({ status: 403 });
  });

  it('can fail: with each wall out of the way, the same requests are not refused that way', async () => {
    const http = await runControls(attempts());
    const db = await runControls(databaseAttempts(t.host.storage.db.pool));
    console.log(`security authorization attempts: ${http.checked} + ${db.checked} controls run`);
    expect(http.checked + db.checked).toBeGreaterThanOrEqual(250);
    expect([...http.problems, ...db.problems]).toEqual([]);
  });
});
