import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefinitionState, ReviewDocumentType, StartLeave, SubmitModel } from '@tpl/contracts';
import { ErrorCodes } from '@tpl/contracts';
import { ApiError } from '../../api/client';
import { flowApi, type TaskTab } from './api';
import { flowKeys } from './queryKeys';

type Query = Record<string, string | number | boolean | undefined>;

export const useModels = (query: Query) =>
  useQuery({ queryKey: flowKeys.modelList(query), queryFn: ({ signal }) => flowApi.models(query, signal), placeholderData: keepPreviousData });

export const useModel = (id: string | undefined) =>
  useQuery({ queryKey: flowKeys.model(id ?? ''), queryFn: ({ signal }) => flowApi.model(id ?? '', signal), enabled: Boolean(id), staleTime: Infinity });

export const useDefinitions = (query: Query) =>
  useQuery({ queryKey: flowKeys.definitionList(query), queryFn: ({ signal }) => flowApi.definitions(query, signal), placeholderData: keepPreviousData });

export const useVersions = (key: string | undefined) =>
  useQuery({ queryKey: flowKeys.versions(key ?? ''), queryFn: ({ signal }) => flowApi.versions(key ?? '', signal), enabled: Boolean(key) });

/** A deployed definition never changes: its XML is cached for good. */
export const useDefinition = (id: string | undefined) =>
  useQuery({ queryKey: flowKeys.definition(id ?? ''), queryFn: ({ signal }) => flowApi.definition(id ?? '', signal), enabled: Boolean(id), staleTime: Infinity });

export const useStartList = (query: Query) =>
  useQuery({ queryKey: flowKeys.startList(query), queryFn: ({ signal }) => flowApi.startList(query, signal), placeholderData: keepPreviousData });

export const useTab = <T extends TaskTab>(tab: T, query: Query) =>
  useQuery({ queryKey: flowKeys.tab(tab, query), queryFn: ({ signal }) => flowApi.tab(tab, query, signal), placeholderData: keepPreviousData });

export const useTask = (taskId: string | undefined) =>
  useQuery({ queryKey: flowKeys.task(taskId ?? ''), queryFn: ({ signal }) => flowApi.task(taskId ?? '', signal), enabled: Boolean(taskId), retry: false });

export const useBackNodes = (taskId: string | undefined, enabled: boolean) =>
  useQuery({ queryKey: flowKeys.backNodes(taskId ?? ''), queryFn: ({ signal }) => flowApi.backNodes(taskId ?? '', signal), enabled: Boolean(taskId) && enabled });

/**
 * A process instance. A document's review instance is started by the server's process manager
 * just after the submit answers (its id is known before it exists): only a page opened right
 * after such a submit (`starting`) retries a 404 for a few seconds; any other "not found" is
 * said at once (a mistyped or stale link must not spin).
 */
export const useProcess = (instanceId: string | undefined, opts: { starting?: boolean } = {}) =>
  useQuery({
    queryKey: flowKeys.process(instanceId ?? ''),
    queryFn: ({ signal }) => flowApi.process(instanceId ?? '', signal),
    enabled: Boolean(instanceId),
    retry: (count, error) => Boolean(opts.starting) && error instanceof ApiError && error.code === ErrorCodes.notFound && count < 8,
    retryDelay: (count) => 250 * (count + 1),
  });

/**
 * A document's process instances, newest first. `untilRunning`: the document was submitted for
 * review and the server starts its instance a moment later: asked again each second until a
 * running one is there.
 */
export const useByBusiness = (documentType: string | undefined, businessKey: string | undefined, opts: { untilRunning?: boolean } = {}) =>
  useQuery({
    queryKey: flowKeys.byBusiness(documentType ?? '', businessKey ?? ''),
    queryFn: ({ signal }) => flowApi.byBusiness(documentType ?? '', businessKey ?? '', signal),
    enabled: Boolean(documentType && businessKey),
    refetchInterval: (query) => (opts.untilRunning && !query.state.data?.some((i) => i.state === 'running') ? 1000 : false),
  });

export const useReviewConfigs = () => useQuery({ queryKey: flowKeys.reviewConfigs(), queryFn: ({ signal }) => flowApi.reviewConfigs(signal) });

export const useLeave = (businessId: string | undefined) =>
  useQuery({ queryKey: flowKeys.leave(businessId ?? ''), queryFn: ({ signal }) => flowApi.leave(businessId ?? '', signal), enabled: Boolean(businessId) });

export const useUserOptions = (keyword: string) =>
  useQuery({ queryKey: flowKeys.users(keyword), queryFn: ({ signal }) => flowApi.users(keyword, signal), staleTime: 60_000, placeholderData: keepPreviousData });

export const useCategoryOptions = () => useQuery({ queryKey: flowKeys.categories(), queryFn: ({ signal }) => flowApi.categories(signal), staleTime: 60_000 });

export const useRoleOptions = () => useQuery({ queryKey: flowKeys.roles(), queryFn: ({ signal }) => flowApi.roles(signal), staleTime: 60_000 });

// ---- writes: each invalidates what it changed (and, after a 409, what someone else changed)

const useInvalidate = () => {
  const client = useQueryClient();
  return (...keys: (readonly unknown[])[]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
};

export const useSaveModel = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: SubmitModel) => flowApi.saveModel(body), onSettled: () => invalidate(flowKeys.models()) });
};

export const useRemoveModels = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (ids: readonly string[]) => flowApi.removeModels(ids), onSettled: () => invalidate(flowKeys.models()) });
};

export const useDeployModel = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, categoryId }: { id: string; categoryId?: string }) => flowApi.deployModel(id, categoryId),
    onSettled: () => invalidate(flowKeys.models(), flowKeys.definitions()),
  });
};

export const useDeployXml = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ xml, name, categoryId }: { xml: string; name?: string; categoryId?: string }) => flowApi.deployXml(xml, name, categoryId),
    onSettled: () => invalidate(flowKeys.definitions()),
  });
};

export const useChangeState = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ processId, state }: { processId: string; state: DefinitionState }) => flowApi.changeState(processId, state),
    onSettled: () => invalidate(flowKeys.definitions()),
  });
};

export const useRemoveDefinitions = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (ids: readonly string[]) => flowApi.removeDefinitions(ids), onSettled: () => invalidate(flowKeys.definitions()) });
};

export const useSaveReviewConfig = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { documentType: ReviewDocumentType; processKey: string; enabled: boolean }) => flowApi.saveReviewConfig(body),
    onSettled: () => invalidate(flowKeys.reviewConfigs()),
  });
};

/** Any task action: the inbox, the task and its instance are read again afterwards. */
export const useTaskAction = <B extends { taskId: string }>(action: (body: B) => Promise<unknown>, instanceId?: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: action,
    onSettled: () => invalidate(flowKeys.work(), flowKeys.instances(), ...(instanceId ? [flowKeys.process(instanceId)] : [])),
  });
};

export const useStartProcess = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: flowApi.startProcess, onSettled: () => invalidate(flowKeys.work(), flowKeys.instances()) });
};

export const useStartLeave = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StartLeave) => flowApi.startLeave(body),
    onSettled: (result) => invalidate(flowKeys.work(), flowKeys.instances(), ...(result ? [flowKeys.leave(result.id)] : [])),
  });
};

/** Review processes' names by key (the designer's word), for a document's history. */
export const useProcessNames = (keys: string[]): Record<string, string> => {
  const names = useQueries({
    queries: keys.map((key) => ({ queryKey: flowKeys.processName(key), queryFn: ({ signal }: { signal: AbortSignal }) => flowApi.processName(key, signal), staleTime: 5 * 60_000 })),
  });
  return Object.fromEntries(keys.flatMap((key, i) => (names[i]?.data ? [[key, names[i].data]] : [])));
};
