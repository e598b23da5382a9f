import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';

/**
 * A dock's slots for a day (issue 31): the registration form's slot picker lists them, free or
 * taken, and the chosen slot's start fills the appointment time. A taken slot names the appointment
 * holding it by its number. The booking still takes the slot on the server (a clash is a 409).
 */
const code = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' });
const day = z.string({ error: 'validation.required' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.gate.day' });

export const dockSlotsQuerySchema = z.object({ dockCode: code, day });
export type DockSlotsQuery = z.infer<typeof dockSlotsQuerySchema>;

export const dockSlotSchema = z.object({
  /** wall-clock ends on the site's clock (HH:mm) */
  from: z.string(),
  to: z.string(),
  /** the slot's ends as instants (ISO, UTC): the start is the appointment time the picker fills */
  slotStart: z.string(),
  slotEnd: z.string(),
  /** free: bookable now; taken: an appointment holds it; past: begun already */
  status: z.enum(['free', 'taken', 'past']),
  /** a taken slot's appointment number (not shown to a cargo owner's user: the appointment is not theirs) */
  billNo: z.string().optional(),
});
export type DockSlot = z.infer<typeof dockSlotSchema>;

export const dockDaySchema = z.object({ dockCode: z.string(), dockName: z.string(), day: z.string(), slots: z.array(dockSlotSchema) });
export type DockDay = z.infer<typeof dockDaySchema>;

export const gateApiRoutes = defineRoutes({
  dockSlots: {
    method: 'GET',
    path: '/api/bl-gate/dock-slots',
    summary: 'A dock\'s slots for a day on the site\'s clock, each free, taken (naming the appointment holding it) or past',
    tag: 'gate',
    query: dockSlotsQuerySchema,
    response: envelopeSchema(dockDaySchema),
  },
});
