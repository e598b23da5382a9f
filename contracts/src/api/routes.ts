import type { RouteDef } from './route';
import { documentRoutesOf } from '../documents/derive';
import { documents } from '../documents/registry';
import { contexts } from '../contexts';
import { flowRoutes } from '../compose/review';

/**
 * Every described route group (OpenAPI's tags, the security suite's POST routes): each context's
 * (its front door's `routes`, in the list's order), the workflow's (composed over every context's
 * documents: compose/review.ts) and every document type's, from its description (the document kit).
 */
export const allRoutes: Record<string, Record<string, RouteDef>> = {
  ...Object.assign({}, ...contexts.map((c) => c.routes ?? {})),
  flow: flowRoutes,
  ...Object.fromEntries(documents.map((d) => [d.name, documentRoutesOf(d)])),
};
