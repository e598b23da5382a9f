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

/**
 * Master-data records, one family per entity type (the EntityDef's name). Every write
 * invalidates `entity(name)`: its lists, details and histories.
 */
export const entityKeys = {
  all: ['entity'] as const,
  entity: (name: string) => [...entityKeys.all, name] as const,
  lists: (name: string) => [...entityKeys.entity(name), 'list'] as const,
  list: (name: string, query: object) => [...entityKeys.lists(name), query] as const,
  detail: (name: string, id: string) => [...entityKeys.entity(name), 'detail', id] as const,
  history: (name: string, id: string) => [...entityKeys.entity(name), 'history', id] as const,
  /** a dictionary's entries (the dict entity's rows of one code), as select options */
  dict: (code: string) => [...entityKeys.entity('dict'), 'options', code] as const,
};
