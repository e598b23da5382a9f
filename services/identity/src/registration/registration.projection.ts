import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';
import { REGISTRATION_EVENT_TYPES, type RegistrationEvent } from './registration.events';

const idOf = (e: StoredEvent) => e.streamName.slice(-36);

const statementFor = (e: StoredEvent): SqlText[] => {
  const tenant = e.metadata.tenantId;
  const ev = { type: e.type, data: e.data } as RegistrationEvent;
  switch (ev.type) {
    case 'RegistrationSubmitted': {
      const d = ev.data;
      return [
        sql(
          `INSERT INTO idn_registrations (tenant_id, id, version, account, name, source, uuid, oauth_record_id, external_name, email, avatar, status, submitted_at)
           VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, 'PENDING', %L)`,
          tenant, d.id, e.version, d.account, d.name, d.source, d.uuid, d.oauthRecordId, d.externalName, d.email, d.avatar, e.metadata.occurredAt,
        ),
      ];
    }
    case 'RegistrationApproved':
      return [
        sql(
          `UPDATE idn_registrations SET version = %L, status = 'APPROVED', role_id = %L::jsonb, dept_id = %L, decided_at = %L, decided_by = %L WHERE tenant_id = %L AND id = %L`,
          e.version, ev.data.roleId, ev.data.deptId, e.metadata.occurredAt, e.metadata.actor.name, tenant, idOf(e),
        ),
      ];
    case 'RegistrationRejected':
      return [
        sql(
          `UPDATE idn_registrations SET version = %L, status = 'REJECTED', reason = %L, decided_at = %L, decided_by = %L WHERE tenant_id = %L AND id = %L`,
          e.version, ev.data.reason, e.metadata.occurredAt, e.metadata.actor.name, tenant, idOf(e),
        ),
      ];
    default:
      return [];
  }
};

/** The administrator's list of registrations, kept in the append's transaction (the unique pending indexes guard races). */
export const registrationsProjection: InlineProjection = {
  name: 'registrations',
  tables: ['idn_registrations'],
  handles: REGISTRATION_EVENT_TYPES,
  project: (events) => events.flatMap(statementFor),
};
