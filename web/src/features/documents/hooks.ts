import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { documentBase, type DocumentDef } from '@tpl/contracts';
import { request } from '../../api/client';
import { documentApi, type DocumentActionBody, type DocumentListQuery, type DocumentSubmitBody } from '../../api/documents';
import { documentKeys } from '../../api/queryKeys';

export const useDocumentList = (def: DocumentDef, query: DocumentListQuery) =>
  useQuery({
    queryKey: documentKeys.list(def.name, query),
    queryFn: ({ signal }) => documentApi.list(def, query, signal),
    placeholderData: keepPreviousData,
  });

/** The current document, or with `version` the document as it was after that event (immutable). */
export const useDocument = (def: DocumentDef, id: string | undefined, version?: number) =>
  useQuery({
    queryKey: documentKeys.detail(def.name, id ?? '', version),
    queryFn: ({ signal }) => documentApi.detail(def, id ?? '', version, signal),
    enabled: Boolean(id),
    staleTime: version === undefined ? 0 : Infinity,
  });

export const useDocumentHistory = (def: DocumentDef, id: string | undefined) =>
  useQuery({
    queryKey: documentKeys.history(def.name, id ?? ''),
    queryFn: ({ signal }) => documentApi.history(def, id ?? '', signal),
    enabled: Boolean(id),
  });

/**
 * After any write (and after a 409: someone else wrote), what is known of documents is refetched:
 * this type's lists, the document and its history, and every other document on screen, since a
 * command may change others in its transaction (a receipt its booking, a load bill its outbound
 * bills, a dispatch its notes) and a page kept open in a tab must not show them as they were.
 */
const useInvalidate = (def: DocumentDef) => {
  const client = useQueryClient();
  return (ids: readonly string[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: documentKeys.lists(def.name) }),
      ...ids.flatMap((id) => [
        client.invalidateQueries({ queryKey: documentKeys.detail(def.name, id) }),
        client.invalidateQueries({ queryKey: documentKeys.history(def.name, id) }),
      ]),
      // the rest: only what is shown now is fetched again, the others when they are next shown
      client.invalidateQueries({ queryKey: documentKeys.all, refetchType: 'active' }),
    ]);
};

export const useSubmitDocument = (def: DocumentDef) => {
  const invalidate = useInvalidate(def);
  return useMutation({
    mutationFn: (body: DocumentSubmitBody) => documentApi.submit(def, body),
    onSettled: (result, _error, body) => invalidate([result?.id ?? body.id ?? ''].filter(Boolean)),
  });
};

export const useRemoveDocuments = (def: DocumentDef) => {
  const invalidate = useInvalidate(def);
  return useMutation({
    mutationFn: (ids: readonly string[]) => documentApi.remove(def, ids),
    onSettled: (_result, _error, ids) => invalidate(ids),
  });
};

/** One of the user's actions (submitReview, audit, dispatch...) on one document. */
export const useDocumentAction = (def: DocumentDef) => {
  const invalidate = useInvalidate(def);
  return useMutation({
    mutationFn: ({ action, body }: { action: string; body: DocumentActionBody }) => documentApi.act(def, action, body),
    onSettled: (_result, _error, { body }) => invalidate([body.id]),
  });
};

/**
 * An action's `suggest` read (GET <base>/<route>?id=): fetched when the user asks, its answer
 * the values the dialog takes (put-away: placements by strategy, and what found no room).
 */
export const useActionSuggestion = (def: DocumentDef, route: string | undefined, id: string) => {
  const [pending, setPending] = useState(false);
  const fetch = async (): Promise<Record<string, unknown> | undefined> => {
    if (!route) return undefined;
    setPending(true);
    try {
      return await request<Record<string, unknown>>('GET', `${documentBase(def)}/${route}`, { query: { id } });
    } catch {
      // shown by the API client
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { fetch, pending };
};
