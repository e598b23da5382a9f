/** The console's URLs in one place. */
export const paths = {
  home: '/',
  login: '/login',
  consignmentList: '/transport/consignment',
  consignmentNew: '/transport/consignment/new',
  consignmentView: (id: string) => `/transport/consignment/${id}`,
  consignmentEdit: (id: string) => `/transport/consignment/${id}/edit`,
  /** master data, one set of screens per entity type (contracts' EntityDef name) */
  mdList: (entity: string) => `/md/${entity}`,
  /** `parent`: a tree's new child, its parent field filled in */
  mdNew: (entity: string, parent?: string) => `/md/${entity}/new${parent ? `?parent=${encodeURIComponent(parent)}` : ''}`,
  mdView: (entity: string, id: string) => `/md/${entity}/${id}`,
  mdEdit: (entity: string, id: string) => `/md/${entity}/${id}/edit`,
};
