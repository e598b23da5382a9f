import { ALL_ACCESS, BILLING_REPORT_MENUS, dataSchemaOf, entityByName } from '@tpl/contracts';
import type { ContextMenus } from '@tpl/event-store';
import { composeMenus } from './menu-tree';
import type { LiveRecord, RecordContext, RecordsPort } from '@tpl/masterdata';

type Rec = Record<string, unknown>;

/**
 * The demo menu tree, from every context's menus (ServiceContext.menus, composed by
 * composeMenus): each context's entries with their command buttons, and the all-access wildcard
 * `*` (allocated to no demo role). The allocations reproduce the demo roles' work, each context
 * saying what its roles get: keepers keep master data and the warehouse, dispatchers transport
 * master data and consignments, finance its agreements, customers, cost types and bills, the
 * auditor reads (and exports) everything, approvers read consignments; admin has all.
 */
export const demoMenus = (contributions: readonly ContextMenus[]) => composeMenus(contributions);

/** Access's own part of the menus: the all-access wildcard, and the auditor reads every entry. */
export const accessMenus: ContextMenus = {
  add: (tree) => tree.button(ALL_ACCESS, '全部权限', undefined, 99),
  grants: (tree) => ({ auditor: tree.entries() }),
};

/**
 * The demo organisation (a three-level department tree), data scopes ready to allocate
 * (none is, so the demo roles see every row) and API permission categories.
 */
export const demoAccessRecords = (): [entity: string, records: Rec[]][] => [
  [
    'dept',
    [
      { code: 'HB', deptName: '港湾物流', fullName: '上海港湾物流有限公司', sort: 1 },
      { code: 'HB-OPS', deptName: '运营中心', parentId: 'HB', sort: 1 },
      { code: 'HB-TRN', deptName: '运输部', parentId: 'HB-OPS', sort: 1 },
      { code: 'HB-WH', deptName: '仓储部', parentId: 'HB-OPS', sort: 2 },
      { code: 'HB-FIN', deptName: '财务部', parentId: 'HB', sort: 2 },
    ],
  ],
  [
    'datascope',
    [
      { scopeCode: 'consignment-own', scopeName: '托运单：本人', resourceCode: 'consignment', scopeType: '2', scopeColumn: 'createUser' },
      { scopeCode: 'consignment-dept', scopeName: '托运单：本部门', resourceCode: 'consignment', scopeType: '3', scopeColumn: 'createDept' },
      { scopeCode: 'consignment-dept-below', scopeName: '托运单：本部门及以下', resourceCode: 'consignment', scopeType: '4', scopeColumn: 'createDept' },
      { scopeCode: 'all-own', scopeName: '全部资源：本人', resourceCode: '*', scopeType: '2', scopeColumn: 'createUser' },
    ],
  ],
  [
    'apiscopecategory',
    [
      { code: 'system', name: '系统管理接口', sort: 1 },
      { code: 'basic', name: '基础数据接口', sort: 2 },
      { code: 'transport', name: '运输接口', sort: 3 },
    ],
  ],
];

const ROLE_NAMES: Record<string, string> = {
  admin: '管理员',
  dispatcher: '调度员',
  approver: '审批人',
  auditor: '审计员',
  keeper: '仓管员',
  finance: '财务',
  guard: '门卫',
  owner: '货主',
};

/** Records of `entity` the tenant has, by code (read through master data's records port). */
const existing = async (records: RecordsPort, tenantId: string, entity: string, codes?: string[]): Promise<Map<string, LiveRecord & { data: Rec }>> =>
  new Map(
    (await records.live(tenantId, [entity], codes ? { codes } : {})).flatMap((r) => (r.code === null ? [] : [[r.code, { ...r, data: r.data ?? {} }] as const])),
  );

const importMissing = async (records: RecordsPort, ctx: RecordContext, entity: string, recs: Rec[]): Promise<string[]> => {
  const def = entityByName(entity);
  if (!def?.codeField) return [];
  const have = await existing(records, ctx.tenantId, entity);
  const missing = recs.filter((r) => !have.has(String(r[def.codeField!])));
  if (missing.length) await records.importAll(def, ctx, missing.map((m) => dataSchemaOf(def).parse(m) as Rec));
  return missing.map((m) => String(m[def.codeField!]));
};

/**
 * The billing reports answering several routes once named every route's entry alike (月度计费汇总
 * three times): an entry still carrying the report's shared words is given its route's own. An
 * entry renamed by the tenant (another alias) is left as it is.
 */
const renameSharedEntries = async (records: RecordsPort, ctx: RecordContext, menus: Rec[]): Promise<void> => {
  const menuDef = entityByName('menu');
  if (!menuDef) return;
  const wanted = new Map(BILLING_REPORT_MENUS.filter((m) => m.alias.startsWith('billingReport.menus.')).map((m) => [m.code, m]));
  const have = await existing(records, ctx.tenantId, 'menu', [...wanted.keys()]);
  for (const [code, r] of have) {
    const m = wanted.get(code)!;
    const was = r.data.alias;
    if (typeof was !== 'string' || !was.startsWith('billingReport.titles.') || was === m.alias) continue;
    const seeded = menus.find((x) => x.code === code);
    await records.submit(menuDef, ctx, { id: r.id, version: r.version, data: { ...r.data, alias: m.alias, ...(seeded ? { name: seeded.name } : {}) } });
  }
};

/**
 * Menus, organisation, roles and users a tenant is missing, made as records (passwords as
 * PasswordSet events). Menu and button records added by a newer version are allocated to
 * the existing demo roles as the demo matrix says; nothing else existing is changed.
 */
export const seedUsers = async (
  records: RecordsPort,
  ctx: RecordContext,
  users: { account: string; password: string; name: string; roles: string[]; deptId?: string; customerCode?: string }[],
  contributions: readonly ContextMenus[],
): Promise<number> => {
  const roleDef = entityByName('role');
  const userDef = entityByName('user');
  if (!roleDef || !userDef) return 0;
  const { menus, topmenus, allocations } = demoMenus(contributions);
  const firstRun = !(await existing(records, ctx.tenantId, 'menu', ['consignment'])).size;
  const newMenus = await importMissing(records, ctx, 'menu', menus);
  if (firstRun) await importMissing(records, ctx, 'topmenu', topmenus);
  // a menu group added by a newer version joins the top menu the demo puts it in (the reports on the workbench)
  else if (newMenus.includes('reportManagement')) {
    const work = (await existing(records, ctx.tenantId, 'topmenu', ['work'])).get('work');
    const menusNow = (work?.data.menus as string[] | undefined) ?? [];
    if (work && !menusNow.includes('reportManagement')) {
      await records.submit(entityByName('topmenu')!, ctx, { id: work.id, version: work.version, data: { ...work.data, menus: [...menusNow, 'reportManagement'] } });
    }
  }
  if (!firstRun) await renameSharedEntries(records, ctx, menus);
  if (users.some((u) => u.deptId)) for (const [entity, recs] of demoAccessRecords()) await importMissing(records, ctx, entity, recs);

  const roles = [...new Set(users.flatMap((u) => u.roles))];
  const existingRoles = await existing(records, ctx.tenantId, 'role', roles);
  if (!firstRun && newMenus.length) {
    const added = new Set(newMenus);
    for (const [alias, r] of existingRoles) {
      const more = (allocations[alias] ?? []).filter((c) => added.has(c));
      if (!more.length) continue;
      const menusNow = [...new Set([...((r.data.menus as string[] | undefined) ?? []), ...more])];
      await records.submit(roleDef, ctx, { id: r.id, version: r.version, data: { ...r.data, menus: menusNow } });
    }
  }
  const newRoles = roles
    .filter((r) => !existingRoles.has(r))
    .map((r, i) => ({ roleAlias: r, roleName: ROLE_NAMES[r] ?? r, sort: i + 1, ...(allocations[r] ? { menus: allocations[r] } : {}) }));
  if (newRoles.length) await records.importAll(roleDef, ctx, newRoles.map((r) => dataSchemaOf(roleDef).parse(r) as Rec));
  const existingUsers = await existing(records, ctx.tenantId, 'user', users.map((u) => u.account));
  const newUsers = users
    .filter((u) => !existingUsers.has(u.account))
    .map((u) => ({
      ...(dataSchemaOf(userDef).parse({ account: u.account, name: u.name, roleId: u.roles, ...(u.deptId ? { deptId: u.deptId } : {}), ...(u.customerCode ? { customerCode: u.customerCode } : {}) }) as Rec),
      password: u.password,
    }));
  if (newUsers.length) await records.importAll(userDef, ctx, newUsers);
  return newUsers.length;
};
