import { setup, transition, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { actionOfEvent, eventTypeOf, KIT_EVENTS, KIT_FACTS, type DocumentDef, type IsReview, type LifecycleGuard } from '@tpl/contracts';
import { lifecycleGraph, type LifecycleGraph } from '../machine-graph';

/**
 * A document type's lifecycle as an XState v5 machine, built from the states and
 * transitions its description lists. Pure: no actor is ever started. The kit's decider asks
 * it before every command (`nextDocumentState`), the console asks it which buttons to show
 * (`allowedDocumentEvents`) and draws the lifecycle graph from it.
 */
export type DocumentMachineContext = { isReview: IsReview };
export type DocumentMachineEvent = { type: string };

const guards: Record<LifecycleGuard, (a: { context: DocumentMachineContext }) => boolean> = {
  // a document that needs review is approved by its review process, never by hand
  reviewNeeded: ({ context }) => context.isReview === 1,
  noReviewNeeded: ({ context }) => context.isReview !== 1,
};

const build = (def: DocumentDef) =>
  setup({ types: { events: {} as DocumentMachineEvent, context: {} as DocumentMachineContext }, guards }).createMachine({
    id: def.name,
    initial: def.lifecycle.initial,
    context: { isReview: 0 },
    states: Object.fromEntries(
      Object.entries(def.lifecycle.states).map(([name, s]) => [
        name,
        {
          ...(s.final ? { type: 'final' as const } : {}),
          on: Object.fromEntries(
            Object.entries(s.on ?? {}).map(([event, t]) => [event, typeof t === 'string' ? { target: t } : { target: t.target, guard: t.guard }]),
          ),
        },
      ]),
    ),
  });

export type DocumentMachine = ReturnType<typeof build>;
const machines = new Map<string, DocumentMachine>();

/** The machine of a document type (built once per description). */
export const documentMachine = (def: DocumentDef): DocumentMachine => {
  let m = machines.get(def.name);
  if (!m) machines.set(def.name, (m = build(def)));
  return m;
};

const snapshotOf = (def: DocumentDef, state: string, isReview: IsReview): SnapshotFrom<DocumentMachine> =>
  documentMachine(def).resolveState({ value: state, context: { isReview } });

/** The machine's own answer: resolves the state, asks whether the event is allowed there, and takes the transition. */
const workedOut = (def: DocumentDef, state: string, event: string, isReview: IsReview): string | undefined => {
  if (!def.lifecycle.states[state]) return undefined;
  const snapshot = snapshotOf(def, state, isReview);
  if (!snapshot.can({ type: event })) return undefined;
  const [next] = transition(documentMachine(def), snapshot, { type: event });
  return String(next.value);
};

/**
 * The machine's answers, per machine and (state, event, isReview). The machine is pure and its
 * only context is isReview, so it answers the same question the same way every time: each answer
 * is worked out by XState once (every command and every folded event asks; resolving a snapshot
 * and taking a transition cost 5 % of a change's host CPU). Bounded: the questions are the
 * description's states times its events, and a name the description does not know is answered
 * without being kept once the table is full.
 */
const answers = new WeakMap<DocumentMachine, Map<string, string | null>>();
const MAX_ANSWERS = 10_000;

/** The state after the event, or undefined when the machine forbids it from here. */
export const nextDocumentState = (def: DocumentDef, state: string, event: string, isReview: IsReview = 0): string | undefined => {
  const machine = documentMachine(def);
  let known = answers.get(machine);
  if (!known) answers.set(machine, (known = new Map()));
  const key = `${state}\u0000${event}\u0000${isReview}`;
  const answer = known.get(key);
  if (answer !== undefined) return answer ?? undefined;
  const next = workedOut(def, state, event, isReview);
  if (known.size < MAX_ANSWERS) known.set(key, next ?? null);
  return next;
};

export const canDocument = (def: DocumentDef, state: string, event: string, isReview: IsReview = 0): boolean =>
  nextDocumentState(def, state, event, isReview) !== undefined;

/** Every machine event of the document type: the kit's (edit, remove, review) and its actions'. */
export const documentEvents = (def: DocumentDef): string[] => Object.keys(actionOfEvent(def));

/** Events a process (a review's end), never a user's button, sends. */
export const systemDocumentEvents: readonly string[] = [KIT_EVENTS.reviewApproved, KIT_EVENTS.reviewRejected];

/** Which machine events the machine allows now (drives the console's buttons). */
export const allowedDocumentEvents = (def: DocumentDef, state: string, isReview: IsReview = 0): string[] =>
  documentEvents(def).filter((e) => canDocument(def, state, e, isReview));

/** Which of the user's actions (edit, remove, submitReview and the document's own, system actions left out) are allowed now. */
export const allowedDocumentActions = (def: DocumentDef, state: string, isReview: IsReview = 0): string[] => {
  const byEvent = actionOfEvent(def);
  return allowedDocumentEvents(def, state, isReview)
    .filter((e) => !systemDocumentEvents.includes(e))
    .map((e) => byEvent[e]!)
    .filter((a) => !def.actions[a]?.system);
};

export const documentLifecycle = (def: DocumentDef): LifecycleGraph => lifecycleGraph(documentMachine(def) as AnyStateMachine);

/** The one state an event leads to wherever it is allowed, if there is exactly one. */
export const soleTarget = (def: DocumentDef, event: string): string | undefined => {
  const targets = new Set<string>();
  for (const s of Object.values(def.lifecycle.states)) {
    const t = s.on?.[event];
    if (t) targets.add(typeof t === 'string' ? t : t.target);
  }
  return targets.size === 1 ? [...targets][0] : undefined;
};

/**
 * The state each of a document type's facts leaves it in, by event type: what a read model
 * of another context needs to follow a document from its events alone. null: the fact does
 * not move the state (a change, a removal, a repair) or leads to different states from
 * different places.
 */
export const documentFactStates = (def: DocumentDef): Record<string, string | null> => {
  const out: Record<string, string | null> = {
    [eventTypeOf(def, KIT_FACTS.created)]: def.lifecycle.initial,
    [eventTypeOf(def, KIT_FACTS.changed)]: null,
    [eventTypeOf(def, KIT_FACTS.removed)]: null,
    [eventTypeOf(def, KIT_FACTS.repaired)]: null,
  };
  if (def.review) {
    out[eventTypeOf(def, KIT_FACTS.submittedForReview)] = soleTarget(def, KIT_EVENTS.submitReview) ?? null;
    out[eventTypeOf(def, KIT_FACTS.reviewed)] = soleTarget(def, KIT_EVENTS.reviewApproved) ?? null;
    out[eventTypeOf(def, KIT_FACTS.reviewRejected)] = soleTarget(def, KIT_EVENTS.reviewRejected) ?? null;
  }
  for (const a of Object.values(def.actions)) out[eventTypeOf(def, a.fact)] = soleTarget(def, a.event) ?? null;
  return out;
};
