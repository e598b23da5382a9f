import type { DocumentDef, KitDocument } from '@tpl/contracts';
import type { ListExtraProps, ViewExtras } from '../../shared/context';

/**
 * What a document type adds to the kit's generic view, beside its toolbar and under its
 * details: the order's chain timeline, a signing's proof, a month bill's charges explained.
 * The kit names no context: each registers its own (its front door's `viewExtras`), composed
 * at the app's root (web/src/contexts.ts).
 */
const extras: ViewExtras = {};

export const registerViewExtras = (more: ViewExtras): void => {
  Object.assign(extras, more);
};

export const ViewToolbarExtra = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const C = extras[def.name]?.toolbar;
  return C ? <C def={def} doc={doc} /> : null;
};

export const ViewDetailsExtra = ({ def, doc }: { def: DocumentDef; doc: KitDocument }) => {
  const C = extras[def.name]?.details;
  return C ? <C def={def} doc={doc} /> : null;
};

/** Beside the list's buttons (the month bills' generate, a production task's step pages), with the rows ticked. */
export const ListToolbarExtra = ({ def, selected }: ListExtraProps) => {
  const C = extras[def.name]?.list;
  return C ? <C def={def} selected={selected} /> : null;
};
