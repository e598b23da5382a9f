import { z } from 'zod';
import { consignmentStateSchema } from '../transport/documents/consignment';

const count = z.number().int().min(0);

/** GET /api/bl-report/dashboard: how many days of daily figures (today included); 14 when absent. */
export const dashboardQuerySchema = z
  .object({
    days: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' }).max(90, { error: 'validation.range' }).optional(),
  })
  .strict();
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** One business day of consignment orders: made that day, and signed for by the consignee that day. */
export const consignmentDaySchema = z.object({ day: z.iso.date(), created: count, signed: count });

/** Orders by state (every state, zeros included, in the machine's order). */
export const stateCountSchema = z.object({ state: consignmentStateSchema, count });

/** The caller's own approval work (the inbox tabs): to do, claimable, handled, started. */
export const approvalFiguresSchema = z.object({ todo: count, claimable: count, done: count, sent: count });

/**
 * The dashboard's figures. Consignment figures count only the orders the caller's data scopes
 * let them see (`scoped` says whether a scope narrowed them); days are business days in
 * `timeZone` (BUSINESS_TZ, default Asia/Shanghai).
 */
export const dashboardSchema = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  scoped: z.boolean(),
  consignments: z.object({
    total: count,
    byState: z.array(stateCountSchema),
    perDay: z.array(consignmentDaySchema),
    /** open orders (neither signed nor cancelled): how much is on the way */
    open: z.object({ orders: count, qty: z.number(), weight: z.number(), volume: z.number(), packages: count }),
  }),
  approvals: approvalFiguresSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The states in which an order waits for someone's action (spec 02: the dispatcher's board). */
export const ACTIONABLE_STATES = ['Draft', 'InReview', 'Audited', 'Accepted', 'Dispatched', 'Loaded', 'Arrived'] as const;

/** GET /api/bl-report/home: what the home page shows a signed-in user (every user may call it). */
export const homeFiguresSchema = z.object({
  approvals: approvalFiguresSchema,
  /** orders in a state that waits for action, within the caller's data scopes */
  needingAction: z.array(stateCountSchema),
  scoped: z.boolean(),
});
export type HomeFigures = z.infer<typeof homeFiguresSchema>;
