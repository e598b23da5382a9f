import { z } from 'zod';
import { instantSchema, optionalText, requiredText } from '../validation/rules';
import { accountSchema, flowActorSchema, flowIdSchema, flowVersionSchema } from './common';

/**
 * The leave request of spec 01 (/task/process/leave/form, handle, detail): the built-in
 * sample document reviewed by the `leave` process. Draft -> InReview -> Approved; a
 * rejection sends it back to Draft with the comment, to be changed and submitted again.
 */
export const LEAVE = 'leave';
export const leaveTypes = ['annual', 'sick', 'personal', 'marriage', 'maternity', 'bereavement', 'other'] as const;
export const leaveTypeSchema = z.enum(leaveTypes, { error: 'validation.requiredSelect' });
export const leaveStates = ['Draft', 'InReview', 'Approved'] as const;
export const leaveStateSchema = z.enum(leaveStates);
export type LeaveState = z.infer<typeof leaveStateSchema>;

const leaveShape = {
  leaveType: leaveTypeSchema,
  startTime: instantSchema,
  endTime: instantSchema,
  /** working days asked for: half days allowed */
  days: z.coerce.number({ error: 'validation.number' }).positive({ error: 'validation.positive' }).max(365, { error: 'validation.range' }).multipleOf(0.5, { error: 'validation.invalid' }),
  reason: requiredText(500),
  /** the manager who approves first (an account of the tenant) */
  approver: accountSchema,
};
const endAfterStart = (b: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(b.endTime) <= Date.parse(b.startTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.endBeforeStart' });
};
export const leaveContentSchema = z.object(leaveShape).superRefine(endAfterStart);
export type LeaveContent = z.infer<typeof leaveContentSchema>;

/** POST leave/start-process: a new request (no id) or a rejected one sent again (id + version). */
export const startLeaveSchema = z
  .object({ id: flowIdSchema.optional(), version: flowVersionSchema.optional(), processDefinitionId: flowIdSchema.optional(), ...leaveShape })
  .superRefine(endAfterStart);
export type StartLeave = z.infer<typeof startLeaveSchema>;

export const leaveSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  state: leaveStateSchema,
  version: z.number().int(),
  ...leaveShape,
  days: z.number(),
  instanceId: z.string().nullable(),
  rejectComment: z.string().nullable(),
  applicant: flowActorSchema,
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Leave = z.infer<typeof leaveSchema>;
export const leaveDetailQuerySchema = z.object({ businessId: flowIdSchema });
export const leaveResultSchema = z.object({ id: z.string(), version: z.number().int(), instanceId: z.string() });
export const leaveCommentSchema = optionalText(1000);
