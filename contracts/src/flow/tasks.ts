import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api/envelope';
import { optionalText } from '../validation/rules';
import { accountSchema, commentSchema, flowActorSchema, flowIdSchema, flowVersionSchema, processKeySchema, requiredCommentSchema, variablesSchema } from './common';

/**
 * Tasks (user tasks of running instances), as the inbox lists them. A task is
 * - assigned: `assignee` holds it (todo-list of the assignee);
 * - a candidate task: no assignee yet, claimable by `candidateUsers` and holders of `candidateRoles` (claim-list);
 * - delegated: `owner` handed it to `assignee` with delegationState PENDING; when the delegate
 *   completes it, it returns to the owner (RESOLVED) who finishes it (Flowable semantics).
 */
export const delegationStates = ['PENDING', 'RESOLVED'] as const;
export const taskStatuses = ['open', 'completed', 'rejected', 'cancelled'] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export const taskDecisions = ['approve', 'reject'] as const;
export const taskDecisionSchema = z.enum(taskDecisions);

export const taskRowSchema = z.object({
  taskId: z.string(),
  taskName: z.string(),
  /** the BPMN element id of the user task */
  nodeKey: z.string(),
  instanceId: z.string(),
  processDefinitionId: z.string(),
  processKey: z.string(),
  processName: z.string(),
  businessKey: z.string().nullable(),
  documentType: z.string().nullable(),
  /** what the inbox shows: the document's bill number or the process name */
  title: z.string(),
  formKey: z.string().nullable(),
  assignee: z.string().nullable(),
  assigneeName: z.string().nullable(),
  owner: z.string().nullable(),
  candidateUsers: z.array(z.string()),
  candidateRoles: z.array(z.string()),
  delegationState: z.enum(delegationStates).nullable(),
  status: taskStatusSchema,
  decision: taskDecisionSchema.nullable(),
  comment: z.string().nullable(),
  escalated: z.boolean(),
  initiator: z.string(),
  initiatorName: z.string(),
  createTime: z.string(),
  endTime: z.string().nullable(),
  /** the instance's stream version when the row was written: send it back to act on what you saw */
  version: z.number().int(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const taskListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  processKey: z.string().trim().max(64).optional(),
  documentType: z.string().trim().max(64).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListPageSchema = pageSchema(taskRowSchema);

/** Every task action names the task and may carry the instance version the user saw (stale: 409). */
const taskTarget = { taskId: flowIdSchema, version: flowVersionSchema.optional() };
export const claimTaskSchema = z.object(taskTarget);
/** Approve (or, for a delegate, hand back to the owner). variables are merged into the process variables. */
export const completeTaskSchema = z.object({ ...taskTarget, comment: commentSchema, variables: variablesSchema.optional() });
/** Reject: back to the start (no targetNodeKey: the instance ends rejected, the document returns to its owner) or to an earlier user task. */
export const rejectTaskSchema = z.object({ ...taskTarget, comment: requiredCommentSchema, targetNodeKey: optionalText(64) });
export const delegateTaskSchema = z.object({ ...taskTarget, userAccount: accountSchema, comment: commentSchema });
export const transferTaskSchema = delegateTaskSchema;
export const copyTaskSchema = z.object({
  ...taskTarget,
  userAccounts: z.array(accountSchema, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(50, { error: 'validation.tooMany' }),
  comment: commentSchema,
});
export const taskQuerySchema = z.object({ taskId: flowIdSchema });
export const taskActionResultSchema = z.object({ instanceId: z.string(), version: z.number().int(), state: z.string() });

/** Where a task can be sent back to: the start, or a user task already passed on the path taken. */
export const START_NODE = '__start__';
export const backNodeSchema = z.object({ nodeKey: z.string(), nodeName: z.string() });
export type BackNode = z.infer<typeof backNodeSchema>;

// ---- copies (spec 02: copyId, title, processId, processName, instanceId, taskId, userId, originatorId, originatorName)
export const copyRowSchema = z.object({
  copyId: z.string(),
  title: z.string(),
  processId: z.string(),
  processName: z.string(),
  instanceId: z.string(),
  taskId: z.string(),
  /** the account copied */
  userId: z.string(),
  originatorId: z.string(),
  originatorName: z.string(),
  comment: z.string().nullable(),
  createTime: z.string(),
});
export type CopyRow = z.infer<typeof copyRowSchema>;
export const copyListPageSchema = pageSchema(copyRowSchema);

// ---- starting
export const startProcessSchema = z
  .object({
    processDefinitionId: flowIdSchema.optional(),
    processKey: processKeySchema.optional(),
    businessKey: optionalText(64),
    variables: variablesSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.processDefinitionId && !b.processKey) ctx.addIssue({ code: 'custom', path: ['processKey'], message: 'validation.required' });
  });
export const startResultSchema = z.object({ instanceId: z.string(), version: z.number().int(), state: z.string() });

export const actorRefSchema = flowActorSchema;
