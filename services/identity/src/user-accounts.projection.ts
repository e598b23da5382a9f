import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';

/**
 * Sign-in reads idn_users; the user records of system administration (the entity
 * framework's User events) keep it up to date in the same transaction, so a user an
 * administrator creates can sign in at once, and a removed one cannot.
 */
type UserData = { account?: string; name?: string; roleId?: string[]; avatar?: string };

const roles = (d: UserData) => sql('ARRAY(SELECT jsonb_array_elements_text(%L::jsonb))', d.roleId ?? []);

const statementFor = (e: StoredEvent): SqlText[] => {
  const tenant = e.metadata.tenantId;
  const userId = e.streamName.slice(-36);
  switch (e.type) {
    case 'UserCreated': {
      const d = (e.data as { data: UserData }).data;
      return [
        sql(
          `INSERT INTO idn_users (tenant_id, user_id, account, name, password_hash, roles, avatar)
           VALUES (%L, %L, %L, %L, '', ${roles(d)}, %L)
           ON CONFLICT (tenant_id, account) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name, roles = EXCLUDED.roles,
             avatar = EXCLUDED.avatar, status = 1`,
          tenant, userId, d.account, d.name ?? d.account, d.avatar ?? '',
        ),
      ];
    }
    case 'UserChanged': {
      const d = (e.data as { data: UserData }).data;
      return [
        sql(`UPDATE idn_users SET account = %L, name = %L, roles = ${roles(d)}, avatar = %L WHERE tenant_id = %L AND user_id = %L`,
          d.account, d.name ?? d.account, d.avatar ?? '', tenant, userId),
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

export const userAccountsProjection: InlineProjection = {
  name: 'user-accounts',
  tables: [],
  handles: ['UserCreated', 'UserChanged', 'UserRemoved', 'UserPasswordSet'],
  project: (events) => events.flatMap(statementFor),
};
