import { md5 } from 'js-md5';
import type { authFlowRoutes, authRoutes } from '@tpl/contracts';
import { authCalls } from '@tpl/contracts/light';
import { callAt, request } from './client';

// the routes' descriptions only as types (the answers' shapes): the sign-in page loads no zod
type Token = typeof authRoutes.token;

/** The sign-in form as typed; the password leaves the browser only as its MD5 hex. */
export type Credentials = { tenantId: string; account: string; password: string; /** an account opted in to domain login: its directory password, sent as typed */ domain?: boolean };

/** The picture check of the captcha grant (GET /api/bl-auth/captcha). */
export type Captcha = { key: string; image: string; expiresIn: number };
export type CaptchaAnswer = { key: string; code: string };

/** What the callback page got back from the provider, plus the provider's key. */
export type SocialCallback = { tenantId: string; source: string; code: string; state: string; scope?: string; iss?: string };

export type GuestRegistration = { tenantId: string; name: string; account: string; password: string; oauthId: string };

/** Calls made before signing in carry no Blade-Auth, and their 401 does not sign anybody out. */
const pre = { auth: false, notify: false } as const;

export const authApi = {
  /** grantType=password, or captcha with the Captcha-Key / Captcha-Code headers when the tenant asks for one */
  signIn: ({ tenantId, account, password, domain }: Credentials, captcha?: CaptchaAnswer) =>
    domain
      ? // the directory binds with the password itself: in the body (never the URL), over the same HTTPS as every call
        callAt<Token>(authCalls.token, { ...pre, tenantId, query: { grantType: 'domain', tenantId, account, type: 'account' }, body: { password } })
      : callAt<Token>(authCalls.token, {
      ...pre,
      tenantId,
      query: { grantType: captcha ? 'captcha' : 'password', tenantId, account, password: md5(password), type: 'account' },
      headers: captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : undefined,
    }),

  signInByPhone: (tenantId: string, phone: string, code: string) =>
    callAt<Token>(authCalls.token, { ...pre, tenantId, query: { grantType: 'sms', tenantId, phone, code } }),

  signInBySocial: ({ tenantId, source, code, state, scope, iss }: SocialCallback) =>
    callAt<Token>(authCalls.token, { ...pre, tenantId, query: { grantType: 'social', tenantId, source, code, state, scope, iss } }),

  /** spec 01's refresh call: POST /api/bl-auth/refreshToken (header Tenant-Id) */
  refresh: (tenantId: string, refreshToken: string) =>
    callAt<typeof authRoutes.refreshToken>(authCalls.refreshToken, { ...pre, tenantId, query: { grantType: 'refresh_token', tenantId, refreshToken, scope: 'all' } }),

  loginOptions: (tenantId: string, signal?: AbortSignal) => callAt<typeof authFlowRoutes.loginOptions>(authCalls.loginOptions, { ...pre, tenantId, signal, query: { tenantId } }),

  captcha: (signal?: AbortSignal) => request<Captcha>('GET', '/api/bl-auth/captcha', { ...pre, signal }),

  /** POST /api/bl-auth/sms/send: `resendIn` seconds until another code may be sent */
  sendSmsCode: (tenantId: string, phone: string) =>
    request<{ resendIn: number }>('POST', '/api/bl-auth/sms/send', { ...pre, tenantId, query: { tenantId, phone } }),

  /** Where the browser goes for a third-party sign-in: the server answers 302 to the provider. */
  socialRenderUrl: (source: string, tenantId: string) =>
    `${authCalls.socialRender.path.replace('{source}', encodeURIComponent(source))}?${new URLSearchParams({ tenantId })}`,

  registerGuest: ({ password, ...rest }: GuestRegistration) =>
    callAt<typeof authFlowRoutes.registerGuest>(authCalls.registerGuest, { ...pre, tenantId: rest.tenantId, query: { ...rest, password: md5(password) } }),

  logout: () => callAt<typeof authRoutes.logout>(authCalls.logout, { notify: false }),
};
