import { AppError, documentTotals, palletsOf, tonnesOf, type DocumentDef, type KitDocument } from '@tpl/contracts';
import type { DocumentCommand } from '@tpl/documents';

/** A goods line of a warehouse document, as folded. */
export type GoodsLine = {
  lineNumber: number;
  materialCode: string;
  batchNo?: string;
  qty: number;
  qtyWeg?: number;
  boardQty?: number;
  volume?: number;
  expiringDate?: string;
  [key: string]: unknown;
};

/**
 * A warehouse document as its shared decisions read it: one cargo owner in one warehouse area
 * (ownerHeader). Every warehouse type's DocumentOf is one.
 */
export type OwnedDocument = KitDocument & { customerCode: string; warehouseAreaCode: string };

export const linesOf = (doc: Record<string, unknown>): GoodsLine[] => (doc.details as GoodsLine[] | undefined) ?? [];

/**
 * What every warehouse document computes on its goods lines before they are recorded: line
 * numbers in order, weight in tonnes, pallets and the loose pieces, and the system-kept
 * quantities (`kept`) reset for a new content.
 */
export const computeGoodsLines = (content: Record<string, unknown>, o: { kept?: Record<string, number>; mantissa?: boolean } = {}): Record<string, unknown> => ({
  ...content,
  details: linesOf(content).map((l, i) => {
    const { board, mantissa } = palletsOf(l.qty, l.boardQty);
    return { ...l, lineNumber: i + 1, weg: tonnesOf(l.qty, l.qtyWeg), board, ...(o.mantissa ? { mantissa } : {}), ...o.kept };
  }),
});

/** The document with its lines replaced, totals recomputed. */
export const withLines = <T extends KitDocument>(def: DocumentDef, doc: T, details: readonly GoodsLine[]): T => {
  const next = { ...doc, details };
  return { ...next, totals: documentTotals(def, next) };
};

/** The action a command asks for, when it is one. */
export const actionOf = (command: DocumentCommand): string | undefined => (command.type === 'Act' ? command.data.action : undefined);

/** spec 02: "A shipped storage document cannot be deleted." (its goods are in stock: the refusal says so in the spec's words) */
export const refuseRemoveOnceInStock = (command: DocumentCommand, doc: KitDocument | undefined, inStock: readonly string[]) => {
  if (command.type === 'Remove' && doc && inStock.includes(doc.state)) return new AppError(409, 'warehouse.errors.storedNoDelete');
  return undefined;
};

/** Per-piece volume of a line whose volume is the line's total. */
export const unitVolumeOf = (l: Pick<GoodsLine, 'qty' | 'volume'>): number => (l.volume && l.qty > 0 ? Number((l.volume / l.qty).toFixed(6)) : 0);
