import type { DocumentDef, FieldDef, KitDocument, Labels } from '@tpl/contracts';

/** One picture of a document: the attachment's id, the field it is kept in, the line it belongs to (if any). */
export type DocumentImage = { id: string; label: Labels; lineNumber?: number };

type Fields = Record<string, FieldDef | { kind: 'group'; fields: Record<string, FieldDef> }>;

/** Every field of a description that may hold a picture, by name: header (and its groups), lines, actions' fields, rows inside any of them. */
const pictureFields = (def: DocumentDef): Map<string, FieldDef> => {
  const out = new Map<string, FieldDef>();
  const walk = (fields: Fields) => {
    for (const [name, f] of Object.entries(fields)) {
      if (f.kind === 'group' || f.kind === 'rows') walk(f.fields);
      else if ((f.kind === 'attachment' && f.image) || f.kind === 'signature') out.set(name, f);
    }
  };
  walk(def.header as Fields);
  if (def.lines) walk(def.lines.fields);
  for (const action of Object.values(def.actions)) if (action.fields) walk(action.fields as Fields);
  return out;
};

/**
 * Every image of a document (photos, drawn signatures), wherever its description keeps them: the
 * header, a group, its lines, an action's fact (`into` or the header), rows of any of them. In
 * the document's order, each once; a line's image names its line.
 */
export const imagesOf = (def: DocumentDef, doc: KitDocument): DocumentImage[] => {
  const fields = pictureFields(def);
  const out: DocumentImage[] = [];
  const seen = new Set<string>();
  const visit = (value: unknown, lineNumber: number | undefined) => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v, lineNumber);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const line = typeof record.lineNumber === 'number' && lineNumber === undefined ? record.lineNumber : lineNumber;
    for (const [key, v] of Object.entries(record)) {
      const field = fields.get(key);
      if (field && typeof v === 'string' && v) {
        if (!seen.has(v)) out.push({ id: v, label: field.label, ...(line !== undefined ? { lineNumber: line } : {}) });
        seen.add(v);
      } else if (typeof v === 'object') visit(v, key === def.lines?.key ? undefined : line);
    }
  };
  visit(doc, undefined);
  return out;
};

/** Whether a description can hold images at all (its view offers the photos screen). */
export const holdsImages = (def: DocumentDef): boolean => pictureFields(def).size > 0;
