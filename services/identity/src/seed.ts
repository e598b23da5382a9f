import type { Pool } from 'pg';

export type DemoUser = { tenantId: string; account: string; password: string; name: string; roles: string[]; deptId?: string; customerCode?: string };
export type DemoTenant = { tenantId: string; name: string; users: DemoUser[] };

const user = (tenantId: string, account: string, password: string, name: string, roles: string[], deptId?: string, customerCode?: string): DemoUser => ({
  tenantId,
  account,
  password,
  name,
  roles,
  ...(deptId ? { deptId } : {}),
  ...(customerCode ? { customerCode } : {}),
});

/** The demo operator (a working day, a month in the warehouse) and the second operator (a small set of master data). */
export const DEMO_OPERATOR = '100001';
export const SECOND_OPERATOR = '100002';

/**
 * DESIGN section 5: tenant 000000 with admin/admin, and operator tenants with one user per headline role.
 * The demo operators are Chinese companies: their names and their people's are Chinese (data is not
 * translated; the console's labels are).
 */
export const DEMO_TENANTS: DemoTenant[] = [
  { tenantId: '000000', name: '平台管理', users: [user('000000', 'admin', 'admin', '平台管理员', ['admin'])] },
  {
    tenantId: DEMO_OPERATOR,
    name: '港湾物流（演示三方物流运营商）',
    users: [
      // departments: HB > HB-OPS > (HB-TRN, HB-WH); HB > HB-FIN (the demo organisation of records.seed)
      user('100001', 'admin', 'admin', '租户管理员', ['admin'], 'HB'),
      user('100001', 'dispatcher', 'demo123', '杜晓娜', ['dispatcher'], 'HB-TRN'),
      user('100001', 'approver', 'demo123', '白立安', ['approver'], 'HB-OPS'),
      user('100001', 'auditor', 'demo123', '欧阳德', ['auditor'], 'HB'),
      user('100001', 'keeper', 'demo123', '高凯', ['keeper'], 'HB-WH'),
      user('100001', 'finance', 'demo123', '范菲', ['finance'], 'HB-FIN'),
      // the gate's guard (issue 31): today's arrivals, check-in, inspection and check-out
      user('100001', 'guard', 'demo123', '孙保国', ['guard'], 'HB-WH'),
      // a cargo owner's user (customer C001, 安可食品): sees only its own stock, reports and documents
      user('100001', 'owner', 'demo123', '李雷（安可食品）', ['owner'], undefined, 'C001'),
    ],
  },
  {
    // a second operator, with its own administrator and master data (a small set: services/masterdata/src/seed.ts
    // secondOperatorMasterData), to work in and to show that tenants never see each other's data
    tenantId: SECOND_OPERATOR,
    name: '东风供应链（第二个演示运营商）',
    users: [user('100002', 'admin', 'admin', '东风管理员', ['admin']), user('100002', 'dispatcher', 'demo123', '易立', ['dispatcher'])],
  },
];

/** Creates the demo tenants that are missing (their users are made as user records by the host). */
export const seedTenants = async (pool: Pool, tenants: DemoTenant[] = DEMO_TENANTS): Promise<void> => {
  for (const t of tenants) {
    await pool.query(`INSERT INTO idn_tenants (tenant_id, name) VALUES ($1, $2) ON CONFLICT (tenant_id) DO NOTHING`, [t.tenantId, t.name]);
  }
};

/** The actor a demo seed acts as (a real seeded user, so history shows a real name). */
export const demoActor = async (pool: Pool, tenantId: string, account: string) => {
  const { rows } = await pool.query<{ user_id: string; account: string; name: string }>(
    `SELECT user_id, account, name FROM idn_users WHERE tenant_id = $1 AND account = $2`,
    [tenantId, account],
  );
  const u = rows[0];
  return u ? { userId: u.user_id, account: u.account, name: u.name } : undefined;
};
