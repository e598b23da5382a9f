import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes, type RouteDef } from '../api/route';
import { idsQuerySchema } from './common';
import {
  changeStateSchema,
  checkModelResultSchema,
  checkModelSchema,
  definitionDetailQuerySchema,
  definitionDetailSchema,
  definitionListPageSchema,
  definitionListQuerySchema,
  definitionRowSchema,
  definitionVersionsQuerySchema,
  deployModelSchema,
  deployXmlSchema,
  modelCommandResultSchema,
  modelDetailSchema,
  modelListPageSchema,
  modelListQuerySchema,
  submitModelSchema,
} from './definitions';
import {
  backNodeSchema,
  claimTaskSchema,
  completeTaskSchema,
  copyListPageSchema,
  copyTaskSchema,
  delegateTaskSchema,
  rejectTaskSchema,
  startProcessSchema,
  startResultSchema,
  taskActionResultSchema,
  taskListPageSchema,
  taskListQuerySchema,
  taskQuerySchema,
  taskRowSchema,
  transferTaskSchema,
} from './tasks';
import { businessQuerySchema, decisionEntrySchema, instanceListPageSchema, instanceListQuerySchema, instanceRowSchema, processDetailQuerySchema, processDetailSchema } from './process';
import type { reviewSchemasOf } from './review';
import { leaveDetailQuerySchema, leaveResultSchema, leaveSchema, startLeaveSchema } from './leave';

/** Roles that design and deploy processes, and that act on approval tasks (with their button codes below). */
export const FLOW_DESIGNERS = ['admin'] as const;
export const FLOW_APPROVERS = ['admin', 'approver'] as const;

/** Button codes (menu records of category BUTTON, allocated to roles in the demo menus). */
export const FLOW_BUTTONS = {
  modelSave: 'flow_model_save',
  modelRemove: 'flow_model_delete',
  deploy: 'flow_deploy',
  suspend: 'flow_suspend',
  remove: 'flow_delete',
  claim: 'flow_task_claim',
  approve: 'flow_task_approve',
  reject: 'flow_task_reject',
  delegate: 'flow_task_delegate',
  transfer: 'flow_task_transfer',
  copy: 'flow_task_copy',
  reviewConfig: 'flow_review_config',
} as const;

const base = '/api/bl-flow';
const list = (path: string, summary: string, query: z.ZodType, response: z.ZodType): RouteDef => ({
  method: 'GET',
  path: `${base}/${path}`,
  summary,
  tag: 'flow',
  query,
  response: envelopeSchema(response),
});
const post = (path: string, summary: string, body: z.ZodType | undefined, response: z.ZodType, query?: z.ZodType): RouteDef => ({
  method: 'POST',
  path: `${base}/${path}`,
  summary,
  tag: 'flow',
  ...(body ? { body } : {}),
  ...(query ? { query } : {}),
  response: envelopeSchema(response),
});

/** The workflow's calls, with the review configuration's schemas over the composed document list (compose/review.ts). */
export const flowRoutesOf = ({ reviewConfigSchema, submitReviewConfigSchema }: Pick<ReturnType<typeof reviewSchemasOf>, 'reviewConfigSchema' | 'submitReviewConfigSchema'>) =>
  defineRoutes({
  // models (designer drafts)
  modelList: list('model/list', 'Process models (designer drafts), paged', modelListQuerySchema, modelListPageSchema),
  modelDetail: list('model/detail', 'One model with its BPMN XML', z.object({ id: z.uuid() }), modelDetailSchema),
  modelSubmit: post('model/submit', 'Create a model (no id) or save it (id + version)', submitModelSchema, modelCommandResultSchema),
  modelRemove: post('model/remove', 'Remove models (ids comma separated)', undefined, z.array(modelCommandResultSchema), idsQuerySchema),
  modelCheck: post('model/check', 'Check BPMN XML as deploy would (problems listed; nothing saved)', checkModelSchema, checkModelResultSchema),
  modelDeploy: post('model/deploy', 'Deploy a saved model: the next version of its process key', deployModelSchema, definitionRowSchema),
  // definitions (deployments)
  managerList: list('manager/list', 'Process definitions; latest=true (default) shows each key once', definitionListQuerySchema, definitionListPageSchema),
  managerVersions: list('manager/versions', 'Every deployed version of a process key, newest first', definitionVersionsQuerySchema, z.array(definitionRowSchema)),
  managerDetail: list('manager/detail', 'One definition with its BPMN XML', definitionDetailQuerySchema, definitionDetailSchema),
  managerDeploy: post('manager/deploy-upload', 'Deploy BPMN XML directly (upload)', deployXmlSchema, definitionRowSchema),
  managerChangeState: post('manager/change-state', 'Suspend or activate a definition (suspended: no new instances)', changeStateSchema, definitionRowSchema),
  managerRemove: post('manager/remove', 'Delete definitions (delFlag 2); refused while instances run', undefined, z.array(definitionRowSchema), idsQuerySchema),
  // work (the inbox)
  startList: list('work/start-list', 'Definitions the user can start (active, newest versions)', definitionListQuerySchema, definitionListPageSchema),
  startProcess: post('work/start-process', 'Start an instance by definition id or key', startProcessSchema, startResultSchema),
  todoList: list('work/todo-list', 'My to-do: tasks assigned to me (delegated ones too)', taskListQuerySchema, taskListPageSchema),
  claimList: list('work/claim-list', 'Claimable: unassigned tasks I am a candidate for', taskListQuerySchema, taskListPageSchema),
  doneList: list('work/done-list', 'Done: tasks I completed or rejected', taskListQuerySchema, taskListPageSchema),
  sendList: list('work/send-list', 'Started by me: instances I started', taskListQuerySchema, instanceListPageSchema),
  copyList: list('work/copy-list', 'Copied to me', taskListQuerySchema, copyListPageSchema),
  taskDetail: list('work/task-detail', 'One task (must be yours, or you a candidate, or it was copied to you)', taskQuerySchema, taskRowSchema),
  claimTask: post('work/claim-task', 'Claim a candidate task: it becomes yours', claimTaskSchema, taskActionResultSchema),
  completeTask: post('work/complete-task', 'Approve with an optional comment (a delegate hands the task back to its owner)', completeTaskSchema, taskActionResultSchema),
  rejectTask: post('work/reject-task', 'Reject with a comment: to the start or to an earlier node (targetNodeKey)', rejectTaskSchema, taskActionResultSchema),
  backNodes: list('work/back-nodes', 'Where a task can be sent back to: the start and user tasks passed', taskQuerySchema, z.array(backNodeSchema)),
  delegateTask: post('work/delegate-task', 'Delegate: the delegate acts, then the task returns to you', delegateTaskSchema, taskActionResultSchema),
  transferTask: post('work/transfer-task', 'Transfer: the task becomes the other user\'s', transferTaskSchema, taskActionResultSchema),
  copyTask: post('work/copy-task', 'Copy the task to people (they see it in copied-to-me)', copyTaskSchema, taskActionResultSchema),
  // process instances
  processList: list('process/list', 'Process instances of the tenant (follow)', instanceListQuerySchema, instanceListPageSchema),
  processDetail: list('process/detail', 'Diagram XML, active nodes, path taken, decision history, open tasks', processDetailQuerySchema, processDetailSchema),
  historyFlowList: list('process/history-flow-list', 'The decision history of an instance', processDetailQuerySchema, z.array(decisionEntrySchema)),
  byBusiness: list('process/by-business', 'The review instances of one document, newest first', businessQuerySchema, z.array(instanceRowSchema)),
  // review configuration per document type
  reviewConfigList: list('review-config/list', 'Review configuration per document type', z.object({}), z.array(reviewConfigSchema)),
  reviewConfigSubmit: post('review-config/submit', 'Set the review process of a document type and whether documents need review', submitReviewConfigSchema, reviewConfigSchema),
  // the leave sample (spec 01 /task/process/leave/*)
  leaveStart: post('leave/start-process', 'Submit a leave request (new, or a rejected one again) and start its review', startLeaveSchema, leaveResultSchema),
  leaveDetail: list('leave/detail', 'One leave request', leaveDetailQuerySchema, leaveSchema),
});
