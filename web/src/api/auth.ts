import { md5 } from 'js-md5';
import { authRoutes } from '@tpl/contracts';
import { callRoute } from './client';

/** The sign-in form as typed; the password leaves the browser only as its MD5 hex. */
export type Credentials = { tenantId: string; account: string; password: string };

export const authApi = {
  signIn: ({ tenantId, account, password }: Credentials) =>
    callRoute(authRoutes.token, {
      auth: false,
      notify: false,
      tenantId,
      query: { grantType: 'password', tenantId, account, password: md5(password), type: 'account' },
    }),

  refresh: (tenantId: string, refreshToken: string) =>
    callRoute(authRoutes.token, {
      auth: false,
      notify: false,
      tenantId,
      query: { grantType: 'refresh_token', tenantId, refreshToken },
    }),

  logout: () => callRoute(authRoutes.logout, { notify: false }),
};
