import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api/envelope';
import { optionalText, requiredText } from '../validation/rules';
import { flowActorSchema, flowIdSchema, flowVersionSchema, modelProblemSchema, processKeySchema } from './common';

/** A BPMN document of at most 1 MB: the designer's XML with diagram interchange. */
export const bpmnXmlSchema = z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1_000_000, { error: 'validation.tooLong' });

// ---- models: designer drafts (stream FlowModel-<tenant>-<id>)
export const modelRowSchema = z.object({
  id: z.string(),
  modelKey: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  description: z.string().nullable(),
  version: z.number().int(),
  /** the version of the process definition last deployed from this model, null if never */
  deployedVersion: z.number().int().nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ModelRow = z.infer<typeof modelRowSchema>;
export const modelDetailSchema = modelRowSchema.extend({ xml: z.string() });
export type ModelDetail = z.infer<typeof modelDetailSchema>;

export const modelListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  categoryId: z.string().trim().max(64).optional(),
});
export type ModelListQuery = z.infer<typeof modelListQuerySchema>;
export const modelListPageSchema = pageSchema(modelRowSchema);

/** Create (no id) or save (id + the version the user saw). The model key is the BPMN process id. */
export const submitModelSchema = z.object({
  id: flowIdSchema.optional(),
  version: flowVersionSchema.optional(),
  modelKey: processKeySchema,
  name: requiredText(100),
  categoryId: optionalText(64),
  description: optionalText(500),
  xml: bpmnXmlSchema,
});
export type SubmitModel = z.infer<typeof submitModelSchema>;
export const modelCommandResultSchema = z.object({ id: z.string(), version: z.number().int() });

/** Deploy a saved model: the process key's next version. */
export const deployModelSchema = z.object({ id: flowIdSchema, categoryId: optionalText(64) });
/** Deploy raw XML (upload) without a model. */
export const deployXmlSchema = z.object({ xml: bpmnXmlSchema, categoryId: optionalText(64), name: optionalText(100) });
export const checkModelSchema = z.object({ xml: bpmnXmlSchema });
export const checkModelResultSchema = z.object({ key: z.string(), name: z.string(), problems: z.array(modelProblemSchema) });

// ---- process definitions (deployments; stream FlowDefinition-<tenant>-<key>)
export const definitionStates = ['active', 'suspended'] as const;
export const definitionStateSchema = z.enum(definitionStates, { error: 'validation.requiredSelect' });
export type DefinitionState = z.infer<typeof definitionStateSchema>;

export const definitionRowSchema = z.object({
  /** processDefinitionId */
  id: z.string(),
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  deploymentId: z.string(),
  categoryId: z.string().nullable(),
  documentType: z.string().nullable(),
  state: definitionStateSchema,
  /** spec 02: delFlag 0 exists, 2 deleted */
  delFlag: z.union([z.literal(0), z.literal(2)]),
  /** whether this is the newest version of its key (new instances start on it) */
  latest: z.boolean(),
  deployedBy: flowActorSchema,
  deployedAt: z.string(),
  runningInstances: z.number().int(),
});
export type DefinitionRow = z.infer<typeof definitionRowSchema>;
export const definitionDetailSchema = definitionRowSchema.extend({ xml: z.string() });
export type DefinitionDetail = z.infer<typeof definitionDetailSchema>;

export const definitionListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  key: z.string().trim().max(64).optional(),
  categoryId: z.string().trim().max(64).optional(),
  state: definitionStateSchema.optional(),
  /** default true: one row per key, its newest version */
  latest: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type DefinitionListQuery = z.infer<typeof definitionListQuerySchema>;
export const definitionListPageSchema = pageSchema(definitionRowSchema);
export const definitionVersionsQuerySchema = z.object({ key: processKeySchema });
export const definitionDetailQuerySchema = z.object({ id: flowIdSchema });
/** Saber's manager/change-state: processId and state */
export const changeStateSchema = z.object({ processId: flowIdSchema, state: definitionStateSchema });
