/** The console's URLs in one place. */
export const paths = {
  home: '/',
  login: '/login',
  consignmentList: '/transport/consignment',
  consignmentNew: '/transport/consignment/new',
  consignmentView: (id: string) => `/transport/consignment/${id}`,
  consignmentEdit: (id: string) => `/transport/consignment/${id}/edit`,
};
