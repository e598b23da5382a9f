import {
  flowRoutes,
  type BackNode,
  type CopyRow,
  type DecisionEntry,
  type DefinitionDetail,
  type DefinitionRow,
  type DefinitionState,
  type InstanceRow,
  type Leave,
  type ModelDetail,
  type ModelProblemDto,
  type ModelRow,
  type Page,
  type ProcessDetail,
  type ProcessVariables,
  type ReviewConfig,
  type ReviewDocumentType,
  type StartLeave,
  type SubmitModel,
  type TaskRow,
} from '@tpl/contracts';
import { callRoute, request, type QueryValue, type RequestOptions } from '../../api/client';

/**
 * The workflow API (/api/bl-flow) as the console uses it. Every call goes through the
 * shared client (headers, envelope, toasts); shapes are the contracts' zod types. The route
 * registry erases response types (its helpers return RouteDef), so each call names its own.
 */
type Query = Record<string, QueryValue>;
const get = <T>(route: { method: 'GET' | 'POST'; path: string }, query: Query, signal?: AbortSignal) =>
  callRoute(route as (typeof flowRoutes)['todoList'], { query, signal }) as Promise<T>;
const post = <T>(route: { method: 'GET' | 'POST'; path: string }, body: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
  request<T>(route.method, route.path, { ...opts, body });

export type TaskAction = { taskId: string; version?: number; comment?: string };
export type ActionResult = { instanceId: string; version: number; state: string };
export type CheckResult = { key: string; name: string; problems: ModelProblemDto[] };
export type TaskTab = 'todo' | 'claim' | 'done' | 'send' | 'copy';
/** What each inbox tab lists: tasks, instances (started by me) or copies. */
export type TabRow = { todo: TaskRow; claim: TaskRow; done: TaskRow; send: InstanceRow; copy: CopyRow };

const tabRoute = {
  todo: flowRoutes.todoList,
  claim: flowRoutes.claimList,
  done: flowRoutes.doneList,
  send: flowRoutes.sendList,
  copy: flowRoutes.copyList,
} as const;

/** A user, role or category as the pickers offer them (entity records). */
export type PickOption = { value: string; label: string };

/** The first 50 records of an entity list (searched by keyword) as options: the code as value, the first name field present as label. */
const pick = async (path: string, query: Query, codeField: string, nameFields: string[], signal?: AbortSignal): Promise<PickOption[]> => {
  const page = await request<Page<Record<string, unknown>>>('GET', path, { query: { current: 1, size: 50, ...query }, signal, notify: false });
  return page.records
    .map((r) => {
      const value = String(r[codeField] ?? '');
      const label = nameFields.map((f) => r[f]).find((v) => typeof v === 'string' && v) as string | undefined;
      return { value, label: label ?? value };
    })
    .filter((o) => o.value);
};

export const flowApi = {
  // ---- models (designer drafts)
  models: (query: Query, signal?: AbortSignal) => get<Page<ModelRow>>(flowRoutes.modelList, query, signal),
  model: (id: string, signal?: AbortSignal) => get<ModelDetail>(flowRoutes.modelDetail, { id }, signal),
  saveModel: (body: SubmitModel) => post<{ id: string; version: number }>(flowRoutes.modelSubmit, body),
  removeModels: (ids: readonly string[]) => request<unknown>('POST', flowRoutes.modelRemove.path, { query: { ids: ids.join(',') } }),
  /** The server's own deploy checks; the designer shows them beside bpmnlint's findings. */
  checkModel: (xml: string) => post<CheckResult>(flowRoutes.modelCheck, { xml }, { notify: false }),
  deployModel: (id: string, categoryId?: string) => post<DefinitionRow>(flowRoutes.modelDeploy, { id, categoryId }),

  // ---- definitions
  definitions: (query: Query, signal?: AbortSignal) => get<Page<DefinitionRow>>(flowRoutes.managerList, query, signal),
  versions: (key: string, signal?: AbortSignal) => get<DefinitionRow[]>(flowRoutes.managerVersions, { key }, signal),
  /** A process key's name (its newest version's), for words beside a document; null when it cannot be read. No toast: the key is then simply not named. */
  processName: async (key: string, signal?: AbortSignal): Promise<string | null> => {
    const rows = await request<DefinitionRow[]>('GET', flowRoutes.managerVersions.path, { query: { key }, signal, notify: false }).catch(() => []);
    return rows[0]?.name ?? null;
  },
  definition: (id: string, signal?: AbortSignal) => get<DefinitionDetail>(flowRoutes.managerDetail, { id }, signal),
  deployXml: (xml: string, name?: string, categoryId?: string) => post<DefinitionRow>(flowRoutes.managerDeploy, { xml, name, categoryId }),
  changeState: (processId: string, state: DefinitionState) => post<DefinitionRow>(flowRoutes.managerChangeState, { processId, state }),
  removeDefinitions: (ids: readonly string[]) => request<DefinitionRow[]>('POST', flowRoutes.managerRemove.path, { query: { ids: ids.join(',') } }),

  // ---- work
  startList: (query: Query, signal?: AbortSignal) => get<Page<DefinitionRow>>(flowRoutes.startList, query, signal),
  startProcess: (body: { processDefinitionId?: string; processKey?: string; businessKey?: string; variables?: ProcessVariables }) =>
    post<ActionResult>(flowRoutes.startProcess, body),
  tab: <T extends TaskTab>(tab: T, query: Query, signal?: AbortSignal) => get<Page<TabRow[T]>>(tabRoute[tab], query, signal),
  task: (taskId: string, signal?: AbortSignal) => get<TaskRow>(flowRoutes.taskDetail, { taskId }, signal),
  backNodes: (taskId: string, signal?: AbortSignal) => get<BackNode[]>(flowRoutes.backNodes, { taskId }, signal),
  claim: (body: { taskId: string; version?: number }) => post<ActionResult>(flowRoutes.claimTask, body),
  approve: (body: TaskAction & { variables?: ProcessVariables }) => post<ActionResult>(flowRoutes.completeTask, body),
  reject: (body: TaskAction & { comment: string; targetNodeKey?: string }) => post<ActionResult>(flowRoutes.rejectTask, body),
  delegate: (body: TaskAction & { userAccount: string }) => post<ActionResult>(flowRoutes.delegateTask, body),
  transfer: (body: TaskAction & { userAccount: string }) => post<ActionResult>(flowRoutes.transferTask, body),
  copy: (body: TaskAction & { userAccounts: string[] }) => post<ActionResult>(flowRoutes.copyTask, body),

  // ---- instances
  instances: (query: Query, signal?: AbortSignal) => get<Page<InstanceRow>>(flowRoutes.processList, query, signal),
  /** no toast: the page says when an instance is missing (and retries one that is being started) */
  process: (instanceId: string, signal?: AbortSignal) => request<ProcessDetail>('GET', flowRoutes.processDetail.path, { query: { instanceId }, signal, notify: false }),
  decisions: (instanceId: string, signal?: AbortSignal) => get<DecisionEntry[]>(flowRoutes.historyFlowList, { instanceId }, signal),
  byBusiness: (documentType: string, businessKey: string, signal?: AbortSignal) =>
    get<InstanceRow[]>(flowRoutes.byBusiness, { documentType, businessKey }, signal),

  // ---- review configuration
  reviewConfigs: (signal?: AbortSignal) => get<ReviewConfig[]>(flowRoutes.reviewConfigList, {}, signal),
  saveReviewConfig: (body: { documentType: ReviewDocumentType; processKey: string; enabled: boolean }) =>
    post<ReviewConfig>(flowRoutes.reviewConfigSubmit, body),

  // ---- leave sample
  startLeave: (body: StartLeave) => post<{ id: string; version: number; instanceId: string }>(flowRoutes.leaveStart, body),
  leave: (businessId: string, signal?: AbortSignal) => get<Leave>(flowRoutes.leaveDetail, { businessId }, signal),

  // ---- pickers: process categories (bl-flow records), the tenant's users and roles (bl-system records)
  categories: (signal?: AbortSignal) => pick('/api/bl-flow/flowcategory/list', {}, 'code', ['categoryName'], signal),
  users: (keyword: string, signal?: AbortSignal) => pick('/api/bl-system/user/list', { keyword }, 'account', ['realName', 'name'], signal),
  roles: (signal?: AbortSignal) => pick('/api/bl-system/role/list', {}, 'roleAlias', ['roleName'], signal),
};
