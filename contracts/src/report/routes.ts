import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { z } from 'zod';
import { dashboardQuerySchema, dashboardSchema, homeFiguresSchema } from './dashboard';
import { projectionStatusSchema, rebuildProjectionQuerySchema } from './projections';

/** The report context's calls (/api/bl-report). */
export const reportRoutes = defineRoutes({
  dashboard: {
    method: 'GET',
    path: '/api/bl-report/dashboard',
    summary: "The dashboard's figures: consignment orders by state and per day (created, signed), open totals, the caller's approval work; within the caller's data scopes",
    tag: 'report',
    query: dashboardQuerySchema,
    response: envelopeSchema(dashboardSchema),
  },
  home: {
    method: 'GET',
    path: '/api/bl-report/home',
    summary: "The home page's figures for the caller: approval tasks and the orders waiting for action (every signed-in user)",
    tag: 'report',
    response: envelopeSchema(homeFiguresSchema),
  },
  projections: {
    method: 'GET',
    path: '/api/bl-report/projections',
    summary:
      'The asynchronous projections and reactions (platform administrators): checkpoint, lag in events and in seconds (since the oldest event not yet applied was written), whether rebuilding',
    tag: 'report',
    response: envelopeSchema(z.array(projectionStatusSchema)),
  },
  rebuildProjection: {
    method: 'POST',
    path: '/api/bl-report/projections/rebuild',
    summary:
      'Rebuilds one projection from zero while the service runs (platform administrators): its tables emptied and its checkpoint set to 0 in one transaction, then it catches up, marked rebuilding until it reaches the head',
    tag: 'report',
    query: rebuildProjectionQuerySchema,
    response: envelopeSchema(projectionStatusSchema),
  },
});
