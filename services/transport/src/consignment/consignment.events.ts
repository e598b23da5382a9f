import type { ConsignmentEvent, ConsignmentEventType, ConsignmentState } from '@tpl/contracts';
import type { EventMetadata } from '@tpl/event-store';

export type { ConsignmentEvent, ConsignmentEventType };

/** A consignment event as read back from its stream. */
export type RecordedConsignmentEvent = ConsignmentEvent & { version: number; metadata: EventMetadata };

export const STREAM_TYPE = 'Consignment';
export const streamName = (tenantId: string, id: string) => `${STREAM_TYPE}-${tenantId}-${id}`;

/** The state a document is in after each fact; null: the fact does not move it. */
export const stateAfter: Record<ConsignmentEventType, ConsignmentState | null> = {
  ConsignmentCreated: 'Draft',
  ConsignmentChanged: null,
  ConsignmentAudited: 'Audited',
  ConsignmentSubmittedForReview: 'InReview',
  ConsignmentReviewed: 'Audited',
  ConsignmentReviewRejected: 'Draft',
  ConsignmentDispatched: 'Dispatched',
  ConsignmentLoaded: 'Loaded',
  ConsignmentArrived: 'Arrived',
  ConsignmentSigned: 'Signed',
  ConsignmentCancelled: 'Cancelled',
  ConsignmentRemoved: null,
};

export const consignmentEventTypes = Object.keys(stateAfter) as ConsignmentEventType[];

export const totalsOf = (lines: { qty: number; weg: number; volume: number; packages: number }[]) => {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return lines.reduce(
    (t, l) => ({ qty: round(t.qty + l.qty), weg: round(t.weg + l.weg), volume: round(t.volume + l.volume), packages: t.packages + l.packages }),
    { qty: 0, weg: 0, volume: 0, packages: 0 },
  );
};
