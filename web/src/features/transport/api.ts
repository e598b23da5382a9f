import {
  entityByName,
  transportBoardRoutes,
  transportRoutes,
  type Board,
  type BoardDispatchResult,
  type BoardQuery,
  type ChainView,
  type FreightExplanation,
  type TimelineEntry,
} from '@tpl/contracts';
import { attachmentApi } from '../../api/attachments';
import { openEventStream, request, type StreamEvent } from '../../api/client';
import { entityApi, type EntityRecord } from '../../api/entities';

/**
 * The transport screens' calls: the board and its stream, the board's one-step dispatch
 * (t-core's command), the order's cross-document timeline and chain, and attachments (the
 * signature and photos). Screens use the hooks, never these directly.
 */

export type Vehicle = EntityRecord;
export type { Uploaded } from '../../api/attachments';

/** What the board's drop sends: the notes as the board showed them, and the vehicle (t-core's board-dispatch). */
export type BoardDispatchBody = {
  notes: { id: string; version: number }[];
  carNo: string;
  driverCode?: string;
  carrierCode?: string;
  lineCode?: string;
  plannedStart?: string;
  plannedEnd?: string;
};

export const transportApi = {
  board: (query: BoardQuery, signal?: AbortSignal) => request<Board>('GET', transportBoardRoutes.board.path, { query, signal }),

  /** The board's stream from `after` (the position its board is complete up to), until aborted. */
  stream: (after: string, signal: AbortSignal, onEvent: (e: StreamEvent) => void, onOpen?: () => void) =>
    openEventStream(transportBoardRoutes.stream.path, { query: { after }, signal, onEvent, ...(onOpen ? { onOpen } : {}) }),

  /** A drop: one dispatch bill made and issued in one step; a lost race is a 409 the board shows itself. */
  boardDispatch: (body: BoardDispatchBody) => request<BoardDispatchResult>('POST', transportRoutes.boardDispatch.path, { body, notify: false }),

  vehicles: (signal?: AbortSignal) => entityApi.listAll(entityByName('basiccar')!, {}, signal),
  drivers: (signal?: AbortSignal) => entityApi.listAll(entityByName('basicdriver')!, {}, signal),
  lines: (signal?: AbortSignal) => entityApi.listAll(entityByName('basicline')!, {}, signal),

  timeline: (id: string, signal?: AbortSignal) => request<TimelineEntry[]>('GET', transportRoutes.timeline.path, { query: { id }, signal }),
  chain: (id: string, at: string, signal?: AbortSignal) => request<ChainView>('GET', transportRoutes.chain.path, { query: { id, at }, signal }),

  freight: (id: string, signal?: AbortSignal) => request<FreightExplanation>('GET', transportRoutes.freight.path, { query: { id }, signal }),

  /** A file (the drawn signature, a photo) stored as an attachment. */
  upload: (file: Blob, name: string) => attachmentApi.upload(file, name),
  /** An attachment's bytes (the image shown back): the download carries the session's headers, an <img src> could not. */
};

export const transportKeys = {
  all: ['transport'] as const,
  board: (query: BoardQuery) => [...transportKeys.all, 'board', query] as const,
  boards: () => [...transportKeys.all, 'board'] as const,
  vehicles: () => [...transportKeys.all, 'vehicles'] as const,
  drivers: () => [...transportKeys.all, 'drivers'] as const,
  lines: () => [...transportKeys.all, 'lines'] as const,
  timeline: (id: string) => [...transportKeys.all, 'timeline', id] as const,
  chain: (id: string, at: string) => [...transportKeys.all, 'chain', id, at] as const,
};
