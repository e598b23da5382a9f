import { eventTypeOf, type DocumentDef, type DocumentOf } from '@tpl/contracts';
import type { StoredEvent } from '@tpl/event-store';

type Row = Record<string, unknown>;

/** The rows under a document key (its lines), as the content carries them. */
export const rowsOf = (content: Row, key: string): Row[] => (Array.isArray(content[key]) ? (content[key] as Row[]) : []);

/** Lines numbered 1..n in the order written (the number is never typed). */
export const numbered = (content: Row, key: string, each: (line: Row) => Row = (l) => l): Row[] => rowsOf(content, key).map((l, i) => ({ ...each(l), lineNumber: i + 1 }));

/**
 * Where the billing documents' own facts land beyond the description's landing: `isCancel`
 * (spec 02: 0 no, 1 yes) is 0 from creation and 1 once `<Type>Cancelled` is recorded; `also`
 * adds a document's own (the value-added bill's version stamp).
 */
export const billingEvolve =
  <D extends DocumentDef>(def: D, also?: (doc: DocumentOf<D>, event: StoredEvent) => DocumentOf<D>) =>
  (doc: DocumentOf<D>, event: StoredEvent): DocumentOf<D> => {
    let out = doc;
    if (event.type === eventTypeOf(def, 'Created')) out = { ...out, isCancel: 0 };
    if (event.type === eventTypeOf(def, 'Cancelled')) out = { ...out, isCancel: 1 };
    return also ? also(out, event) : out;
  };
