import { ALL_ACCESS, BILLING_REPORT_MENUS, PUT_AWAY_LIST, otherBillDocuments, actionsOf, buttonCode, dataSchemaOf, DOCUMENT_MENU_GROUPS, documentButtons, documents, entities, entityByName, FLOW_BUTTONS, STOCK_REPORT_MENUS, type EntityAction } from '@tpl/contracts';
import type { LiveRecord, RecordContext, RecordsPort } from '@tpl/masterdata';

type Rec = Record<string, unknown>;

/**
 * The demo menu tree: consignment work, master data and system administration, each
 * entity with its command buttons (`<entity>_add` ... `<entity>_export`), the consignment's
 * buttons, and the all-access wildcard `*` (allocated to no demo role). The allocations
 * reproduce the demo roles' work: keepers keep master data, dispatchers transport master
 * data and consignments, finance reads its agreements, customers and cost types, the
 * auditor reads (and exports) everything, approvers read consignments; admin has all.
 */
export const demoMenus = () => {
  const menus: Rec[] = [];
  const menu = (code: string, name: string, path: string, parentId?: string, sort = 0, alias?: string) =>
    menus.push({ code, name, path, category: 'MENU', isShow: 1, isOpen: 0, sort, ...(parentId ? { parentId } : {}), ...(alias ? { alias } : {}) });
  const button = (code: string, name: string, parentId: string | undefined, sort: number) =>
    menus.push({ code, name, path: '', category: 'BUTTON', action: 'TOOLBAR', isShow: 1, sort, ...(parentId ? { parentId } : {}) });
  menu('transport', '运输管理', '/transport', undefined, 1, 'menu.transport');
  // every document type's menu entry and its buttons, from its description (the document kit)
  for (const d of documents) {
    const group = DOCUMENT_MENU_GROUPS[d.menu.parent];
    if (group && !menus.some((m) => m.code === d.menu.parent)) menu(d.menu.parent, group.label[0], group.path, undefined, group.sort, `menuGroups.${d.menu.parent}`);
    menu(d.name, d.title[0], d.routes.list, d.menu.parent, d.menu.sort, `${d.name}.title`);
    Object.entries(documentButtons(d)).forEach(([action, code], i) => button(code, action, d.name, i + 1));
  }
  // the dispatcher board and the order's cross-document timeline (web/src/features/transport)
  menu('dispatchBoard', '调度看板', '/dispatchBoard', 'transport', 0, 'menu.dispatchBoard');
  menu('consignmentTimeline', '托运链时间线', '/consignmentTimeline', 'transport', 90, 'menu.consignmentTimeline');
  // approvals: the work entries (start, the inbox lists) and the design entries, with the workflow's button codes
  menu('flow', '流程', '/flowable', undefined, 2, 'flow.menu.group');
  const flowWork: [string, string, string][] = [
    ['start', '发起流程', '/flowable/work/start'],
    ['todo', '我的待办', '/flowable/work/todo'],
    ['claim', '待签任务', '/flowable/work/claim'],
    ['done', '办结任务', '/flowable/work/done'],
    ['send', '我的请求', '/flowable/work/send'],
    ['copy', '我的抄送', '/flowable/work/copy'],
  ];
  const flowDesign: [string, string, string][] = [
    ['designer', '流程设计', '/definition/designer'],
    ['definitions', '流程管理', '/definition/manager'],
    ['reviewConfig', '审批配置', '/definition/review'],
  ];
  [...flowWork, ...flowDesign].forEach(([key, name, path], i) => menu(`flow_${key}`, name, path, 'flow', i + 1, `flow.menu.${key}`));
  Object.values(FLOW_BUTTONS).forEach((code, i) => button(code, code, 'flow', 20 + i));
  // [service, menu code, name, the console's i18n key of the group]
  const areas: [string, string, string, string][] = [
    ['bl-system', 'system', '系统管理', 'md.services.system'],
    ['bl-resource', 'resource', '资源管理', 'md.services.resource'],
    ['bl-basic', 'basic', '基础资料', 'md.services.basic'],
    ['bl-transport', 'transportData', '运输基础资料', 'md.services.transport'],
    ['bl-flow', 'flowData', '流程配置', 'md.services.flow'],
  ];
  areas.forEach(([service, code, name, alias], i) => {
    menu(code, name, `/md/${code}`, undefined, 10 + i, alias);
    entities
      .filter((d) => d.service === service)
      .forEach((d, k) => {
        menu(`md_${d.name}`, d.title[0], `/md/${d.name}`, code, k + 1, `${d.name}.title`);
        actionsOf(d).forEach((a, n) => button(buttonCode(d, a), `${d.title[0]} ${ACTION_NAMES[a]}`, `md_${d.name}`, n + 1));
      });
  });
  // guest registrations from social sign-in, decided by the tenant's administrator
  menu('registration', '注册申请', '/system/registrations', 'system', 90, 'registration.title');
  button('registration_approve', 'approve', 'registration', 1);
  button('registration_reject', 'reject', 'registration', 2);
  // billing: the month bills of a month are made by one command of their own (beside the kit's buttons)
  if (menus.some((m) => m.code === 'monthbill')) button('monthbill_generate', 'generate', 'monthbill', 20);
  button(ALL_ACCESS, '全部权限', undefined, 99);
  // the stock reports (spec 01 /reportManagement), as contracts list them
  const reportGroup = DOCUMENT_MENU_GROUPS.reportManagement!;
  if (!menus.some((m) => m.code === 'reportManagement')) menu('reportManagement', reportGroup.label[0], reportGroup.path, undefined, reportGroup.sort, 'menuGroups.reportManagement');
  STOCK_REPORT_MENUS.forEach((r, i) => menu(r.code, r.name, r.path, 'reportManagement', 20 + i, r.alias));
  // the keeper's put-away list, beside the inbound documents (whoever works the inbound group gets it)
  if (menus.some((m) => m.code === 'warehousingManagement')) menu(PUT_AWAY_LIST.code, PUT_AWAY_LIST.name, PUT_AWAY_LIST.path, 'warehousingManagement', 3, PUT_AWAY_LIST.alias);
  // the warehouse's menu groups (inbound, outbound, ...) as its documents name them, in the groups' order
  const warehouseGroups = [...new Set(documents.filter((d) => d.service === 'bl-warehouse').map((d) => d.menu.parent))].sort(
    (x, y) => (DOCUMENT_MENU_GROUPS[x]?.sort ?? 99) - (DOCUMENT_MENU_GROUPS[y]?.sort ?? 99),
  );
  // the other billing documents (under the billing group /acct, screens at /otherBill): finance's entries and buttons; the
  // entries of the charges a cargo owner is billed (the owner scope keeps it to its own)
  const billingGroups = [...new Set(otherBillDocuments.map((d) => d.menu.parent))];
  const otherBillEntries = otherBillDocuments.flatMap((d) => [d.name, ...menus.filter((m) => m.parentId === d.name).map((m) => String(m.code))]);
  const ownerCharges = otherBillDocuments.filter((d) => 'customerCode' in d.header).map((d) => d.name);
  // the billing reports of /acct (contracts' BILLING_REPORT_MENUS), beside the billing documents
  if (!menus.some((m) => m.code === 'acct')) menu('acct', DOCUMENT_MENU_GROUPS.acct!.label[0], DOCUMENT_MENU_GROUPS.acct!.path, undefined, DOCUMENT_MENU_GROUPS.acct!.sort, 'menuGroups.acct');
  // (the piece-work reports under /reportManagement, after the stock reports)
  BILLING_REPORT_MENUS.forEach((r, i) => menu(r.code, r.name, r.path, r.group, 40 + i, r.alias));
  const billingReportEntries = BILLING_REPORT_MENUS.map((r) => r.code);
  // a cargo owner's user gets no page of the warehouse's own costs (piece work)
  const ownerBillingReportEntries = BILLING_REPORT_MENUS.filter((r) => !r.staffOnly).map((r) => r.code);
  const topmenus: Rec[] = [
    { menuCode: 'work', menuName: '工作台', sort: 1, menus: [...new Set(['transport', ...warehouseGroups, ...billingGroups, 'reportManagement', 'flow'])] },
    { menuCode: 'data', menuName: '基础资料', sort: 2, menus: ['basic', 'transportData'] },
    { menuCode: 'admin', menuName: '系统管理', sort: 3, menus: ['system', 'resource', 'flowData'] },
  ];
  const codesUnder = (parent: string) => menus.filter((m) => m.parentId === parent).map((m) => String(m.code));
  const writes = (area: string) => codesUnder(area).flatMap((m) => [m, ...codesUnder(m)]);
  const reads = (...entityNames: string[]) => entityNames.flatMap((n) => [`md_${n}`, `${n}_export`]);
  const allMenus = menus.filter((m) => m.category === 'MENU').map((m) => String(m.code));
  const allExports = entities.map((d) => buttonCode(d, 'export'));
  const consignmentAll = ['consignment', ...codesUnder('consignment')];
  const reportEntries = ['reportManagement', ...codesUnder('reportManagement')];
  const staffOnlyReports = new Set(BILLING_REPORT_MENUS.filter((r) => r.staffOnly).map((r) => r.code));
  const allocations: Record<string, string[]> = {
    // the transport chain's documents (notes, dispatch, loading, arrival, delivery, schedules: issue 14) with their buttons
    // attach_add: the signing screen stores the drawn signature and the photos as attachments
    dispatcher: [...consignmentAll, ...writes('transportData'), ...writes('transport'), 'attach_add'],
    // the warehouse keeper works every warehouse document (its entries and all their buttons)
    keeper: ['consignment', ...writes('basic'), ...warehouseGroups.flatMap((g) => writes(g)), ...warehouseGroups, ...reportEntries],
    auditor: [...allMenus, ...allExports],
    approver: ['consignment'],
    finance: ['consignment', ...reads('lgagreement', 'customer', 'costtype'), ...reportEntries, ...billingGroups, ...otherBillEntries, ...billingReportEntries],
    // a cargo owner's user: its own documents' entries (no buttons: it reads, the operator acts) and the stock reports
    owner: ['consignment', ...warehouseGroups, ...warehouseGroups.flatMap((g) => codesUnder(g)), ...reportEntries.filter((c) => !staffOnlyReports.has(c)), ...billingGroups, ...ownerCharges, ...ownerBillingReportEntries],
  };
  // billing (issue 15): finance generates, checks, reopens, invoices, records payments and closes month bills; the
  // cargo owner confirms its own (the owner scope keeps it to its customer's bills)
  const monthBillButtons = codesUnder('monthbill');
  // bills are made and brought up to date only by generate (no add, no hand edit of a priced bill)
  allocations.finance = [...allocations.finance!, 'acct', 'monthbill', ...monthBillButtons.filter((c) => !['monthbill_confirm', 'monthbill_add', 'monthbill_edit'].includes(c))];
  allocations.owner = [...allocations.owner!, 'acct', 'monthbill', ...monthBillButtons.filter((c) => c === 'monthbill_confirm' || c === 'monthbill_export' || c === 'monthbill_print')];
  // the fee carry-over: finance settles or writes it off; the owner reads its own
  allocations.finance = [...allocations.finance, 'baccount', ...codesUnder('baccount').filter((c) => c !== 'baccount_add')];
  allocations.owner = [...allocations.owner, 'baccount'];
  // anyone but the read-only auditor may be given a task (a leave's manager, an initiator's sign-off): who
  // acts on which task is the task's assignment; the task buttons let a role act at all; design and
  // deploy stay with admin. Every role has the work entries (the auditor reads what was copied to it).
  const flowEntries = ['flow', ...flowWork.map(([key]) => `flow_${key}`)];
  const taskButtons = Object.values(FLOW_BUTTONS).filter((c) => c.startsWith('flow_task_'));
  for (const role of Object.keys(allocations)) if (role !== 'owner') allocations[role] = [...allocations[role]!, ...flowEntries, ...(role === 'auditor' ? [] : taskButtons)];
  return { menus, topmenus, allocations };
};

const ACTION_NAMES: Record<EntityAction, string> = { add: '新增', edit: '修改', delete: '删除', import: '导入', export: '导出', reset_password: '重置密码' };

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
): Promise<number> => {
  const roleDef = entityByName('role');
  const userDef = entityByName('user');
  if (!roleDef || !userDef) return 0;
  const { menus, topmenus, allocations } = demoMenus();
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
