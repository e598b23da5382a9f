import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api/envelope';
import { flowActorSchema, flowIdSchema, variablesSchema } from './common';
import { taskRowSchema } from './tasks';

export const instanceStates = ['running', 'approved', 'rejected', 'cancelled'] as const;
export const instanceStateSchema = z.enum(instanceStates);
export type InstanceState = z.infer<typeof instanceStateSchema>;

export const instanceRowSchema = z.object({
  instanceId: z.string(),
  processDefinitionId: z.string(),
  processKey: z.string(),
  processName: z.string(),
  processVersion: z.number().int(),
  businessKey: z.string().nullable(),
  documentType: z.string().nullable(),
  title: z.string(),
  state: instanceStateSchema,
  initiator: z.string(),
  initiatorName: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** names of the nodes waiting now */
  currentNodes: z.array(z.string()),
  version: z.number().int(),
});
export type InstanceRow = z.infer<typeof instanceRowSchema>;
export const instanceListQuerySchema = pageQuerySchema.extend({
  state: instanceStateSchema.optional(),
  processKey: z.string().trim().max(64).optional(),
  businessKey: z.string().trim().max(64).optional(),
  documentType: z.string().trim().max(64).optional(),
});
export const instanceListPageSchema = pageSchema(instanceRowSchema);

/** One line of an instance's decision history (what an auditor reads). */
export const decisionTypes = [
  'started',
  'claimed',
  'approved',
  'rejected',
  'delegated',
  'resolved',
  'transferred',
  'copied',
  'escalated',
  'completed',
] as const;
export const decisionEntrySchema = z.object({
  type: z.enum(decisionTypes),
  taskId: z.string().nullable(),
  nodeKey: z.string().nullable(),
  nodeName: z.string().nullable(),
  actor: flowActorSchema,
  time: z.string(),
  comment: z.string().nullable(),
  /** reject: the node sent back to (START_NODE for the start) */
  toNode: z.string().nullable(),
  /** delegate / transfer / copy: the accounts */
  toUsers: z.array(z.string()),
  /** completed: approved or rejected */
  outcome: z.string().nullable(),
});
export type DecisionEntry = z.infer<typeof decisionEntrySchema>;

/** Everything the process page shows: the diagram, the node lit now, the path taken, the decisions. */
export const processDetailSchema = z.object({
  instance: instanceRowSchema,
  xml: z.string(),
  /** BPMN element ids waiting now (lit) */
  activeNodeIds: z.array(z.string()),
  /** BPMN element ids of nodes passed, in order (may repeat after a rejection) */
  pathNodeIds: z.array(z.string()),
  /** sequence flow ids taken */
  takenFlowIds: z.array(z.string()),
  history: z.array(decisionEntrySchema),
  tasks: z.array(taskRowSchema),
  variables: variablesSchema,
});
export type ProcessDetail = z.infer<typeof processDetailSchema>;
export const processDetailQuerySchema = z.object({ instanceId: flowIdSchema });
export const businessQuerySchema = z.object({ documentType: z.string().trim().min(1).max(64), businessKey: z.string().trim().min(1).max(64) });
