import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVALID_FIELD, type EntityDef } from '@tpl/contracts';
import { entityApi, type EntityListQuery, type EntitySubmitBody } from '../../api/entities';
import { entityKeys } from '../../api/queryKeys';

export const useEntityList = (def: EntityDef, query: EntityListQuery, enabled = true) =>
  useQuery({
    queryKey: entityKeys.list(def.name, query),
    queryFn: ({ signal }) => entityApi.list(def, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The children of each expanded tree node (by code), every page of them. */
export const useEntityChildren = (def: EntityDef, parents: readonly string[], sort: EntityListQuery) =>
  useQueries({
    queries: parents.map((parent) => {
      const query = { ...sort, parent, all: 1 };
      return {
        queryKey: entityKeys.list(def.name, query),
        queryFn: ({ signal }: { signal: AbortSignal }) => entityApi.listAll(def, { ...sort, parent }, signal),
      };
    }),
  });

export const useEntityDetail = (def: EntityDef, id: string | undefined) =>
  useQuery({
    queryKey: entityKeys.detail(def.name, id ?? ''),
    queryFn: ({ signal }) => entityApi.detail(def, id ?? '', signal),
    enabled: Boolean(id),
  });

export const useEntityHistory = (def: EntityDef, id: string | undefined) =>
  useQuery({
    queryKey: entityKeys.history(def.name, id ?? ''),
    queryFn: ({ signal }) => entityApi.history(def, id ?? '', signal),
    enabled: Boolean(id),
  });

/**
 * A reference picker's choices: the referenced entity's records matching what was typed (the
 * first 20; `page`: a page of them, the quote dialog's table).
 */
export const useRefSearch = (
  def: EntityDef | undefined,
  keyword: string,
  enabled: boolean,
  pick?: Readonly<Record<string, string>>,
  page?: { current: number; size: number },
) => {
  // records marked invalid cannot be chosen (the server refuses them): the picker does not offer them
  const query = {
    keyword: keyword || undefined,
    size: page?.size ?? 20,
    ...(page ? { current: page.current } : {}),
    ...(def && INVALID_FIELD in def.fields ? { [INVALID_FIELD]: '0' } : {}),
    ...pick,
  };
  return useQuery({
    queryKey: entityKeys.list(def?.name ?? '', query),
    queryFn: ({ signal }) => entityApi.list(def!, query, signal),
    enabled: enabled && Boolean(def),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** Looks codes up (one query each) so a picker can show "code name" for a value it has not listed. */
export const useRefLookup = (def: EntityDef | undefined, codes: readonly string[]) =>
  useQueries({
    queries: codes.map((code) => {
      const query = { keyword: code, size: 20 };
      return {
        queryKey: entityKeys.list(def?.name ?? '', query),
        queryFn: ({ signal }: { signal: AbortSignal }) => entityApi.list(def!, query, signal),
        enabled: Boolean(def),
        staleTime: 60_000,
      };
    }),
  });

export const useDictOptions = (code: string | undefined) =>
  useQuery({
    queryKey: entityKeys.dict(code ?? ''),
    queryFn: ({ signal }) => entityApi.dict(code ?? '', signal),
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
  });

/** After any write (and after a 409: someone else wrote), everything known about the entity type is refetched. */
const useInvalidateEntity = (def: EntityDef) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: entityKeys.entity(def.name) });
};

export const useSubmitEntity = (def: EntityDef) => {
  const invalidate = useInvalidateEntity(def);
  return useMutation({
    mutationFn: (body: EntitySubmitBody) => entityApi.submit(def, body),
    onSettled: () => invalidate(),
  });
};

export const useRemoveEntities = (def: EntityDef) => {
  const invalidate = useInvalidateEntity(def);
  return useMutation({
    mutationFn: (ids: readonly string[]) => entityApi.remove(def, ids),
    onSettled: () => invalidate(),
  });
};

export const useResetPasswords = (def: EntityDef) => {
  const invalidate = useInvalidateEntity(def);
  return useMutation({
    mutationFn: (ids: readonly string[]) => entityApi.resetPassword(def, ids),
    onSettled: () => invalidate(),
  });
};

export const useDomainLogin = (def: EntityDef) => {
  const invalidate = useInvalidateEntity(def);
  return useMutation({
    mutationFn: ({ ids, enabled }: { ids: readonly string[]; enabled: boolean }) => entityApi.setDomainLogin(def, ids, enabled),
    onSettled: () => invalidate(),
  });
};

export const useImportEntities = (def: EntityDef) => {
  const invalidate = useInvalidateEntity(def);
  return useMutation({
    mutationFn: (file: File) => entityApi.importFile(def, file),
    onSuccess: (outcome) => (outcome.ok ? invalidate() : undefined),
  });
};
