import { runInTenant, type ServiceContext } from '@tpl/event-store';
import { DEMO_TENANTS } from '@tpl/identity';
import { RECORDS, type RecordsPort } from '@tpl/masterdata';
import { AccessModule } from './access.module';
import { accessMenus, seedUsers } from './access.seed';

/**
 * The access context's front door to the host: users' rights (its module; the host binds
 * identity's ACCESS_RULES and ROW_SCOPES to its Access); the demo tenants' roles and users, as
 * user records (events), so sign-in and the user screens agree.
 */
export const accessContext: ServiceContext = {
  name: 'access',
  module: () => AccessModule,
  menus: accessMenus,
  seeds: {
    tenant: async ({ app, tenantId, system, log, menus }) => {
      const tenant = DEMO_TENANTS.find((t) => t.tenantId === tenantId);
      if (!tenant) return;
      const records = app.get<RecordsPort>(RECORDS);
      const ctx = { tenantId, actor: system, correlationId: 'demo-seed', causationId: `demo-seed-users-${tenantId}` };
      const n = await runInTenant(tenantId, () => seedUsers(records, ctx, tenant.users, menus));
      if (n) log(`seeded ${n} demo users for tenant ${tenantId}`);
    },
  },
};
