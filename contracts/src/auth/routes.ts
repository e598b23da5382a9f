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
