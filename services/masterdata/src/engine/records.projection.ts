import { entities, type EntityDef } from '@tpl/contracts';
import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';
import { RECORDS_TABLE } from './records.migrations';
import { eventType, kindOf, pascal } from './record.events';

const defOfStream = (streamName: string, defs: readonly EntityDef[]) => {
  const prefix = streamName.split('-')[0]!;
  return defs.find((d) => pascal(d.name) === prefix);
};

const extracted = (def: EntityDef, data: Record<string, unknown>) => {
  const s = (k: string | undefined) => (k && data[k] !== undefined && data[k] !== null ? String(data[k]) : null);
  return { code: s(def.codeField), name: s(def.nameField) ?? s(def.codeField), parent: s(def.tree?.parentField) };
};

const statementFor = (e: StoredEvent, def: EntityDef): SqlText | undefined => {
  const m = e.metadata;
  const id = e.streamName.slice(-36);
  switch (kindOf(e.type)) {
    case 'Created': {
      const { data } = e.data as { data: Record<string, unknown> };
      const x = extracted(def, data);
      return sql(
        `INSERT INTO ${RECORDS_TABLE} (tenant_id, entity, id, code, name, parent_code, data, version, remark, create_user, create_user_name,
           create_dept, create_time, update_user, update_user_name, update_time)
         VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L, %L)`,
        m.tenantId, def.name, id, x.code, x.name, x.parent, data, e.version, data.remark ?? null, m.actor.userId, m.actor.name,
        m.actor.deptId ?? null, m.occurredAt, m.actor.userId, m.actor.name, m.occurredAt,
      );
    }
    case 'Changed': {
      const { data } = e.data as { data: Record<string, unknown> };
      const x = extracted(def, data);
      return sql(
        `UPDATE ${RECORDS_TABLE} SET code = %L, name = %L, parent_code = %L, data = %L, version = %L, remark = %L,
           update_user = %L, update_user_name = %L, update_time = %L WHERE tenant_id = %L AND id = %L`,
        x.code, x.name, x.parent, data, e.version, data.remark ?? null, m.actor.userId, m.actor.name, m.occurredAt, m.tenantId, id,
      );
    }
    case 'Removed':
      return sql(
        `UPDATE ${RECORDS_TABLE} SET is_deleted = TRUE, version = %L, update_user = %L, update_user_name = %L, update_time = %L
          WHERE tenant_id = %L AND id = %L`,
        e.version, m.actor.userId, m.actor.name, m.occurredAt, m.tenantId, id,
      );
    case 'PasswordSet':
      return sql(
        `UPDATE ${RECORDS_TABLE} SET version = %L, update_user = %L, update_user_name = %L, update_time = %L WHERE tenant_id = %L AND id = %L`,
        e.version, m.actor.userId, m.actor.name, m.occurredAt, m.tenantId, id,
      );
    default:
      return undefined;
  }
};

/** The framework's one inline projection: every entity's events into md_records. */
export const recordsProjection = (defs: readonly EntityDef[] = entities): InlineProjection => ({
  name: 'records',
  tables: [RECORDS_TABLE],
  handles: defs.flatMap((d) => (['Created', 'Changed', 'Removed', 'PasswordSet'] as const).map((k) => eventType(d, k))),
  project: (events) =>
    events.flatMap((e) => {
      const def = defOfStream(e.streamName, defs);
      const s = def && statementFor(e, def);
      return s ? [s] : [];
    }),
});
