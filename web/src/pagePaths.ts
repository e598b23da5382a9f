/** The shell pages' URLs (spec 01 section 2). */
export const pagePaths = {
  tokenCheck: '/',
  home: '/wel/index',
  dashboard: '/wel/dashboard',
  info: '/info/index',
  test: '/test/index',
  /** spec 01's tool routes: the form designer (hidden from the menu) and the low-code pages' columns and methods */
  formBuild: '/tool/build/index',
  pageColumn: '/develop/pagecolumn',
  testFun: '/develop/testFun',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
  /** external pages: ?src=<absolute http(s) URL>&name=<title> */
  iframe: (src: string, name: string) => `/myiframe/urlPath?${new URLSearchParams({ src, name }).toString()}`,
};
