/**
 * TanStack Query keys, one factory per resource. Prefixes nest so a mutation can
 * invalidate every list, or everything known about one document, at once.
 */

/** Documents, one family per document type (its description's name). */
export const documentKeys = {
  all: ['document'] as const,
  type: (name: string) => [...documentKeys.all, name] as const,
  lists: (name: string) => [...documentKeys.type(name), 'list'] as const,
  list: (name: string, query: object) => [...documentKeys.lists(name), query] as const,
  /** every version of one document: the current one and any as-of views */
  document: (name: string, id: string) => [...documentKeys.type(name), 'detail', id] as const,
  detail: (name: string, id: string, version?: number) => [...documentKeys.document(name, id), version ?? 'current'] as const,
  history: (name: string, id: string) => [...documentKeys.type(name), 'history', id] as const,
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
