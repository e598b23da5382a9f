import type { FlowActor } from '@tpl/contracts';

/** Deployments of one process key (stream FlowDefinition-<tenant>-<key>): each deploy is the next version. */
export const DEFINITION_STREAM = 'FlowDefinition';
export const definitionStream = (tenantId: string, key: string) => `${DEFINITION_STREAM}-${tenantId}-${key}`;
/** Designer drafts (stream FlowModel-<tenant>-<id>). */
export const MODEL_STREAM = 'FlowModel';
export const modelStream = (tenantId: string, id: string) => `${MODEL_STREAM}-${tenantId}-${id}`;
/** Review configuration of one document type (stream FlowReviewConfig-<tenant>-<documentType>). */
export const REVIEW_CONFIG_STREAM = 'FlowReviewConfig';
export const reviewConfigStream = (tenantId: string, documentType: string) => `${REVIEW_CONFIG_STREAM}-${tenantId}-${documentType}`;

export type DefinitionEvent =
  | {
      type: 'ProcessDefinitionDeployed';
      data: { definitionId: string; deploymentId: string; key: string; name: string; version: number; xml: string; categoryId: string | null; documentType: string | null; modelId: string | null };
    }
  | { type: 'ProcessDefinitionSuspended'; data: { definitionId: string } }
  | { type: 'ProcessDefinitionActivated'; data: { definitionId: string } }
  | { type: 'ProcessDefinitionDeleted'; data: { definitionId: string } };

export type ModelEvent =
  | { type: 'FlowModelSaved'; data: { id: string; modelKey: string; name: string; categoryId: string | null; description: string | null; xml: string } }
  | { type: 'FlowModelDeployed'; data: { definitionId: string; version: number } }
  | { type: 'FlowModelRemoved'; data: Record<string, never> };

export type ReviewConfigEvent = { type: 'ReviewConfigured'; data: { documentType: string; processKey: string; enabled: boolean } };

export type DefinitionRecord = {
  definitionId: string;
  deploymentId: string;
  key: string;
  name: string;
  version: number;
  xml: string;
  categoryId: string | null;
  documentType: string | null;
  state: 'active' | 'suspended';
  deleted: boolean;
  deployedBy: FlowActor;
  deployedAt: string;
};

/** The versions of a key, folded from its stream. */
export const foldDefinitions = (events: { type: string; data: unknown; metadata: { actor: FlowActor; occurredAt: string } }[]): DefinitionRecord[] => {
  const out: DefinitionRecord[] = [];
  for (const raw of events) {
    const e = raw as unknown as DefinitionEvent & { metadata: { actor: FlowActor; occurredAt: string } };
    if (e.type === 'ProcessDefinitionDeployed') {
      const { modelId: _m, ...d } = e.data;
      out.push({ ...d, state: 'active', deleted: false, deployedBy: e.metadata.actor, deployedAt: e.metadata.occurredAt });
      continue;
    }
    const def = out.find((d) => d.definitionId === e.data.definitionId);
    if (!def) continue;
    if (e.type === 'ProcessDefinitionSuspended') def.state = 'suspended';
    if (e.type === 'ProcessDefinitionActivated') def.state = 'active';
    if (e.type === 'ProcessDefinitionDeleted') def.deleted = true;
  }
  return out;
};
