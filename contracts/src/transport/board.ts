import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';

/**
 * The dispatcher board (issue 14 item 4): consignment notes by state, vehicles as drop targets
 * with today's schedule, kept live by server-sent events. The board's rows are transport's own
 * read model (trn_board_docs), kept by the asynchronous projector from the notes' and the
 * dispatch bills' events; these are the shapes the server answers and the console reads.
 */

/** The document types the board follows (kit names, see contracts/src/transport/documents). */
export const BOARD_NOTE_DOC = 'consignmentbill';
export const BOARD_DISPATCH_DOC = 'dispatch';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const boardQuerySchema = z
  .object({
    lineCode: z.string().max(40).optional(),
    customerCode: z.string().max(40).optional(),
    /** business day (yyyy-MM-dd) the notes are planned for (or billed, when not planned) */
    date: isoDate.optional(),
  })
  .strict();
export type BoardQuery = z.infer<typeof boardQuerySchema>;

const totalsSchema = z.record(z.string(), z.number());

export const boardNoteSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  state: z.string(),
  /** the note's version as the board last saw it: what a drag sends as the expected version */
  version: z.number().int(),
  customerCode: z.string().nullable(),
  lineCode: z.string().nullable(),
  orderId: z.string().nullable(),
  orderBillNo: z.string().nullable(),
  consigneeName: z.string().nullable(),
  billDate: z.string().nullable(),
  plannedDate: z.string().nullable(),
  totals: totalsSchema,
  /** the live dispatch bill carrying the note, when there is one */
  dispatchId: z.string().nullable(),
  dispatchBillNo: z.string().nullable(),
  carNo: z.string().nullable(),
  freight: z.number().nullable(),
  removed: z.boolean(),
  /** global position of the last event folded into this row */
  position: z.string(),
});
export type BoardNote = z.infer<typeof boardNoteSchema>;

export const boardDispatchSchema = z.object({
  id: z.string(),
  billNo: z.string(),
  state: z.string(),
  version: z.number().int(),
  carNo: z.string().nullable(),
  driverCode: z.string().nullable(),
  carrierCode: z.string().nullable(),
  lineCode: z.string().nullable(),
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  noteIds: z.array(z.string()),
  removed: z.boolean(),
  position: z.string(),
});
export type BoardDispatch = z.infer<typeof boardDispatchSchema>;

export const boardSchema = z.object({
  /** global position the board's rows are complete up to (the projection's checkpoint) */
  position: z.string(),
  notes: z.array(boardNoteSchema),
  dispatches: z.array(boardDispatchSchema),
});
export type Board = z.infer<typeof boardSchema>;

/** One server-sent event of the board's stream (`event: board`): the rows that moved since `after`. */
export const boardChangeSchema = z.object({
  after: z.string(),
  position: z.string(),
  notes: z.array(boardNoteSchema),
  dispatches: z.array(boardDispatchSchema),
});
export type BoardChange = z.infer<typeof boardChangeSchema>;

export const BOARD_STREAM_MEDIA_TYPE = 'text/event-stream';

export const transportBoardRoutes = defineRoutes({
  board: {
    method: 'GET',
    path: '/api/bl-transport/board',
    summary:
      "The dispatcher board: consignment notes (by state) and dispatch bills (the vehicles' schedules) within the caller's tenant, data scopes and cargo owner; filters by line, customer and day",
    tag: 'transport',
    query: boardQuerySchema,
    response: envelopeSchema(boardSchema),
  },
  stream: {
    method: 'GET',
    path: '/api/bl-transport/board/stream',
    summary:
      "Server-sent events of the board: `board` events carry the notes and dispatch bills that moved (as the projection committed them, from any host), narrowed to what the caller may see; `ping` keeps the line open. Query `after`: the position the client's board is complete up to",
    tag: 'transport',
    query: z.object({ after: z.string().regex(/^\d{1,19}$/).optional() }).strict(),
    response: z.string(),
    download: BOARD_STREAM_MEDIA_TYPE,
  },
});
