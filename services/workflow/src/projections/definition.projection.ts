import { sql, type InlineProjection, type SqlText, type StoredEvent } from '@tpl/event-store';
import type { DefinitionEvent, ModelEvent, ReviewConfigEvent } from '../definition/definition.events';

const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);

const statementsFor = (stored: StoredEvent): SqlText[] => {
  const e = { type: stored.type, data: stored.data } as DefinitionEvent | ModelEvent | ReviewConfigEvent;
  const { tenantId, occurredAt, actor } = stored.metadata;
  switch (e.type) {
    case 'ProcessDefinitionDeployed': {
      const d = e.data;
      const statements = [
        sql(
          `INSERT INTO wf_definitions (tenant_id, definition_id, key, name, version, deployment_id, category_id, document_type, state, deployed_by, deployed_at, xml)
           VALUES (%L, %L, %L, %L, %L, %L, %L, %L, 'active', %L, %L, %L)`,
          tenantId, d.definitionId, d.key, d.name, d.version, d.deploymentId, d.categoryId, d.documentType, actor, occurredAt, d.xml,
        ),
      ];
      return statements;
    }
    case 'ProcessDefinitionSuspended':
    case 'ProcessDefinitionActivated':
      return [sql(`UPDATE wf_definitions SET state = %L WHERE tenant_id = %L AND definition_id = %L`, e.type === 'ProcessDefinitionSuspended' ? 'suspended' : 'active', tenantId, e.data.definitionId)];
    case 'ProcessDefinitionDeleted':
      return [sql(`UPDATE wf_definitions SET del_flag = 2 WHERE tenant_id = %L AND definition_id = %L`, tenantId, e.data.definitionId)];
    case 'FlowModelSaved': {
      const d = e.data;
      return [
        sql(
          `INSERT INTO wf_models (tenant_id, id, model_key, name, category_id, description, xml, version, updated_by, updated_at)
           VALUES (%L, %L, %L, %L, %L, %L, %L, %L, %L, %L)
           ON CONFLICT (tenant_id, id) DO UPDATE SET model_key = EXCLUDED.model_key, name = EXCLUDED.name, category_id = EXCLUDED.category_id,
             description = EXCLUDED.description, xml = EXCLUDED.xml, version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
          tenantId, d.id, d.modelKey, d.name, d.categoryId, d.description, d.xml, stored.version, actor.name, occurredAt,
        ),
      ];
    }
    case 'FlowModelDeployed':
      return [sql(`UPDATE wf_models SET deployed_version = %L, version = %L WHERE tenant_id = %L AND id = %L`, e.data.version, stored.version, tenantId, idOf(stored))];
    case 'FlowModelRemoved':
      return [sql(`UPDATE wf_models SET is_deleted = TRUE, version = %L WHERE tenant_id = %L AND id = %L`, stored.version, tenantId, idOf(stored))];
    case 'ReviewConfigured':
      return [
        sql(
          `INSERT INTO wf_review_config (tenant_id, document_type, process_key, enabled, updated_by, updated_at) VALUES (%L, %L, %L, %L, %L, %L)
           ON CONFLICT (tenant_id, document_type) DO UPDATE SET process_key = EXCLUDED.process_key, enabled = EXCLUDED.enabled,
             updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
          tenantId, e.data.documentType, e.data.processKey, e.data.enabled, actor.name, occurredAt,
        ),
      ];
  }
};

export const definitionProjection: InlineProjection = {
  name: 'flow-definitions',
  tables: ['wf_definitions', 'wf_models', 'wf_review_config'],
  handles: [
    'ProcessDefinitionDeployed',
    'ProcessDefinitionSuspended',
    'ProcessDefinitionActivated',
    'ProcessDefinitionDeleted',
    'FlowModelSaved',
    'FlowModelDeployed',
    'FlowModelRemoved',
    'ReviewConfigured',
  ],
  project: (events) => events.flatMap(statementsFor),
};
