import type { Pool } from 'pg';

export type DemoUser = { tenantId: string; account: string; password: string; name: string; roles: string[]; deptId?: string };
export type DemoTenant = { tenantId: string; name: string; users: DemoUser[] };

const user = (tenantId: string, account: string, password: string, name: string, roles: string[], deptId?: string): DemoUser => ({
  tenantId,
  account,
  password,
  name,
  roles,
  ...(deptId ? { deptId } : {}),
});

/** DESIGN section 5: tenant 000000 with admin/admin, and operator tenants with one user per headline role. */
export const DEMO_TENANTS: DemoTenant[] = [
  { tenantId: '000000', name: 'Platform administration', users: [user('000000', 'admin', 'admin', 'Platform administrator', ['admin'])] },
  {
    tenantId: '100001',
    name: 'Harbor Logistics (demo 3PL operator)',
    users: [
      // departments: HB > HB-OPS > (HB-TRN, HB-WH); HB > HB-FIN (the demo organisation of records.seed)
      user('100001', 'admin', 'admin', 'Tenant administrator', ['admin'], 'HB'),
      user('100001', 'dispatcher', 'demo123', 'Dora Dispatcher', ['dispatcher'], 'HB-TRN'),
      user('100001', 'approver', 'demo123', 'Abel Approver', ['approver'], 'HB-OPS'),
      user('100001', 'auditor', 'demo123', 'Aude Auditor', ['auditor'], 'HB'),
      user('100001', 'keeper', 'demo123', 'Kai Keeper', ['keeper'], 'HB-WH'),
      user('100001', 'finance', 'demo123', 'Fay Finance', ['finance'], 'HB-FIN'),
    ],
  },
  {
    tenantId: '100002',
    name: 'Eastwind Supply Chain (second demo operator)',
    users: [user('100002', 'dispatcher', 'demo123', 'Eli Dispatcher', ['dispatcher'])],
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
