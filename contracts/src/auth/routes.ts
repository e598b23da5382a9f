import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { errorLogListQuerySchema, errorLogPageSchema, errorLogUploadSchema, errorLogZipQuerySchema } from './error-log';
import { licenseInfoSchema } from './license';
import { loginOptionsQuerySchema, loginOptionsSchema, socialRenderQuerySchema } from './login-options';
import {
  approveRegistrationSchema,
  registerGuestQuerySchema,
  registrationIdQuerySchema,
  registrationListQuerySchema,
  registrationPageSchema,
  rejectRegistrationSchema,
} from './registration';
import { authCalls } from './calls';
import { captchaSchema, domainSignInBodySchema, refreshTokenQuerySchema, smsSendQuerySchema, tokenQuerySchema, tokenResponseSchema, userInfoSchema } from './token';

/** The sign-in flows' calls (spec 01 section 7), described once for OpenAPI; the controllers validate with the same schemas. */
export const authFlowRoutes = defineRoutes({
  loginOptions: {
    ...authCalls.loginOptions,
    summary: "What a tenant's sign-in page offers: captcha, phone sign-in, social providers",
    tag: 'auth',
    query: loginOptionsQuerySchema,
    response: envelopeSchema(loginOptionsSchema),
    auth: false,
  },
  socialRender: {
    ...authCalls.socialRender,
    summary: "302 to the provider's authorize URL (state, PKCE S256, nonce); it returns to the console's /oauth/callback/{source}",
    tag: 'auth',
    query: socialRenderQuerySchema,
    response: z.null(),
    auth: false,
  },
  registerGuest: {
    ...authCalls.registerGuest,
    summary: 'A social user with no account applies for one (query: tenantId, name, account, password = MD5 hex, oauthId = the ticket)',
    tag: 'auth',
    query: registerGuestQuerySchema,
    response: envelopeSchema(z.object({ id: z.string() })),
    auth: false,
  },
  registrationList: {
    method: 'GET',
    path: '/api/bl-system/registration/list',
    summary: "The tenant's registrations, pending first (administrators)",
    tag: 'auth',
    query: registrationListQuerySchema,
    response: envelopeSchema(registrationPageSchema),
  },
  registrationHistory: {
    method: 'GET',
    path: '/api/bl-system/registration/history',
    summary: 'Every event of one registration (the password hash masked)',
    tag: 'auth',
    query: registrationIdQuerySchema,
    response: envelopeSchema(z.array(z.record(z.string(), z.unknown()))),
  },
  registrationApprove: {
    method: 'POST',
    path: '/api/bl-system/registration/approve',
    summary: 'Approve: creates the user (roles, department) and links the third-party login; button registration_approve',
    tag: 'auth',
    body: approveRegistrationSchema,
    response: envelopeSchema(z.object({ id: z.string(), version: z.number().int(), userId: z.string() })),
  },
  registrationReject: {
    method: 'POST',
    path: '/api/bl-system/registration/reject',
    summary: 'Reject with a reason; button registration_reject',
    tag: 'auth',
    body: rejectRegistrationSchema,
    response: envelopeSchema(z.object({ id: z.string(), version: z.number().int() })),
  },
  license: {
    method: 'GET',
    path: '/api/bl-auth/license',
    summary: 'The installed licence: status none / valid / expired, licensee, edition, issued, expires, limits',
    tag: 'auth',
    response: envelopeSchema(licenseInfoSchema),
  },
  importLicense: {
    method: 'POST',
    path: '/api/bl-auth/importLicense/{license}',
    summary: 'Import a licence (Ed25519-signed, in the path); platform administrators of tenant 000000 only',
    tag: 'auth',
    response: envelopeSchema(licenseInfoSchema),
  },
  errorLogUpload: {
    method: 'POST',
    path: '/api/bl-system/error-log/upload',
    summary: "The console's local error log (at most 200 entries a call)",
    tag: 'auth',
    body: errorLogUploadSchema,
    response: envelopeSchema(z.object({ received: z.number().int() })),
  },
  errorLogList: {
    method: 'GET',
    path: '/api/bl-system/error-log/list',
    summary: "Uploaded console error logs of the caller's tenant, newest first (administrators)",
    tag: 'auth',
    query: errorLogListQuerySchema,
    response: envelopeSchema(errorLogPageSchema),
  },
  errorLogZip: {
    method: 'GET',
    path: '/api/bl-system/error-log/download-zip',
    summary: 'The same logs as a zip (error-logs.json and one .log per day); header datasource: console (default); file name in download-filename',
    tag: 'auth',
    query: errorLogZipQuerySchema,
    response: z.null(),
    download: 'application/zip',
  },
});

export const authRoutes = defineRoutes({
  token: {
    ...authCalls.token,
    summary:
      'Sign in (grantType password, captcha with Captcha-Key/Captcha-Code headers, refresh_token, sms, social, domain: an account opted in to domain login, its directory password as typed in the JSON body { password }); Authorization: Basic base64(clientId:clientSecret)',
    tag: 'auth',
    query: tokenQuerySchema,
    body: domainSignInBodySchema.optional(),
    response: envelopeSchema(tokenResponseSchema),
    auth: false,
  },
  refreshToken: {
    ...authCalls.refreshToken,
    summary: 'Spec 01\'s refresh call: the refresh grant of /api/bl-auth/token (rotation; a reused refresh token revokes its session); header Tenant-Id must name the same tenant',
    tag: 'auth',
    query: refreshTokenQuerySchema,
    response: envelopeSchema(tokenResponseSchema),
    auth: false,
  },
  captcha: {
    method: 'GET',
    path: '/api/bl-auth/captcha',
    summary: 'A picture code for the captcha grant (works once, five minutes)',
    tag: 'auth',
    response: envelopeSchema(captchaSchema),
    auth: false,
  },
  smsSend: {
    method: 'POST',
    path: '/api/bl-auth/sms/send',
    summary: 'Send a 6-digit sign-in code to a phone (then grantType=sms); resendIn seconds until another may be sent',
    tag: 'auth',
    query: smsSendQuerySchema,
    response: envelopeSchema(z.object({ resendIn: z.number().int() })),
    auth: false,
  },
  tokenCheck: {
    method: 'GET',
    path: '/api/bl-customize/token-check/check',
    summary: "The console's periodic check that its token still works",
    tag: 'auth',
    response: envelopeSchema(z.object({ valid: z.literal(true), tenantId: z.string(), userId: z.string() })),
  },
  userLogout: {
    method: 'POST',
    path: '/api/bl-system/user/logout',
    summary: 'Revoke the session of the calling token (the same as GET /api/bl-auth/logout)',
    tag: 'auth',
    response: envelopeSchema(z.boolean()),
  },
  licenseHistory: {
    method: 'GET',
    path: '/api/bl-auth/license/history',
    summary: 'Every licence import, with who and when (platform administrators)',
    tag: 'auth',
    response: envelopeSchema(z.array(z.record(z.string(), z.unknown()))),
  },
  logout: {
    ...authCalls.logout,
    summary: 'Revoke the session of the calling token',
    tag: 'auth',
    response: envelopeSchema(z.boolean()),
  },
  userInfo: {
    method: 'GET',
    path: '/api/bl-system/user/getUserInfo',
    summary: 'The signed-in user and roles',
    tag: 'auth',
    response: envelopeSchema(userInfoSchema),
  },
});
