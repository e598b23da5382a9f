/**
 * The sign-in page's calls by method and path, with no schema: what a page that has not signed
 * in yet needs to call them (contracts/src/light.ts). The routes' descriptions (api/routes.ts,
 * auth/routes.ts: summary, query and response schemas for OpenAPI and the controllers) spread
 * these, so each path is written once; the response types still come from those schemas.
 */
export const authCalls = {
  token: { method: 'POST', path: '/api/bl-auth/token' },
  refreshToken: { method: 'POST', path: '/api/bl-auth/refreshToken' },
  logout: { method: 'GET', path: '/api/bl-auth/logout' },
  loginOptions: { method: 'GET', path: '/api/bl-auth/login-options' },
  socialRender: { method: 'GET', path: '/api/bl-auth/oauth/render/{source}' },
  registerGuest: { method: 'POST', path: '/api/bl-system/register-guest' },
} as const;

/** One call: its method and path (a RouteDef without its schemas). */
export type RouteCall = { readonly method: 'GET' | 'POST'; readonly path: string };

/** The console's OAuth client (Basic header of every token call). */
export const DEMO_CLIENT = { clientId: 'console', clientSecret: 'console_secret' } as const;
