import { z } from 'zod';

/**
 * Document review (spec 02 isReview): 0 no review needed, 1 review needed, 2 reviewed.
 * A tenant configures per document type whether documents need review and which process
 * reviews them; the document context asks when a document is made.
 */
export const IS_REVIEW = { none: 0, needed: 1, reviewed: 2 } as const;
export const isReviewSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type IsReview = z.infer<typeof isReviewSchema>;
