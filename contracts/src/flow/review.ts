import { z } from 'zod';
import { processKeySchema } from './common';
import type { DocumentDef } from '../documents/define';

export { IS_REVIEW, isReviewSchema, type IsReview } from '../documents/is-review';

/**
 * The review configuration's schemas over the document types that plug into review: every
 * described document that can be reviewed, and the leave sample (see docs/FLOW.md). Made from
 * the composed document list (contracts/src/compose/review.ts), which this context never imports.
 */
export const reviewSchemasOf = (documents: readonly DocumentDef[]) => {
  const reviewDocumentTypes = [...documents.filter((d) => d.review).map((d) => d.name), 'leave'] as unknown as readonly [string, ...string[]];
  const reviewDocumentTypeSchema = z.enum(reviewDocumentTypes, { error: 'validation.requiredSelect' });
  const reviewConfigSchema = z.object({
    documentType: reviewDocumentTypeSchema,
    processKey: processKeySchema,
    enabled: z.boolean(),
    updatedBy: z.string().optional(),
    updatedAt: z.string().optional(),
  });
  const submitReviewConfigSchema = z.object({
    documentType: reviewDocumentTypeSchema,
    processKey: processKeySchema,
    enabled: z.coerce.boolean(),
  });
  return { reviewDocumentTypes, reviewDocumentTypeSchema, reviewConfigSchema, submitReviewConfigSchema };
};
type ReviewSchemas = ReturnType<typeof reviewSchemasOf>;
export type ReviewDocumentType = z.infer<ReviewSchemas['reviewDocumentTypeSchema']>;
export type ReviewConfig = z.infer<ReviewSchemas['reviewConfigSchema']>;
export type SubmitReviewConfig = z.infer<ReviewSchemas['submitReviewConfigSchema']>;
