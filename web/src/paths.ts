/** The console's URLs in one place; a document type's come from its description (contracts' documentPath). */
export const paths = {
  home: '/',
  login: '/login',
  /** master data, one set of screens per entity type (contracts' EntityDef name) */
  mdList: (entity: string) => `/md/${entity}`,
  /** `parent`: a tree's new child, its parent field filled in */
  mdNew: (entity: string, parent?: string) => `/md/${entity}/new${parent ? `?parent=${encodeURIComponent(parent)}` : ''}`,
  mdView: (entity: string, id: string) => `/md/${entity}/${id}`,
  mdEdit: (entity: string, id: string) => `/md/${entity}/${id}/edit`,
};
