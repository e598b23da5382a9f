import type { Upcaster } from '@tpl/event-store';

/**
 * Transport's event versions. ConsignmentCreated v1 (before document review existed) had
 * no isReview: read as 0, no review needed; v2 always carries it.
 */
export const transportUpcasters: Upcaster[] = [
  {
    eventType: 'ConsignmentCreated',
    fromVersion: 1,
    upcast: (data) => {
      const d = data as Record<string, unknown>;
      return { ...d, isReview: d.isReview ?? 0 };
    },
  },
];
