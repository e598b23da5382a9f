import type { ServiceContext } from '@tpl/event-store';
import { IdentityModule } from './identity.module';
import { identityMigrations, identityPlatformTables } from './identity.migrations';
import { userAccountsProjection } from './user-accounts.projection';
import { oauthLinksProjection } from './social/oauth-links.projection';
import { registrationsProjection } from './registration/registration.projection';
import { DEMO_TENANTS, seedTenants } from './seed';
import { identityMenus } from './identity.menus';

/**
 * The identity context's front door to the host: tenants, users, sessions and sign-in; the
 * sign-in tables kept from user records (inline); the tenant registry, which the platform
 * tenant manages; the demo's tenants.
 */
export const identityContext: ServiceContext = {
  name: 'identity',
  menus: identityMenus,
  module: () => IdentityModule,
  migrations: identityMigrations,
  projections: [userAccountsProjection, oauthLinksProjection, registrationsProjection],
  platformTables: identityPlatformTables,
  seeds: { tenants: { ids: DEMO_TENANTS.map((t) => t.tenantId), make: (pool) => seedTenants(pool) } },
};
