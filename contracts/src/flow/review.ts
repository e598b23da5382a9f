import { z } from 'zod';
import { processKeySchema } from './common';

/**
 * Document review (spec 02 isReview): 0 no review needed, 1 review needed, 2 reviewed.
 * A tenant configures per document type whether documents need review and which process
 * reviews them; the document context asks when a document is made.
 */
export const IS_REVIEW = { none: 0, needed: 1, reviewed: 2 } as const;
export const isReviewSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type IsReview = z.infer<typeof isReviewSchema>;

/** Document types that plug into review (each implements the review port; see docs/FLOW.md). */
export const reviewDocumentTypes = ['consignment', 'leave'] as const;
export const reviewDocumentTypeSchema = z.enum(reviewDocumentTypes, { error: 'validation.requiredSelect' });
export type ReviewDocumentType = z.infer<typeof reviewDocumentTypeSchema>;

export const reviewConfigSchema = z.object({
  documentType: reviewDocumentTypeSchema,
  processKey: processKeySchema,
  enabled: z.boolean(),
  updatedBy: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type ReviewConfig = z.infer<typeof reviewConfigSchema>;
export const submitReviewConfigSchema = z.object({
  documentType: reviewDocumentTypeSchema,
  processKey: processKeySchema,
  enabled: z.coerce.boolean(),
});
export type SubmitReviewConfig = z.infer<typeof submitReviewConfigSchema>;
