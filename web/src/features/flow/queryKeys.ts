/**
 * TanStack Query keys of the workflow screens. Prefixes nest: a task action invalidates
 * `work()` (every inbox tab and task) and the instance it touched; a deploy invalidates
 * `definitions()` and `models()`.
 */
export const flowKeys = {
  all: ['flow'] as const,
  models: () => [...flowKeys.all, 'models'] as const,
  modelList: (query: object) => [...flowKeys.models(), 'list', query] as const,
  model: (id: string) => [...flowKeys.models(), 'detail', id] as const,
  definitions: () => [...flowKeys.all, 'definitions'] as const,
  definitionList: (query: object) => [...flowKeys.definitions(), 'list', query] as const,
  versions: (key: string) => [...flowKeys.definitions(), 'versions', key] as const,
  processName: (key: string) => [...flowKeys.definitions(), 'name', key] as const,
  definition: (id: string) => [...flowKeys.definitions(), 'detail', id] as const,
  startList: (query: object) => [...flowKeys.definitions(), 'start', query] as const,
  work: () => [...flowKeys.all, 'work'] as const,
  tab: (tab: string, query: object) => [...flowKeys.work(), 'tab', tab, query] as const,
  task: (taskId: string) => [...flowKeys.work(), 'task', taskId] as const,
  backNodes: (taskId: string) => [...flowKeys.work(), 'back-nodes', taskId] as const,
  instances: () => [...flowKeys.all, 'instances'] as const,
  instanceList: (query: object) => [...flowKeys.instances(), 'list', query] as const,
  process: (instanceId: string) => [...flowKeys.instances(), 'detail', instanceId] as const,
  byBusiness: (documentType: string, businessKey: string) => [...flowKeys.instances(), 'business', documentType, businessKey] as const,
  reviewConfigs: () => [...flowKeys.all, 'review-config'] as const,
  leave: (businessId: string) => [...flowKeys.all, 'leave', businessId] as const,
  users: (keyword: string) => [...flowKeys.all, 'pick', 'users', keyword] as const,
  roles: () => [...flowKeys.all, 'pick', 'roles'] as const,
  categories: () => [...flowKeys.all, 'pick', 'categories'] as const,
};
