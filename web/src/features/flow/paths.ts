/**
 * The workflow screens' URLs. Spec 01 names /definition/designer, /flowable/work/start,
 * /flowable/work/detail and the three leave routes; the rest (definitions, inbox tabs,
 * review configuration) follow the same /flowable/... shape, decided in docs/DOMAIN.md.
 */
const q = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : '';
};

export type InboxTab = 'todo' | 'claim' | 'done' | 'send' | 'copy';
export const inboxTabs: readonly InboxTab[] = ['todo', 'claim', 'done', 'send', 'copy'];

export const flowPaths = {
  /** ?modelId= opens a saved model, ?definitionId= a deployed version (saved as a new model), none: a new diagram */
  designer: (opts: { modelId?: string; definitionId?: string } = {}) => `/definition/designer${q(opts)}`,
  models: '/definition/model',
  definitions: '/definition/manager',
  categories: '/definition/category',
  deployForms: '/definition/deployform',
  reviewConfig: '/definition/review',
  start: '/flowable/work/start',
  inbox: (tab: InboxTab) => `/flowable/work/${tab}`,
  /** `starting`: the instance was just asked for (a submit for review); the page waits for it to exist */
  detail: (opts: { taskId?: string; processInstanceId: string; businessId?: string; documentType?: string; starting?: boolean }) =>
    `/flowable/work/detail${q({ ...opts, starting: opts.starting ? '1' : undefined })}`,
  leaveForm: (processDefinitionId: string) => `/task/process/leave/form/${processDefinitionId}`,
  leaveHandle: (taskId: string, processInstanceId: string, businessId: string) => `/task/process/leave/handle/${taskId}/${processInstanceId}/${businessId}`,
  leaveDetail: (processInstanceId: string, businessId: string, starting = false) =>
    `/task/process/leave/detail/${processInstanceId}/${businessId}${starting ? '?starting=1' : ''}`,
  formDesigner: '/tool/build/index',
};
