import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { actorSchema, commandResultSchema } from '../documents/define';

const id = z.uuid({ error: 'validation.invalid' });
const version = z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1, { error: 'validation.positive' });
const optionalCode = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(40, { error: 'validation.tooLong' }).optional());
const optionalInstant = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.datetime({ offset: true, error: 'validation.datetime' }).optional());

/**
 * The board's one atomic command: create AND issue one dispatch bill for these notes (each at
 * the version the dispatcher saw) on a vehicle; driver and carrier default to the vehicle
 * record's, the route to the notes'. All or nothing.
 */
export const boardDispatchBodySchema = z
  .object({
    notes: z.array(z.object({ id, version }), { error: 'validation.required' }).min(1, { error: 'transport.errors.notesEmpty' }).max(200, { error: 'validation.lines.tooMany' }),
    carNo: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(10, { error: 'validation.tooLong' }).transform((s) => s.toUpperCase()),
    driverCode: optionalCode,
    carrierCode: optionalCode,
    lineCode: optionalCode,
    plannedStart: optionalInstant,
    plannedEnd: optionalInstant,
  })
  .superRefine((b, ctx) => {
    if (b.plannedStart && b.plannedEnd && b.plannedEnd <= b.plannedStart) ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: 'validation.dateRange' });
  });
export type BoardDispatchBody = z.infer<typeof boardDispatchBodySchema>;
export const boardDispatchResultSchema = z.object({ dispatch: commandResultSchema, notes: z.array(commandResultSchema) });
export type BoardDispatchResult = z.infer<typeof boardDispatchResultSchema>;

/** One freight explanation line: which price record, which quantity, which basis, the arithmetic. */
export const freightLineSchema = z.object({
  noteId: z.string(),
  noteBillNo: z.string(),
  materialCode: z.string(),
  source: z.enum(['basicpay', 'basicgoodsforpay', 'basicpackge']),
  priceCode: z.string(),
  basis: z.enum(['WEIGHT', 'VOLUME', 'PACKAGE']),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  amount: z.number(),
  formula: z.string(),
});
export type FreightLine = z.infer<typeof freightLineSchema>;
export const freightExplanationSchema = z.object({
  dispatchId: z.string(),
  billNo: z.string(),
  lineCode: z.string(),
  freight: z.number(),
  notes: z.array(z.object({ noteId: z.string(), noteBillNo: z.string(), freight: z.number() })),
  lines: z.array(freightLineSchema),
});
export type FreightExplanation = z.infer<typeof freightExplanationSchema>;

/** One event of the order's chain, in the store's global order. */
export const timelineEntrySchema = z.object({
  documentType: z.string(),
  documentId: z.string(),
  billNo: z.string(),
  type: z.string(),
  version: z.number().int(),
  time: z.string(),
  actor: actorSchema,
  data: z.unknown(),
  globalPosition: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const chainDocumentSchema = z.object({ documentType: z.string(), id: z.string(), billNo: z.string(), state: z.string(), version: z.number().int(), document: z.record(z.string(), z.unknown()) });
export const chainSchema = z.object({ orderId: z.string(), at: z.string().nullable(), documents: z.array(chainDocumentSchema) });
export type ChainView = z.infer<typeof chainSchema>;

export const timelineQuerySchema = z.object({ id });
export const chainQuerySchema = z.object({ id, at: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d+$/, { error: 'validation.integer' }).optional()) });
export const freightQuerySchema = z.object({ id });

/** The transport chain's routes beside what the kit serves (issue 14). */
export const transportRoutes = defineRoutes({
  boardDispatch: {
    method: 'POST',
    path: '/api/bl-transport/dispatch/board-dispatch',
    summary: 'Creates and issues one dispatch bill for the given notes (each at the version seen) in one transaction; a stale or undispatchable note: 409 naming it, nothing written',
    tag: 'transport',
    body: boardDispatchBodySchema,
    response: envelopeSchema(boardDispatchResultSchema),
  },
  freight: {
    method: 'GET',
    path: '/api/bl-transport/dispatch/freight',
    summary: "A dispatch bill's freight explained: per note and per goods line the price record, the quantity, the basis and the arithmetic",
    tag: 'transport',
    query: freightQuerySchema,
    response: envelopeSchema(freightExplanationSchema),
  },
  timeline: {
    method: 'GET',
    path: '/api/bl-transport/consignment/timeline',
    summary: 'Every event of a consignment order and of its notes, dispatch, loading, arrival and delivery documents, in the store\'s global order',
    tag: 'transport',
    query: timelineQuerySchema,
    response: envelopeSchema(z.array(timelineEntrySchema)),
  },
  chain: {
    method: 'GET',
    path: '/api/bl-transport/consignment/chain',
    summary: 'The order and every linked document as they stood right after the event at global position `at` (now without it)',
    tag: 'transport',
    query: chainQuerySchema,
    response: envelopeSchema(chainSchema),
  },
});
