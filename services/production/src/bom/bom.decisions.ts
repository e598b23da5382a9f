import { secbombill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';

type PerRun = { materialCode?: unknown; qty?: unknown; [key: string]: unknown };
const numbered = (rows: unknown) => ((Array.isArray(rows) ? rows : []) as PerRun[]).map((l, i) => ({ ...l, lineNumber: i + 1 }));

/**
 * The BOM's own decisions: its raw materials and finished goods numbered. The spec's rule (at
 * least one line of each) is the description's (a 400 naming the lines, in the spec's words), so
 * a BOM without both is never recorded, by any caller.
 */
export const bomDecisions: DocumentDecisions<undefined, typeof secbombill> = {
  compute: (content) => ({ ...content, details: numbered(content.details), products: numbered(content.products) }),
};
