import type { KitDocument } from '@tpl/contracts';
import type { StoredEvent } from '@tpl/event-store';

const actor = { userId: 'u1', account: 'finance', name: '财务' };

/** A folded billing document, as the kit hands it to evolve (only what the specs read). */
export const doc = (o: Record<string, unknown> = {}): KitDocument =>
  ({ id: 'd1', tenantId: '100001', billNo: 'X1', state: 'Draft', version: 1, isReview: 0, totals: {}, createdBy: actor, createdAt: '2026-11-24T02:00:00.000Z', updatedBy: actor, updatedAt: '2026-11-24T02:00:00.000Z', removed: false, ...o }) as KitDocument;

/** A stored event of a type at a time. */
export const event = (type: string, occurredAt = '2026-11-24T02:03:04.567Z', data: Record<string, unknown> = {}): StoredEvent =>
  ({ type, data, version: 1, globalPosition: '1', streamId: 'x', metadata: { tenantId: '100001', actor, occurredAt, correlationId: 'c1' } }) as unknown as StoredEvent;
