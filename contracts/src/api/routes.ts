import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { defineRoutes, type RouteDef } from './route';
import { flowRoutes } from '../flow/routes';
import { tokenQuerySchema, tokenResponseSchema, userInfoSchema } from '../auth/token';
import { authFlowRoutes } from '../auth/routes';
import { profileRoutes } from '../auth/profile';
import { reportRoutes } from '../report/routes';
import {
  arriveSchema,
  cancelSchema,
  consignmentListPageSchema,
  consignmentListQuerySchema,
  consignmentSchema,
  detailQuerySchema,
  dispatchSchema,
  historyEntrySchema,
  historyQuerySchema,
  removeQuerySchema,
  signSchema,
  submitConsignmentBodySchema,
  transitionTargetSchema,
} from '../transport/consignment';

/**
 * The button code each consignment command needs (menu records of category BUTTON,
 * allocated to roles): the server refuses a command whose code the caller lacks, and the
 * console hides its button.
 */
export const CONSIGNMENT_BUTTONS = {
  add: 'consignment_add',
  submitReview: 'consignment_submit_review',
  edit: 'consignment_edit',
  remove: 'consignment_delete',
  audit: 'consignment_audit',
  dispatch: 'consignment_dispatch',
  load: 'consignment_load',
  arrive: 'consignment_arrive',
  sign: 'consignment_sign',
  cancel: 'consignment_cancel',
} as const;

/** What every consignment command answers: the document's id, bill number, new version and state. */
export const consignmentCommandResultSchema = z.object({ id: z.string(), billNo: z.string(), version: z.number().int(), state: z.string() });

export const authRoutes = defineRoutes({
  token: {
    method: 'POST',
    path: '/api/bl-auth/token',
    summary: 'Sign in (grantType password, captcha with Captcha-Key/Captcha-Code headers, refresh_token, sms, social); Authorization: Basic base64(clientId:clientSecret)',
    tag: 'auth',
    query: tokenQuerySchema,
    response: envelopeSchema(tokenResponseSchema),
    auth: false,
  },
  logout: {
    method: 'GET',
    path: '/api/bl-auth/logout',
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

const base = '/api/bl-transport/consignment';
const transition = (action: string, query: z.ZodType = transitionTargetSchema): RouteDef => ({
  method: 'POST',
  path: `${base}/${action}`,
  summary: `${action} a consignment order (id and expected version in query or body)`,
  tag: 'transport',
  body: query,
  response: envelopeSchema(consignmentCommandResultSchema),
});

export const consignmentRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: `${base}/list`,
    summary: 'Consignment orders, paged on the server with filters and sorts',
    tag: 'transport',
    query: consignmentListQuerySchema,
    response: envelopeSchema(consignmentListPageSchema),
  },
  detail: {
    method: 'GET',
    path: `${base}/detail`,
    summary: 'One consignment order; with version=N, the document as it was after event N',
    tag: 'transport',
    query: detailQuerySchema,
    response: envelopeSchema(consignmentSchema),
  },
  history: {
    method: 'GET',
    path: `${base}/history`,
    summary: 'Every event of one consignment order: type, version, actor, time, data',
    tag: 'transport',
    query: historyQuerySchema,
    response: envelopeSchema(z.array(historyEntrySchema)),
  },
  submit: {
    method: 'POST',
    path: `${base}/submit`,
    summary: 'Create a draft (no id) or change a draft (id and expected version)',
    tag: 'transport',
    body: submitConsignmentBodySchema,
    response: envelopeSchema(consignmentCommandResultSchema),
  },
  remove: {
    method: 'POST',
    path: `${base}/remove`,
    summary: 'Remove drafts or cancelled orders (ids comma separated)',
    tag: 'transport',
    query: removeQuerySchema,
    response: envelopeSchema(z.array(consignmentCommandResultSchema)),
  },
  submitReview: transition('submit-review'),
  audit: transition('audit'),
  dispatch: transition('dispatch', dispatchSchema),
  load: transition('load'),
  arrive: transition('arrive', arriveSchema),
  sign: transition('sign', signSchema),
  cancel: transition('cancel', cancelSchema),
});

export const allRoutes: Record<string, Record<string, RouteDef>> = { auth: authRoutes, authFlows: authFlowRoutes, consignment: consignmentRoutes, flow: flowRoutes, profile: profileRoutes, report: reportRoutes };
