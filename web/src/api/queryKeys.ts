import type { ConsignmentListQuery } from '@tpl/contracts';

/**
 * TanStack Query keys, one factory per resource. Prefixes nest so a mutation can
 * invalidate every list, or everything known about one document, at once.
 */
export const consignmentKeys = {
  all: ['consignment'] as const,
  lists: () => [...consignmentKeys.all, 'list'] as const,
  list: (query: ConsignmentListQuery) => [...consignmentKeys.lists(), query] as const,
  /** every version of one document: the current one and any as-of views */
  document: (id: string) => [...consignmentKeys.all, 'detail', id] as const,
  detail: (id: string, version?: number) => [...consignmentKeys.document(id), version ?? 'current'] as const,
  history: (id: string) => [...consignmentKeys.all, 'history', id] as const,
};
