/**
 * The transport process manager, pure (issue 14): a consignment order follows its
 * consignment notes. Given the order's state and its notes' states, the follow steps the
 * order must take, in order (none when it is already there: replaying an event is harmless).
 *
 * The order stands where its least advanced live note stands: Dispatched once every live
 * note is dispatched, Loaded once every one is loaded, Arrived once every one has arrived
 * (reviewed or received early count as arrived). When every live note is settled, the order
 * is Signed if all were signed, Refused if all were refused, PartiallySigned otherwise.
 * Cancelled notes do not count; an order whose notes are all cancelled stays where it is.
 */
export type FollowAction = 'followDispatched' | 'followLoaded' | 'followArrived' | 'followSigned' | 'followPartiallySigned' | 'followRefused';

const ORDER_STAGE: Record<string, number> = { Accepted: 0, Dispatched: 1, Loaded: 2, Arrived: 3, Signed: 4, PartiallySigned: 4, Refused: 4 };
const NOTE_STAGE: Record<string, number> = { Open: 0, Dispatched: 1, Loaded: 2, Arrived: 3, Reviewed: 3, ReceivedEarly: 3, Signed: 4, PartiallySigned: 4, Refused: 4 };
const STEP: FollowAction[] = ['followDispatched', 'followLoaded', 'followArrived'];

export const decideOrderFollows = (orderState: string, noteStates: readonly string[]): FollowAction[] => {
  const from = ORDER_STAGE[orderState];
  if (from === undefined) return [];
  const live = noteStates.filter((s) => s !== 'Cancelled' && NOTE_STAGE[s] !== undefined);
  if (!live.length) return [];
  const target = Math.min(...live.map((s) => NOTE_STAGE[s]!));
  const out: FollowAction[] = [];
  for (let stage = from; stage < Math.min(target, 3); stage++) out.push(STEP[stage]!);
  if (target === 4 && from < 4) {
    if (from < 3) for (let stage = from; stage < 3; stage++) if (!out.includes(STEP[stage]!)) out.push(STEP[stage]!);
    out.push(live.every((s) => s === 'Signed') ? 'followSigned' : live.every((s) => s === 'Refused') ? 'followRefused' : 'followPartiallySigned');
  }
  return out;
};

/** The note events the manager reacts to: every fact that moves a note. */
export const NOTE_EVENTS = ['Dispatched', 'Undispatched', 'Loaded', 'Arrived', 'ArrivalReviewed', 'ReceivedEarly', 'Signed', 'PartiallySigned', 'Refused', 'Cancelled'].map((f) => `ConsignmentBill${f}`);
