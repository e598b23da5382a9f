import type { AppError, DocumentDef, KitDocument } from '@tpl/contracts';
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

/**
 * A document type's own decisions, beside what the kit derives from its description: plain
 * functions in the document's folder (services/<context>/src/<document>/decisions.ts),
 * tested given/when/then.
 *
 * - `load` fetches what a decision needs beyond the document's own stream (stock, master
 *   data), in the command's transaction;
 * - `check` refuses a command for a reason the machine cannot know (throw a typed AppError);
 * - `compute` derives values of the content before it is recorded (line weights, amounts);
 * - `effects` names events the command causes on other streams.
 */
export type DocumentDecisions<F = unknown> = {
  load?: (input: { tenantId: string; command: DocumentCommand; doc: KitDocument | undefined; uow: UnitOfWork }) => Promise<F>;
  check?: (command: DocumentCommand, doc: KitDocument | undefined, facts: F, meta: DecideMeta) => void | AppError;
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
  fill?: (command: DocumentCommand, doc: KitDocument, facts: F, meta: DecideMeta) => Record<string, unknown> | undefined;
  effects?: (command: DocumentCommand, after: KitDocument, facts: F, meta: DecideMeta) => Effect[];
  /** where a fact lands when the description's landing cannot say it (a receipt adding up on its booked inbound's lines) */
  evolve?: (doc: KitDocument, event: StoredEvent) => KitDocument;
};

/** Contexts register their documents' decisions here when their module starts. */
export class DocumentDecisionsRegistry {
  private readonly byName = new Map<string, unknown>();

  register<F>(def: DocumentDef, decisions: DocumentDecisions<F>): void {
    this.byName.set(def.name, decisions);
  }

  of(def: DocumentDef): DocumentDecisions<unknown> {
    return (this.byName.get(def.name) ?? {}) as DocumentDecisions<unknown>;
  }
}
