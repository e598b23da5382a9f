/** The shell pages' URLs (spec 01 section 2). */
export const pagePaths = {
  tokenCheck: '/',
  home: '/wel/index',
  dashboard: '/wel/dashboard',
  info: '/info/index',
  test: '/test/index',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
  /** external pages: ?src=<absolute http(s) URL>&name=<title> */
  iframe: (src: string, name: string) => `/myiframe/urlPath?${new URLSearchParams({ src, name }).toString()}`,
};
