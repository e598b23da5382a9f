import type { DocumentDef, KitDocument } from '@tpl/contracts';
import type { ReviewPort } from '../../shared/context';

/**
 * The kit's review port: the approvals' tag, banner and process names on the document view and
 * its history. The kit names no context: the workflow context fills it (its front door's
 * `review`), composed at the app's root (web/src/contexts.ts); unfilled, the view shows none.
 */
let port: ReviewPort | undefined;

export const registerReview = (review: ReviewPort): void => {
  port = review;
};

export const ReviewTag = (props: { def: DocumentDef; doc: Pick<KitDocument, 'isReview'> }) => (port ? <port.Tag {...props} /> : null);

export const ReviewBanner = (props: { def: DocumentDef; doc: KitDocument }) => (port ? <port.Banner {...props} /> : null);

const noNames = (): Record<string, string> => ({});
/** The review processes' names by key (filled once at start, so every render calls the same hook). */
export const useReviewProcessNames = (keys: string[]): Record<string, string> => (port?.useProcessNames ?? noNames)(keys);
