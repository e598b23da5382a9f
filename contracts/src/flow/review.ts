import { z } from 'zod';
import { processKeySchema } from './common';
import { documents } from '../documents/registry';

export { IS_REVIEW, isReviewSchema, type IsReview } from './is-review';

/** Document types that plug into review: every described document that can be reviewed, and the leave sample (see docs/FLOW.md). */
export const reviewDocumentTypes = [...documents.filter((d) => d.review).map((d) => d.name), 'leave'] as unknown as readonly [string, ...string[]];
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
