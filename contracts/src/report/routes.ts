import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { dashboardQuerySchema, dashboardSchema, homeFiguresSchema } from './dashboard';

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
});
