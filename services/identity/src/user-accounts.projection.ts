import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';

/**
 * Sign-in reads idn_users; the user records of system administration (the entity
 * framework's User events) keep it up to date in the same transaction, so a user an
 * administrator creates can sign in at once, and a removed one cannot.
 */
type UserData = { account?: string; name?: string; roleId?: string[]; avatar?: string; phone?: string; deptId?: string; customerCode?: string; domainLogin?: number | boolean };

/** a flag is stored 0 or 1 */
const domainLogin = (d: UserData) => d.domainLogin === 1 || d.domainLogin === true;

const roles = (d: UserData) => sql('ARRAY(SELECT jsonb_array_elements_text(%L::jsonb))', d.roleId ?? []);

const statementFor = (e: StoredEvent): SqlText[] => {
  const tenant = e.metadata.tenantId;
  const userId = e.streamName.slice(-36);
  switch (e.type) {
    case 'UserCreated': {
      const d = (e.data as { data: UserData }).data;
      return [
        sql(
          `INSERT INTO idn_users (tenant_id, user_id, account, name, password_hash, roles, avatar, phone, dept_code, customer_code, domain_login)
           VALUES (%L, %L, %L, %L, '', ${roles(d)}, %L, %L, %L, %L, %L)
           ON CONFLICT (tenant_id, account) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name, roles = EXCLUDED.roles,
             avatar = EXCLUDED.avatar, phone = EXCLUDED.phone, dept_code = EXCLUDED.dept_code, customer_code = EXCLUDED.customer_code,
             domain_login = EXCLUDED.domain_login, directory_roles = '{}', status = 1`,
          tenant, userId, d.account, d.name ?? d.account, d.avatar ?? '', d.phone ?? null, d.deptId ?? null, d.customerCode || null, domainLogin(d),
        ),
      ];
    }
    case 'UserChanged': {
      const d = (e.data as { data: UserData }).data;
      return [
        sql(`UPDATE idn_users SET account = %L, name = %L, roles = ${roles(d)}, avatar = %L, phone = %L, dept_code = %L, customer_code = %L,
               domain_login = %L, directory_roles = CASE WHEN %L THEN directory_roles ELSE '{}' END WHERE tenant_id = %L AND user_id = %L`,
          d.account, d.name ?? d.account, d.avatar ?? '', d.phone ?? null, d.deptId ?? null, d.customerCode || null, domainLogin(d), domainLogin(d), tenant, userId),
      ];
    }
    case 'UserRemoved':
      return [
        sql(`UPDATE idn_users SET status = 0 WHERE tenant_id = %L AND user_id = %L`, tenant, userId),
        sql(`UPDATE idn_sessions SET revoked_at = now(), revoked_reason = 'user removed' WHERE tenant_id = %L AND user_id = %L AND revoked_at IS NULL`, tenant, userId),
      ];
    case 'UserPasswordSet': {
      const { hash } = e.data as { hash: string };
      return [
        sql(`UPDATE idn_users SET password_hash = %L, failed_attempts = 0, locked_until = NULL WHERE tenant_id = %L AND user_id = %L`, hash, tenant, userId),
      ];
    }
    default:
      return [];
  }
};

/**
 * Tenants made in system administration can be signed in to: the Tenant events keep
 * idn_tenants in step (a removed tenant can no longer sign in). Only the platform
 * tenant's administrators should manage tenants; that rule is issue 5's.
 */
const tenantStatement = (e: StoredEvent): SqlText[] => {
  const d = (e.data as { data?: { tenantId?: string; tenantName?: string; captchaEnabled?: number | boolean } }).data;
  switch (e.type) {
    case 'TenantCreated':
    case 'TenantChanged':
      if (!d?.tenantId) return [];
      return [
        sql(
          `INSERT INTO idn_tenants (tenant_id, name, status, captcha_enabled) VALUES (%L, %L, 1, %L)
           ON CONFLICT (tenant_id) DO UPDATE SET name = EXCLUDED.name, status = 1, captcha_enabled = EXCLUDED.captcha_enabled`,
          d.tenantId, d.tenantName ?? d.tenantId, d.captchaEnabled === 1 || d.captchaEnabled === true,
        ),
      ];
    case 'TenantRemoved': {
      // a record's Removed event names the code it had (the tenant's id): identity reads no other context's table
      const code = (e.data as { code?: string } | undefined)?.code;
      return code ? [sql(`UPDATE idn_tenants SET status = 0 WHERE tenant_id = %L`, code)] : [];
    }
    default:
      return [];
  }
};

export const userAccountsProjection: InlineProjection = {
  name: 'user-accounts',
  tables: [],
  handles: ['UserCreated', 'UserChanged', 'UserRemoved', 'UserPasswordSet', 'TenantCreated', 'TenantChanged', 'TenantRemoved'],
  project: (events) => events.flatMap((e) => (e.type.startsWith('Tenant') ? tenantStatement(e) : statementFor(e))),
};
