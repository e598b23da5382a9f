import type { Page } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';

type Row = Record<string, unknown> & { id: string; version: number };
const C = '/api/bl-transport/consignment';
const CUSTOMER = '/api/bl-basic/customer';

/**
 * Authorization on both stores: data scopes 1 to 5 over the demo organisation
 * (HB > HB-OPS > HB-TRN, HB-WH; HB > HB-FIN), API permissions, button codes and the
 * rule that nobody hands out more than they hold.
 */
describe.each(DOMAIN_STORES)('authorization on the %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;
  const users: Record<string, ApiClient> = {};
  const customers: Record<string, string> = {}; // dept -> customer record id
  const orders: Record<string, string> = {}; // dept -> consignment id
  const DEPTS = ['HB-OPS', 'HB-TRN', 'HB-WH', 'HB-FIN'] as const;

  const role = async (alias: string) => data(await admin.get<Page<Row>>(`/api/bl-system/role/list?roleAlias=${alias}`)).records.find((r) => r.roleAlias === alias)!;
  const allocate = async (alias: string, change: Record<string, unknown>) => {
    const r = await role(alias);
    data(await admin.post('/api/bl-system/role/submit', { ...r, ...change, id: r.id, version: r.version }));
  };
  const scope = async (scopeCode: string, resourceCode: string, scopeType: string, extra: Record<string, unknown> = {}) =>
    data(await admin.post('/api/bl-system/datascope/submit', { scopeCode, scopeName: scopeCode, resourceCode, scopeType, ...extra }));
  /** the test's customers a user sees in the list, by creating department */
  const seenCustomers = async (who: ApiClient, extra = '') =>
    data(await who.get<Page<Row>>(`${CUSTOMER}/list?code=AZ&size=50${extra}`)).records.map((r) => String(r.code).slice(3)).sort();
  const seenOrders = async (who: ApiClient) => {
    const ids = new Map(Object.entries(orders).map(([d, id]) => [id, d]));
    return data(await who.get<Page<Row>>(`${C}/list?size=50`)).records.map((r) => ids.get(r.id)).filter(Boolean).sort();
  };

  /** an export answers a spreadsheet when allowed, the envelope when not */
  const exportStatus = async (who: ApiClient, base: string) => {
    const res = await fetch(`${t.url}${base}/export`, { headers: who.headers() });
    await res.arrayBuffer();
    return res.status;
  };

  beforeAll(async () => {
    t = await startTestHost(kind);
    admin = await t.client().as('100001', 'admin', 'admin');
    const codes = ['customer', 'consignment'].flatMap((e) =>
      e === 'customer' ? ['md_customer', 'customer_add', 'customer_edit', 'customer_delete', 'customer_export', 'customer_import'] : ['consignment', 'consignment_add', 'consignment_edit', 'consignment_delete', 'consignment_audit'],
    );
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'clerk', roleName: 'Clerk', menus: codes }));
    for (const dept of DEPTS) {
      const account = `u-${dept.toLowerCase()}`;
      data(await admin.post('/api/bl-system/user/submit', { account, name: account, roleId: ['clerk'], deptId: dept, password: 'Pa55word!' }));
      users[dept] = await t.client().as('100001', account, 'Pa55word!');
      const made = data(await users[dept].post<{ id: string }>(`${CUSTOMER}/submit`, { code: `AZ-${dept}`, name: `Customer of ${dept}` }));
      customers[dept] = made.id;
      orders[dept] = data(await users[dept].post<{ id: string }>(`${C}/submit`, consignmentInput({ remark: dept }))).id;
    }
    await scope('cust-all', 'customer', '1');
    await scope('cust-own', 'customer', '2', { scopeColumn: 'createUser' });
    await scope('cust-dept', 'customer', '3');
    await scope('cust-below', 'customer', '4');
    await scope('cust-custom-depts', 'customer', '5', { scopeColumn: 'createDept', scopeDepts: ['HB-WH', 'HB-FIN'] });
    await scope('cust-custom-users', 'customer', '5', { scopeColumn: 'createUser', scopeUsers: ['u-hb-fin'] });
    await scope('any-own', '*', '2');
  }, 300_000);
  afterAll(async () => t?.stop());

  it('stamps the creator and the department from the token on records and orders', async () => {
    expect(users['HB-TRN']!.token).toBeDefined();
    const rec = data(await admin.get<Row>(`${CUSTOMER}/detail?id=${customers['HB-TRN']}`));
    expect(rec.createDept).toBe('HB-TRN');
    const history = data(await admin.get<{ actor: { deptId?: string } }[]>(`${C}/history?id=${orders['HB-WH']}`));
    expect(history[0]!.actor.deptId).toBe('HB-WH');
  });

  it('given no data scope, every user sees every row (BladeX: no scope, no restriction)', async () => {
    await allocate('clerk', { dataScopes: [] });
    expect(await seenCustomers(users['HB-TRN']!)).toEqual(['HB-FIN', 'HB-OPS', 'HB-TRN', 'HB-WH']);
    expect(await seenOrders(users['HB-TRN']!)).toEqual(['HB-FIN', 'HB-OPS', 'HB-TRN', 'HB-WH']);
  });

  it('given scope 1 (all), every row', async () => {
    await allocate('clerk', { dataScopes: ['cust-all'] });
    expect(await seenCustomers(users['HB-FIN']!)).toEqual(['HB-FIN', 'HB-OPS', 'HB-TRN', 'HB-WH']);
  });

  it('given scope 2 (own), only the rows the user created', async () => {
    await allocate('clerk', { dataScopes: ['cust-own'] });
    expect(await seenCustomers(users['HB-OPS']!)).toEqual(['HB-OPS']);
    expect(await seenCustomers(users['HB-WH']!)).toEqual(['HB-WH']);
  });

  it('given scope 3 (own department), the rows made in the user’s department', async () => {
    await allocate('clerk', { dataScopes: ['cust-dept'] });
    expect(await seenCustomers(users['HB-OPS']!)).toEqual(['HB-OPS']);
    // not the department above, nor the ones below or beside
    expect(await seenCustomers(users['HB-TRN']!)).toEqual(['HB-TRN']);
  });

  it('given scope 4 (department and below), three levels down the tree', async () => {
    await allocate('clerk', { dataScopes: ['cust-below'] });
    expect(await seenCustomers(users['HB-OPS']!)).toEqual(['HB-OPS', 'HB-TRN', 'HB-WH']);
    expect(await seenCustomers(users['HB-TRN']!)).toEqual(['HB-TRN']);
    expect(await seenCustomers(users['HB-FIN']!)).toEqual(['HB-FIN']);
  });

  it('given scope 5 (custom), the listed departments or the listed users, and one’s own', async () => {
    await allocate('clerk', { dataScopes: ['cust-custom-depts'] });
    expect(await seenCustomers(users['HB-OPS']!)).toEqual(['HB-FIN', 'HB-OPS', 'HB-WH']);
    await allocate('clerk', { dataScopes: ['cust-custom-users'] });
    expect(await seenCustomers(users['HB-TRN']!)).toEqual(['HB-FIN', 'HB-TRN']);
  });

  it('given a scope for every resource, it applies where no specific one does; the widest of two wins', async () => {
    await allocate('clerk', { dataScopes: ['any-own'] });
    expect(await seenOrders(users['HB-WH']!)).toEqual(['HB-WH']);
    await allocate('clerk', { dataScopes: ['any-own', 'cust-below'] });
    expect(await seenCustomers(users['HB-OPS']!)).toEqual(['HB-OPS', 'HB-TRN', 'HB-WH']);
    expect(await seenOrders(users['HB-OPS']!)).toEqual(['HB-OPS']);
    await allocate('clerk', { dataScopes: ['cust-own', 'cust-all'] });
    expect(await seenCustomers(users['HB-WH']!)).toEqual(['HB-FIN', 'HB-OPS', 'HB-TRN', 'HB-WH']);
  });

  it('answers 404 for a hidden row on detail, history, export, edit, remove; filters and keywords cannot reach it', async () => {
    await allocate('clerk', { dataScopes: ['any-own'] });
    const me = users['HB-OPS']!;
    const theirs = customers['HB-TRN']!;
    for (const path of [`${CUSTOMER}/detail?id=${theirs}`, `${CUSTOMER}/history?id=${theirs}`]) expect((await me.get(path)).status).toBe(404);
    expect((await me.post(`${CUSTOMER}/submit`, { id: theirs, version: 1, code: 'AZ-HB-TRN', name: 'taken' })).status).toBe(404);
    expect((await me.post(`${CUSTOMER}/remove?ids=${theirs}`)).status).toBe(404);
    expect((await me.post(`${CUSTOMER}/remove?ids=${customers['HB-OPS']},${theirs}`)).status).toBe(404);
    expect(await seenCustomers(me, '&keyword=HB-TRN')).toEqual([]);
    expect(await seenCustomers(me, '&name=Customer')).toEqual(['HB-OPS']);
    const exported = await fetch(`${t.url}${CUSTOMER}/export?code=AZ`, { headers: me.headers() });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('x-total-rows')).toBe('1');
    await exported.arrayBuffer();
    // orders: reading and every command
    const order = orders['HB-TRN']!;
    for (const path of [`${C}/detail?id=${order}`, `${C}/detail?id=${order}&version=1`, `${C}/history?id=${order}`]) expect((await me.get(path)).status).toBe(404);
    expect((await me.post(`${C}/audit`, { id: order, version: 1 })).status).toBe(404);
    expect((await me.post(`${C}/submit`, { id: order, version: 1, ...consignmentInput() })).status).toBe(404);
    expect((await me.post(`${C}/remove?ids=${order}`)).status).toBe(404);
    // and what they do see, they may act on
    expect((await me.post(`${C}/audit`, { id: orders['HB-OPS'], version: 1 })).status).toBe(200);
    // the administrator sees all
    expect(data(await admin.get<Row>(`${C}/detail?id=${order}`)).id).toBe(order);
  });

  it('lets only roles granted an API permission call the URLs it covers; uncovered URLs stay open', async () => {
    await allocate('clerk', { dataScopes: [] });
    const me = users['HB-WH']!;
    data(await admin.post('/api/bl-system/apiscopecategory/submit', { code: 'basic-api', name: 'Basic' }));
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'basic-api', resourceCode: 'cust-export', scopeName: 'Customer export', resourceUrl: '/api/bl-basic/customer/export', scopeType: 'URL' }));
    expect((await me.get(`${CUSTOMER}/export`)).status).toBe(403);
    expect((await me.get(`${CUSTOMER}/list`)).status).toBe(200);
    expect(await exportStatus(admin, CUSTOMER)).toBe(200); // the administrator passes
    await allocate('clerk', { apiScopes: ['cust-export'] });
    expect(await exportStatus(me, CUSTOMER)).toBe(200);

    // a permission of type ALL covers every API, but never the calls that show the console itself
    data(await admin.post('/api/bl-system/apiscope/submit', { categoryId: 'basic-api', resourceCode: 'everything', scopeName: 'All', resourceUrl: '/api/**', scopeType: 'ALL' }));
    expect((await me.get(`${C}/list`)).status).toBe(403);
    for (const path of ['/api/bl-system/menu/buttons', '/api/bl-system/menu/routes', '/api/bl-system/topmenu/listByParams?filter=1', '/api/bl-system/user/getUserInfo']) {
      expect({ path, status: (await me.get(path)).status }).toEqual({ path, status: 200 });
    }
    await allocate('clerk', { apiScopes: ['cust-export', 'everything'] });
    expect((await me.get(`${C}/list`)).status).toBe(200);
    // the all-access wildcard passes API permissions and buttons alike
    data(await admin.post('/api/bl-system/role/submit', { roleAlias: 'root', roleName: 'Root', menus: ['*'] }));
    data(await admin.post('/api/bl-system/user/submit', { account: 'rooty', name: 'Rooty', roleId: ['root'], password: 'Pa55word!' }));
    const root = await t.client().as('100001', 'rooty', 'Pa55word!');
    expect((await root.get(`${C}/list`)).status).toBe(200);
    type Node = { code: string; children: Node[] };
    const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
    expect(codes(data(await root.get<Node[]>('/api/bl-system/menu/routes')))).toEqual(expect.arrayContaining(['consignment', 'md_user', 'md_material']));
    expect((await root.post('/api/bl-basic/unit/submit', { code: 'RTU', name: 'Root unit', type: 'QUANTITY', rate: 1 })).status).toBe(200);
    // take them back so the other tests see the tenant as before
    await allocate('clerk', { apiScopes: [] });
    const scopes = data(await admin.get<Page<Row>>('/api/bl-system/apiscope/list?categoryId=basic-api')).records;
    data(await admin.post(`/api/bl-system/apiscope/remove?ids=${scopes.map((s) => s.id).join(',')}`));
    expect((await me.get(`${C}/list`)).status).toBe(200);
  });

  it('refuses every command whose button the role lacks, and allows it once allocated', async () => {
    const approver = await t.client().as('100001', 'approver');
    const unit = '/api/bl-basic/unit';
    expect((await approver.post(`${unit}/submit`, { code: 'APU', name: 'Approver unit', type: 'QUANTITY', rate: 1 })).status).toBe(403);
    expect((await approver.get(`${unit}/export`)).status).toBe(403);
    expect((await approver.post(`${unit}/import`)).status).toBe(403);
    expect((await approver.post(`/api/bl-system/user/reset-password?ids=${customers['HB-OPS']}`)).status).toBe(403);
    expect((await approver.get(`${unit}/list`)).status).toBe(200);
    const r = await role('approver');
    await allocate('approver', { menus: [...((r.menus as string[]) ?? []), 'unit_add', 'unit_export'] });
    expect((await approver.post(`${unit}/submit`, { code: 'APU', name: 'Approver unit', type: 'QUANTITY', rate: 1 })).status).toBe(200);
    expect(await exportStatus(approver, unit)).toBe(200);
    const created = data(await approver.get<Page<Row>>(`${unit}/list?code=APU`)).records[0]!;
    expect((await approver.post(`${unit}/submit`, { ...created, name: 'Renamed' })).status).toBe(403);
    expect((await approver.post(`${unit}/remove?ids=${created.id}`)).status).toBe(403);
  });

  it('lets nobody hand out more than they hold: roles, users, menus, API permissions, data scopes', async () => {
    const r = await role('clerk');
    await allocate('clerk', { menus: [...((r.menus as string[]) ?? []), 'role_edit', 'role_add', 'user_add', 'user_edit', 'datascope_add', 'menu_edit', 'apiscope_add'] });
    const me = users['HB-FIN']!;
    const clerk = await role('clerk');
    // one's own role
    expect((await me.post('/api/bl-system/role/submit', { ...clerk, menus: [...(clerk.menus as string[]), 'user_delete'] })).status).toBe(403);
    expect((await me.post('/api/bl-system/role/submit', { ...clerk, dataScopes: ['cust-all'] })).body.msg).toContain('clerk');
    // another role: only what one holds
    const keeper = await role('keeper');
    expect((await me.post('/api/bl-system/role/submit', { ...keeper, menus: [...(keeper.menus as string[]), 'user_delete'] })).status).toBe(403);
    expect((await me.post('/api/bl-system/role/submit', { ...keeper, menus: [...(keeper.menus as string[]), 'customer_export'] })).status).toBe(200);
    expect((await me.post('/api/bl-system/role/submit', { roleAlias: 'mine', roleName: 'Mine', menus: ['*'] })).status).toBe(403);
    expect((await me.post('/api/bl-system/role/submit', { roleAlias: 'mine', roleName: 'Mine', menus: ['customer_add'] })).status).toBe(200);
    // users: never the admin role, never a role beyond one's own, never one's own roles or department
    expect((await me.post('/api/bl-system/user/submit', { account: 'boss', name: 'Boss', roleId: ['admin'], password: 'x' })).status).toBe(403);
    expect((await me.post('/api/bl-system/user/submit', { account: 'boss', name: 'Boss', roleId: ['keeper'], password: 'x' })).status).toBe(403);
    expect((await me.post('/api/bl-system/user/submit', { account: 'helper', name: 'Helper', roleId: ['mine'], password: 'Pa55word!' })).status).toBe(200);
    const self = data(await admin.get<Page<Row>>('/api/bl-system/user/list?account=u-hb-fin')).records[0]!;
    expect((await me.post('/api/bl-system/user/submit', { ...self, deptId: 'HB' })).status).toBe(403);
    expect((await me.post('/api/bl-system/user/submit', { ...self, roleId: ['clerk', 'mine'] })).status).toBe(403);
    // the rules themselves are administrators' work
    expect((await me.post('/api/bl-system/datascope/submit', { scopeCode: 'mine-all', scopeName: 'x', resourceCode: '*', scopeType: '1' })).status).toBe(403);
    expect((await me.post('/api/bl-system/apiscope/submit', { categoryId: 'basic-api', resourceCode: 'x', scopeName: 'x', resourceUrl: '/api/x', scopeType: 'URL' })).status).toBe(403);
    const menu = data(await admin.get<Page<Row>>('/api/bl-system/menu/list?code=customer_add')).records[0]!;
    expect((await me.post('/api/bl-system/menu/submit', { ...menu, code: 'user_delete' })).status).toBe(403);
  });

  it('applies a change of a user’s roles at the next request, without a new token', async () => {
    const me = users['HB-TRN']!;
    expect(await exportStatus(me, CUSTOMER)).toBe(200);
    const self = data(await admin.get<Page<Row>>('/api/bl-system/user/list?account=u-hb-trn')).records[0]!;
    data(await admin.post('/api/bl-system/user/submit', { ...self, roleId: ['approver'] }));
    expect(await exportStatus(me, CUSTOMER)).toBe(403);
  });
});
