import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { defineRoutes, type RouteDef } from './route';
import { documentRoutesOf } from '../documents/derive';
import { documents } from '../documents/registry';
import { warehouseInboundRoutes, warehousePrintRoutes, warehouseStockRoutes } from '../warehouse/routes';
import { stockReportRoutes, warehouseStockReadRoutes } from '../warehouse/reports';
import { transportRoutes } from '../transport/routes';
import { flowRoutes } from '../compose/review';
import { captchaSchema, refreshTokenQuerySchema, smsSendQuerySchema, tokenQuerySchema, tokenResponseSchema, userInfoSchema } from '../auth/token';
import { authFlowRoutes } from '../auth/routes';
import { profileRoutes } from '../masterdata/profile';
import { billingRoutes } from '../billing/charges';
import { billingPrintRoutes, billingReportRoutes } from '../billing/reports';
import { reportRoutes } from '../report/routes';
import { transportBoardRoutes } from '../transport/board';
import { authCalls } from '../auth/calls';

export const authRoutes = defineRoutes({
  token: {
    ...authCalls.token,
    summary: 'Sign in (grantType password, captcha with Captcha-Key/Captcha-Code headers, refresh_token, sms, social); Authorization: Basic base64(clientId:clientSecret)',
    tag: 'auth',
    query: tokenQuerySchema,
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

/** Data repair (issue 11): what a run brought back into range. */
export const dataRepairReportSchema = z.object({
  records: z.array(z.object({ entity: z.string(), id: z.string(), fields: z.array(z.string()) })),
  documents: z.array(z.object({ documentType: z.string(), id: z.string(), fields: z.array(z.string()) })),
});
export const dataRepairRoutes = defineRoutes({
  run: {
    method: 'POST',
    path: '/api/bl-system/data-repair/run',
    summary: "Repairs the caller's tenant now (administrators; also run for every tenant at each start): numbers outside their kind are brought back into range by a Changed event of the System actor whose diff keeps the original as text",
    tag: 'system',
    response: envelopeSchema(dataRepairReportSchema),
  },
});

export const allRoutes: Record<string, Record<string, RouteDef>> = {
  auth: authRoutes,
  authFlows: authFlowRoutes,
  flow: flowRoutes,
  profile: profileRoutes,
  report: reportRoutes,
  dataRepair: dataRepairRoutes,
  warehouseStock: warehouseStockRoutes,
  warehouseInbound: warehouseInboundRoutes,
  warehouseStockReads: warehouseStockReadRoutes,
  stockReports: stockReportRoutes,
  warehousePrint: warehousePrintRoutes,
  transportBoard: transportBoardRoutes,
  transport: transportRoutes,
  billing: billingRoutes,
  billingReports: billingReportRoutes,
  billingPrint: billingPrintRoutes,
  // every document type's routes, from its description (the document kit)
  ...Object.fromEntries(documents.map((d) => [d.name, documentRoutesOf(d)])),
};
