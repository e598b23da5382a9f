import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsignmentListQuery, SubmitConsignmentBody } from '@tpl/contracts';
import { consignmentApi, type TransitionRequest } from '../../../api/consignment';
import { consignmentKeys } from '../../../api/queryKeys';

export const useConsignmentList = (query: ConsignmentListQuery) =>
  useQuery({
    queryKey: consignmentKeys.list(query),
    queryFn: ({ signal }) => consignmentApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

/** The current document, or with `version` the document as it was after that event (immutable). */
export const useConsignment = (id: string | undefined, version?: number) =>
  useQuery({
    queryKey: consignmentKeys.detail(id ?? '', version),
    queryFn: ({ signal }) => consignmentApi.detail(id ?? '', version, signal),
    enabled: Boolean(id),
    staleTime: version === undefined ? 0 : Infinity,
  });

export const useConsignmentHistory = (id: string | undefined) =>
  useQuery({
    queryKey: consignmentKeys.history(id ?? ''),
    queryFn: ({ signal }) => consignmentApi.history(id ?? '', signal),
    enabled: Boolean(id),
  });

/** After any write (and after a 409: someone else wrote), lists, the document and its history are refetched. */
const useInvalidate = () => {
  const client = useQueryClient();
  return (ids: readonly string[]) =>
    Promise.all([
      client.invalidateQueries({ queryKey: consignmentKeys.lists() }),
      ...ids.flatMap((id) => [
        client.invalidateQueries({ queryKey: consignmentKeys.detail(id) }),
        client.invalidateQueries({ queryKey: consignmentKeys.history(id) }),
      ]),
    ]);
};

export const useSubmitConsignment = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SubmitConsignmentBody) => consignmentApi.submit(body),
    onSettled: (result, _error, body) => invalidate([result?.id ?? body.id ?? ''].filter(Boolean)),
  });
};

export const useRemoveConsignments = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: readonly string[]) => consignmentApi.remove(ids),
    onSettled: (_result, _error, ids) => invalidate(ids),
  });
};

export const useConsignmentTransition = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (request: TransitionRequest) => consignmentApi.transition(request),
    onSettled: (_result, _error, request) => invalidate([request.body.id]),
  });
};
