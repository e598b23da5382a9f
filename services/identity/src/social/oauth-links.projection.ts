import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';

type OauthData = { source?: string; uuid?: string; userId?: string };

const statementFor = (e: StoredEvent): SqlText[] => {
  const tenant = e.metadata.tenantId;
  const id = e.streamName.slice(-36);
  switch (e.type) {
    case 'UseroauthCreated':
    case 'UseroauthChanged': {
      const d = (e.data as { data: OauthData }).data;
      return [
        sql(
          `INSERT INTO idn_oauth_links (tenant_id, record_id, source, uuid, account, created_at) VALUES (%L, %L, %L, %L, %L, %L)
           ON CONFLICT (tenant_id, record_id) DO UPDATE SET source = EXCLUDED.source, uuid = EXCLUDED.uuid, account = EXCLUDED.account`,
          tenant, id, d.source ?? '', d.uuid ?? '', d.userId || null, e.metadata.occurredAt,
        ),
      ];
    }
    case 'UseroauthRemoved':
      return [sql(`UPDATE idn_oauth_links SET removed = TRUE WHERE tenant_id = %L AND record_id = %L`, tenant, id)];
    default:
      return [];
  }
};

/**
 * Which user a third-party account signs in as: the useroauth records of system
 * administration (made by the social flow or by hand) keep this table in step, in the
 * same transaction, so sign-in reads a plain table.
 */
export const oauthLinksProjection: InlineProjection = {
  name: 'oauth-links',
  tables: ['idn_oauth_links'],
  handles: ['UseroauthCreated', 'UseroauthChanged', 'UseroauthRemoved'],
  project: (events) => events.flatMap(statementFor),
};
