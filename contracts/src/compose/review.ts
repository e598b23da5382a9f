import { documents } from '../documents/registry';
import { reviewSchemasOf } from '../flow/review';
import { flowRoutesOf } from '../flow/routes';

/**
 * The workflow's review configuration over every context's documents (the reviewable ones and
 * the leave sample), and the workflow's calls that carry it: composed here, above the contexts,
 * so that the workflow context never imports the registry.
 */
export const { reviewDocumentTypes, reviewDocumentTypeSchema, reviewConfigSchema, submitReviewConfigSchema } = reviewSchemasOf(documents);
export const flowRoutes = flowRoutesOf({ reviewConfigSchema, submitReviewConfigSchema });
