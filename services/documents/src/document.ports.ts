import type { ActionFieldsOf, AppError, DocumentDef, DocumentOf, KitDocument } from '@tpl/contracts';
import type { NewEvent, StoredEvent, UnitOfWork } from '@tpl/event-store';
import type { DecideMeta, DocumentCommand } from './document.decider';

/**
 * What a command causes beyond its own document, in the same transaction:
 * - events on another stream (a stock account), with the version they were decided on;
 * - an action on another document (usually one of its `system` actions), which that
 *   document's machine and decisions judge like any other command.
 */
export type Effect =
  | { stream: string; streamType: string; events: NewEvent[]; expectedVersion: number }
  | { document: string; id: string; action: string; fields: Record<string, unknown> }
  /** a new document of another type (its number taken in this transaction), judged by its own decisions */
  | { create: string; id: string; content: Record<string, unknown> };

/** The document a type's decisions read: its DocumentOf, or any document when the type is not known (the kit's own view). */
export type DocOf<D extends DocumentDef> = DocumentDef extends D ? KitDocument : DocumentOf<D>;

/** An action of a type as a command asks for it: its name and the fields the description gives it, typed. */
type ActOf<D extends DocumentDef> = {
  [A in keyof D['actions'] & string]: { type: 'Act'; data: { id: string; expectedVersion: number; action: A; fields: ActionFieldsOf<D, A> } };
}[keyof D['actions'] & string];

/** The commands a type's decisions judge: the kit's, with its actions' fields typed. */
export type DocumentCommandOf<D extends DocumentDef> = DocumentDef extends D ? DocumentCommand : Exclude<DocumentCommand, { type: 'Act' }> | ActOf<D>;

/** What a type's `load` is given: the command, the document as folded (none before it is made), the command's transaction. */
export type LoadInput<D extends DocumentDef = DocumentDef> = { tenantId: string; command: DocumentCommandOf<D>; doc: DocOf<D> | undefined; uow: UnitOfWork };

/**
 * A document of a type read back from the kit (DocumentService.detail, byBillNo): the kit folded it
 * from that type's events, so it is that type's DocumentOf. The one place a read document is named
 * as its type.
 */
export function documentOf<D extends DocumentDef>(def: D, doc: KitDocument): DocumentOf<D>;
export function documentOf<D extends DocumentDef>(def: D, doc: KitDocument | undefined): DocumentOf<D> | undefined;
export function documentOf<D extends DocumentDef>(_def: D, doc: KitDocument | undefined): DocumentOf<D> | undefined {
  return doc as DocumentOf<D> | undefined;
}

/**
 * A document type's own decisions, beside what the kit derives from its description: plain
 * functions in the document's folder (services/<context>/src/<document>/decisions.ts),
 * tested given/when/then. Written against the type's description `D`: the document they read is
 * DocumentOf<D> and an action's fields are those it describes.
 *
 * - `load` fetches what a decision needs beyond the document's own stream (stock, master
 *   data), in the command's transaction;
 * - `check` refuses a command for a reason the machine cannot know (throw a typed AppError);
 * - `compute` derives values of the content before it is recorded (line weights, amounts);
 * - `effects` names events the command causes on other streams.
 */
export type DocumentDecisions<F = unknown, D extends DocumentDef = DocumentDef> = {
  load?: (input: LoadInput<D>) => Promise<F>;
  check?: (command: DocumentCommandOf<D>, doc: DocOf<D> | undefined, facts: F, meta: DecideMeta) => void | AppError;
  compute?: (content: Record<string, unknown>, facts: F) => Record<string, unknown>;
  /**
   * completes a content from what the server knows before it is computed and recorded (a goods
   * line's unit, weight, pallet size and volume from its material): on every create and change,
   * whoever sends it (console, API, import, seeds). `db`: the caller's transaction, when there is one.
   */
  complete?: (input: { tenantId: string; content: Record<string, unknown>; db?: UnitOfWork }) => Promise<Record<string, unknown>>;
  /**
   * an action's fields the server resolves from the document and the facts (a dispatch's
   * freight, the vehicle's default driver): they replace whatever the caller sent for them
   */
  fill?: (command: DocumentCommandOf<D>, doc: DocOf<D>, facts: F, meta: DecideMeta) => Record<string, unknown> | undefined;
  effects?: (command: DocumentCommandOf<D>, after: DocOf<D>, facts: F, meta: DecideMeta) => Effect[];
  /** where a fact lands when the description's landing cannot say it (a receipt adding up on its booked inbound's lines) */
  evolve?: (doc: DocOf<D>, event: StoredEvent) => DocOf<D>;
};

/** Contexts register their documents' decisions here when their module starts. */
export class DocumentDecisionsRegistry {
  private readonly byName = new Map<string, unknown>();

  /** The decisions are the description's own (DocumentDecisions<F, typeof def>); the kit reads them through `of`. */
  register<const D extends DocumentDef, F>(def: D, decisions: DocumentDecisions<F, NoInfer<D>>): void {
    this.byName.set(def.name, decisions);
  }

  /** The kit's view: any document, any command (the description's types are its own decisions' business). */
  of(def: DocumentDef): DocumentDecisions<unknown> {
    return (this.byName.get(def.name) ?? {}) as DocumentDecisions<unknown>;
  }
}
