import type { DocumentDef, KitDocument } from '@tpl/contracts';
import { transportViewExtras, type ViewExtras } from '../transport/extras';
import { billingViewExtras } from '../billing/extras';

/**
 * What a document type adds to the kit's generic view, beside its toolbar and under its
 * details (one line per area that has any): the order's chain timeline, a signing's proof, a
 * dispatch bill's freight explained, a month bill's charges explained.
 */
const extras: ViewExtras = { ...transportViewExtras, ...billingViewExtras };

export const ViewToolbarExtra = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const C = extras[def.name]?.toolbar;
  return C ? <C def={def} doc={doc} /> : null;
};

export const ViewDetailsExtra = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const C = extras[def.name]?.details;
  return C ? <C def={def} doc={doc} /> : null;
};

/** Beside the list's buttons (the month bills' generate). */
export const ListToolbarExtra = ({ def }: { def: DocumentDef }) => {
  const C = extras[def.name]?.list;
  return C ? <C def={def} /> : null;
};
