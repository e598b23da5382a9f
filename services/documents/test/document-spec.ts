import { AppError, KIT_FACTS, eventTypeOf, type ActionFieldsOf, type Actor, type DocumentDef, type DocumentOf, type IsReview } from '@tpl/contracts';
import type { NewEvent, StoredEvent } from '@tpl/event-store';
import { decideDocument, documentFold, type DecideMeta, type DocState, type DocumentCommand, type DocumentDecisions, type Effect } from '@tpl/documents';

/**
 * A document type's decisions, given / when / then, through the kit's own pieces (in the style of
 * Emmett's DeciderSpecification): given the facts recorded on the document's stream (folded by
 * the kit's fold with the type's own `evolve`) and what its `load` would have read, when a
 * command, then the facts it records on its own stream and the effects it causes elsewhere, or
 * the refusal (its code, message key and values). The command runs as DocumentService runs it:
 * `compute` on a content, `check`, `fill`, the kit's decider (the machine), the new facts folded,
 * `effects` on the document after them. Pure: no store, no clock.
 *
 *   const spec = documentSpec(isinstockbill, receiptDecisions(undefined));
 *   spec.given([spec.created(content), spec.acted('receive', { receivedAt })], facts)
 *     .when({ act: 'putAway', fields: { placements } })
 *     .thenRefused({ code: 409, key: 'warehouse.errors.putAwayExceeds' });
 *
 * Test code only: not in src/, so never in a package's dist (imported as @tpl/documents/test).
 */

export const SPEC_ACTOR: Actor = { userId: 'u1', account: 'keeper', name: 'Keeper' };
/** When the command is decided, unless the `when` names another time. */
export const SPEC_NOW = '2026-11-24T12:00:00.000Z';
/** When the given facts were recorded: one minute apart from here, unless a fact names its time. */
export const SPEC_GIVEN_FROM = '2026-11-24T08:00:00.000Z';

/** A fact recorded on the document's stream before the command: its type and data, when and by whom. */
export type GivenFact = NewEvent & { at?: string; by?: Actor };

type ActionOf<D extends DocumentDef> = keyof D['actions'] & string;

/** The command, as the spec names it: the target and the version come from the given stream. */
export type When<D extends DocumentDef> =
  | { create: Record<string, unknown>; isReview?: IsReview }
  | { change: Record<string, unknown> }
  | { remove: true }
  | { [A in ActionOf<D>]: { act: A; fields?: ActionFieldsOf<D, A> } }[ActionOf<D>]
  /** any command of the kit as it is (a review's outcome, a stale version) */
  | { command: DocumentCommand };

/** What a command did: the facts on its own stream, the effects elsewhere, the document after them; or why it was refused. */
export type Outcome<D extends DocumentDef> =
  | { refused?: undefined; events: NewEvent[]; effects: Effect[]; doc: DocumentOf<D> | undefined }
  | { refused: AppError; events?: undefined; effects?: undefined; doc?: undefined };

/** What a command that was not refused did. */
export type Done<D extends DocumentDef> = Extract<Outcome<D>, { events: NewEvent[] }>;

export type DocumentSpecOptions = { id?: string; billNo?: string; tenantId?: string };

export const documentSpec = <const D extends DocumentDef, F = undefined>(def: D, decisions: DocumentDecisions<F, D> = {}, options: DocumentSpecOptions = {}) => {
  const { id = 'd1', billNo = 'B001', tenantId = 't1' } = options;
  // the kit holds every type's decisions as its own view (the registry's `of`): so does the spec
  const own = decisions as unknown as DocumentDecisions<F>;
  const fold = documentFold(def, own.evolve);
  const stream = `${def.streamType}-${tenantId}-${id}`;
  const minute = (i: number) => new Date(Date.parse(SPEC_GIVEN_FROM) + i * 60_000).toISOString();
  const stored = (e: NewEvent, version: number, at: string, by: Actor): StoredEvent => ({
    type: e.type,
    data: e.data,
    streamName: stream,
    version,
    globalPosition: String(version),
    metadata: { tenantId, actor: by, occurredAt: at, correlationId: 'spec', causationId: 'spec' },
  });
  const computed = (content: Record<string, unknown>) => (own.compute ? own.compute(content, undefined as F) : content);

  const commandOf = (when: When<D>, state: DocState): DocumentCommand => {
    const version = state.status === 'existing' ? state.doc.version : 0;
    if ('command' in when) return when.command;
    if ('create' in when) return { type: 'Create', data: { id, billNo, content: computed(when.create), isReview: when.isReview ?? 0 } };
    if ('change' in when) return { type: 'Change', data: { id, expectedVersion: version, content: computed(when.change) } };
    if ('remove' in when) return { type: 'Remove', data: { id, expectedVersion: version } };
    return { type: 'Act', data: { id, expectedVersion: version, action: when.act, fields: { ...((when.fields ?? {}) as Record<string, unknown>) } } };
  };

  /** The command run as the kit runs it, on the folded stream. */
  const run = (state: DocState, command: DocumentCommand, facts: F, meta: DecideMeta): Outcome<D> => {
    const doc = state.status === 'existing' ? state.doc : undefined;
    try {
      const refused = own.check?.(command, doc, facts, meta);
      if (refused) return { refused };
      let asked = command;
      if (own.fill && doc && asked.type === 'Act') {
        const filled = own.fill(asked, doc, facts, meta);
        if (filled) asked = { ...asked, data: { ...asked.data, fields: { ...asked.data.fields, ...filled } } };
      }
      const events = decideDocument(def, asked, state, meta);
      const version = doc?.version ?? 0;
      const after = events.reduce((s, e, i) => fold.evolve(s, stored(e, version + i + 1, meta.now, meta.actor)), state);
      const folded = after.status === 'existing' ? (after.doc as DocumentOf<D>) : undefined;
      const effects = events.length && after.status === 'existing' ? (own.effects?.(asked, after.doc, facts, meta) ?? []) : [];
      return { events, effects, doc: folded };
    } catch (e) {
      if (e instanceof AppError) return { refused: e };
      throw e;
    }
  };

  return {
    /** Created with this content, as the kit records it (computed by the type's `compute`). */
    created: (content: Record<string, unknown>, o: { isReview?: IsReview; at?: string } = {}): GivenFact => ({
      type: eventTypeOf(def, KIT_FACTS.created),
      data: { id, billNo, content: computed(content), isReview: o.isReview ?? 0 },
      ...(o.at ? { at: o.at } : {}),
    }),
    /** Its content changed to this one (computed as recorded). */
    changed: (content: Record<string, unknown>, o: { at?: string } = {}): GivenFact => ({
      type: eventTypeOf(def, KIT_FACTS.changed),
      data: { content: computed(content), changes: {} },
      ...(o.at ? { at: o.at } : {}),
    }),
    /** An action's fact, with the fields it recorded. */
    acted: <A extends ActionOf<D>>(action: A, fields: ActionFieldsOf<D, A> = {} as ActionFieldsOf<D, A>, o: { at?: string; by?: Actor } = {}): GivenFact => {
      const a = def.actions[action];
      if (!a) throw new Error(`${def.name} has no action ${action}`);
      return { type: eventTypeOf(def, a.fact), data: fields, ...(o.at ? { at: o.at } : {}), ...(o.by ? { by: o.by } : {}) };
    },
    /** One of the kit's facts (KIT_FACTS: SubmittedForReview, Reviewed...). */
    kitFact: (fact: (typeof KIT_FACTS)[keyof typeof KIT_FACTS], data: Record<string, unknown> = {}, o: { at?: string } = {}): GivenFact => ({
      type: eventTypeOf(def, fact),
      data,
      ...(o.at ? { at: o.at } : {}),
    }),

    /** Given these facts on the stream (none: a document not made yet) and what `load` would read. */
    given: (facts: readonly GivenFact[], loaded?: F) => {
      const state = facts.reduce<DocState>((s, e, i) => fold.evolve(s, stored(e, i + 1, e.at ?? minute(i), e.by ?? SPEC_ACTOR)), fold.initial());
      const document = (): DocumentOf<D> => {
        if (state.status !== 'existing') throw new Error(`the given facts make no ${def.name}`);
        return state.doc as DocumentOf<D>;
      };
      return {
        /** The document the given facts fold to (what a decision is handed). */
        document,
        /** When this command, decided at `meta.now` (SPEC_NOW) by `meta.actor`. */
        when: (when: When<D>, meta: Partial<DecideMeta> = {}) => {
          const outcome = run(state, commandOf(when, state), loaded as F, { now: meta.now ?? SPEC_NOW, actor: meta.actor ?? SPEC_ACTOR });
          const done = (): Done<D> => {
            if (outcome.refused) throw new Error(`refused: ${outcome.refused.code} ${outcome.refused.key} ${JSON.stringify(outcome.refused.vars ?? {})}`);
            return outcome as Done<D>;
          };
          return {
            /** Then these facts on its own stream (exactly), and these effects elsewhere (each matching, in order) when named. */
            then: (expected: NewEvent[] | { events?: NewEvent[]; effects?: readonly unknown[]; doc?: Record<string, unknown> }) => {
              const o = done();
              const want = Array.isArray(expected) ? { events: expected } : expected;
              if (want.events) expect(o.events).toEqual(want.events);
              if (want.effects) {
                expect(o.effects).toHaveLength(want.effects.length);
                expect(o.effects).toMatchObject(want.effects as unknown[]);
              }
              if (want.doc) expect(o.doc).toMatchObject(want.doc);
              return o;
            },
            /** Then nothing is recorded and nothing happens elsewhere. */
            thenNothing: () => {
              const o = done();
              expect(o.events).toEqual([]);
              expect(o.effects).toEqual([]);
            },
            /** Then refused: its code and message key (and the values it names, where given). */
            thenRefused: (expected: { code: number; key: string; vars?: Record<string, unknown>; keyVars?: Record<string, string> }) => {
              expect(outcome.refused).toBeInstanceOf(AppError);
              expect(outcome.refused).toMatchObject(expected);
            },
            /** What it did, for a look the steps above do not take (one effect's lines). */
            outcome: done,
          };
        },
      };
    },
  };
};

/** The document a kit read hands over for a type (a fact `load` would read: another document). */
export const folded = <const D extends DocumentDef, F>(def: D, decisions: DocumentDecisions<F, D>, facts: readonly GivenFact[], options: DocumentSpecOptions = {}): DocumentOf<D> =>
  documentSpec(def, decisions, options).given(facts).document();

