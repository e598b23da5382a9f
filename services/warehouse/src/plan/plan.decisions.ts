import type { planbill } from '@tpl/contracts';
import type { DocumentDecisions } from '@tpl/documents';

type PlanLine = { lineNumber?: number; materialCode: string; [key: string]: unknown };
const planLines = (doc: Record<string, unknown>): PlanLine[] => (doc.details as PlanLine[] | undefined) ?? [];

/**
 * The plan bill moves no stock: its own decisions only number its lines (the period's order
 * and the one line per material are the description's rules). docs/DOMAIN.md "Plan bill".
 */
export const planDecisions: DocumentDecisions<undefined, typeof planbill> = {
  compute: (content) => ({ ...content, details: planLines(content).map((l, i) => ({ ...l, lineNumber: i + 1 })) }),
};
