import type { FlowActor } from '@tpl/contracts';
import type { Fold } from '@tpl/event-store';

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

type Recorded = { type: string; data: unknown; metadata: { actor: FlowActor; occurredAt: string } };

/** One event of a key's stream applied to its versions. */
export const evolveDefinitions = (out: DefinitionRecord[], raw: Recorded): DefinitionRecord[] => {
  const e = raw as unknown as DefinitionEvent & { metadata: { actor: FlowActor; occurredAt: string } };
  if (e.type === 'ProcessDefinitionDeployed') {
    const { modelId: _m, ...d } = e.data;
    return [...out, { ...d, state: 'active', deleted: false, deployedBy: e.metadata.actor, deployedAt: e.metadata.occurredAt }];
  }
  return out.map((d) => {
    if (d.definitionId !== e.data.definitionId) return d;
    if (e.type === 'ProcessDefinitionSuspended') return { ...d, state: 'suspended' };
    if (e.type === 'ProcessDefinitionActivated') return { ...d, state: 'active' };
    if (e.type === 'ProcessDefinitionDeleted') return { ...d, deleted: true };
    return d;
  });
};

/** The versions of a key, folded from its stream. */
export const foldDefinitions = (events: Recorded[]): DefinitionRecord[] => events.reduce(evolveDefinitions, []);
export const definitionsFold: Fold<DefinitionRecord[]> = { initial: () => [], evolve: evolveDefinitions };

/** A designer draft as its stream tells it: whether it exists or was removed. */
export type ModelState = { saved: boolean; removed: boolean };
export const modelFold: Fold<ModelState> = {
  initial: () => ({ saved: false, removed: false }),
  evolve: (m, e) => (e.type === 'FlowModelSaved' ? { ...m, saved: true } : e.type === 'FlowModelRemoved' ? { ...m, removed: true } : m),
};

/** A document type's review configuration: only its stream's version matters to a new choice (the last one wins). */
export const reviewConfigFold: Fold<null> = { initial: () => null, evolve: () => null };
