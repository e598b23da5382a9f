import {
  KIT_EVENTS,
  KIT_FACTS,
  eventTypeOf,
  documentTotals,
  type Actor,
  type DocumentDef,
  type IsReview,
  type KitDocument,
  type Landing,
} from '@tpl/contracts';
import { nextDocumentState, soleTarget } from '@tpl/workflows';
import type { EventMetadata, Fold, StoredEvent } from '@tpl/event-store';

/** A document stream folded: nothing yet, or the document. */
export type DocState = { status: 'empty' } | { status: 'existing'; doc: KitDocument };
export const emptyDoc = (): DocState => ({ status: 'empty' });

/** The keys a user's content owns on the document: replaced as a whole by a change. */
export const contentKeys = (def: DocumentDef): string[] => [...Object.keys(def.header), 'remark', ...(def.lines ? [def.lines.key] : [])];

/** The content as the user filled it in, read back from the document. */
export const contentOf = (def: DocumentDef, doc: KitDocument): Record<string, unknown> =>
  Object.fromEntries(contentKeys(def).filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));

/** Header totals (the description's sums over the lines). */
export const totalsOf = documentTotals;

/** A value put at a dotted key ('dispatch.dispatchedAt'), making the objects on the way. */
const put = (target: Record<string, unknown>, key: string, value: unknown) => {
  const parts = key.split('.');
  let node = target;
  for (const p of parts.slice(0, -1)) {
    const next = node[p];
    const copy: unknown = Array.isArray(next) ? [...next] : typeof next === 'object' && next !== null ? { ...(next as Record<string, unknown>) } : {};
    node[p] = copy;
    node = copy as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
};

/** Where a fact lands: its fields (renamed, nested), its time and actor at the keys the description names. */
export const land = (doc: KitDocument, landing: Landing, data: Record<string, unknown>, m: EventMetadata): KitDocument => {
  const out: KitDocument = { ...doc };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) fields[landing.as?.[k] ?? k] = v;
  if (landing.into) out[landing.into] = { ...fields };
  else Object.assign(out, fields);
  if (landing.at) put(out, landing.at, m.occurredAt);
  if (landing.by) put(out, landing.by, m.actor);
  return out;
};

/**
 * The state after a machine event. The machine decided it when the event was recorded; a
 * replay asks it again and, should a later description forbid the step, still follows the
 * recorded fact to the one state that event leads to.
 */
const moved = (def: DocumentDef, doc: KitDocument, event: string): string =>
  nextDocumentState(def, doc.state, event, doc.isReview) ?? soleTarget(def, event) ?? doc.state;

/** The document's facts, by event type: which kit fact or action each one is. */
const factIndex = (def: DocumentDef) => {
  const byType = new Map<string, { kind: 'action'; action: string } | { kind: 'kit'; fact: string }>();
  for (const f of Object.values(KIT_FACTS)) byType.set(eventTypeOf(def, f), { kind: 'kit', fact: f });
  for (const [action, a] of Object.entries(def.actions)) byType.set(eventTypeOf(def, a.fact), { kind: 'action', action });
  return byType;
};

/** evolve(state, event) -> state: the document after one more fact. Pure; `own` is the document's own landing of its facts. */
export const documentFold = (def: DocumentDef, own?: (doc: KitDocument, event: StoredEvent) => KitDocument): Fold<DocState> => {
  const facts = factIndex(def);
  const kit = (state: DocState, event: StoredEvent): DocState => {
    const m = event.metadata;
    const data = (event.data ?? {}) as Record<string, unknown>;
    const touched = { version: event.version, updatedBy: m.actor, updatedAt: m.occurredAt };
    const fact = facts.get(event.type);
    if (fact?.kind === 'kit' && fact.fact === KIT_FACTS.created) {
      const content = (data.content ?? {}) as Record<string, unknown>;
      const doc: KitDocument = {
        id: String(data.id),
        tenantId: m.tenantId,
        billNo: String(data.billNo),
        ...(def.billType !== undefined ? { billType: def.billType } : {}),
        state: def.lifecycle.initial,
        // events written before a document could be reviewed carry no isReview: read as 0
        isReview: ((data.isReview as IsReview | undefined) ?? 0) as IsReview,
        ...content,
        totals: totalsOf(def, content),
        createdBy: m.actor,
        createdAt: m.occurredAt,
        // spec 02 makeUserCode: the maker, from the actor (never the caller's to set), shown by name as createdBy
        makeUserCode: m.actor.account,
        removed: false,
        ...touched,
      };
      return { status: 'existing', doc };
    }
    if (state.status === 'empty') return state;
    const doc: KitDocument = { ...state.doc, ...touched };
    if (!fact) return { status: 'existing', doc };
    if (fact.kind === 'action') {
      const a = def.actions[fact.action]!;
      return { status: 'existing', doc: { ...land(doc, a, data, m), state: moved(def, doc, a.event) } };
    }
    switch (fact.fact) {
      case KIT_FACTS.changed: {
        const content = (data.content ?? {}) as Record<string, unknown>;
        const rest: KitDocument = { ...doc };
        for (const k of contentKeys(def)) delete rest[k];
        return { status: 'existing', doc: { ...rest, ...content, totals: totalsOf(def, content), state: moved(def, doc, KIT_EVENTS.edit) } };
      }
      case KIT_FACTS.removed:
        return { status: 'existing', doc: { ...doc, removed: true } };
      case KIT_FACTS.submittedForReview: {
        // a new round: the last round's outcome no longer describes the document
        const { reviewComment: _c, reviewedBy: _b, ...rest } = doc;
        return { status: 'existing', doc: { ...(rest as KitDocument), state: moved(def, doc, KIT_EVENTS.submitReview) } };
      }
      case KIT_FACTS.reviewed: {
        const approver = data.approver as Actor;
        const reviewed: KitDocument = { ...doc, isReview: 2, reviewInstanceId: String(data.instanceId), reviewedBy: approver, state: moved(def, doc, KIT_EVENTS.reviewApproved) };
        if (typeof data.comment === 'string' && data.comment) reviewed.reviewComment = data.comment;
        else delete reviewed.reviewComment;
        // the approval stamps the document as its description says (the last approver audits it)
        return { status: 'existing', doc: def.review?.approved ? land(reviewed, def.review.approved, {}, { ...m, actor: approver }) : reviewed };
      }
      case KIT_FACTS.reviewRejected:
        return {
          status: 'existing',
          doc: {
            ...doc,
            reviewInstanceId: String(data.instanceId),
            reviewedBy: data.approver as Actor,
            reviewComment: String(data.comment ?? ''),
            state: moved(def, doc, KIT_EVENTS.reviewRejected),
          },
        };
      case KIT_FACTS.repaired: {
        // values put back into range: the new values land, the originals stay in the event
        const fixed: KitDocument = { ...doc };
        for (const [path, value] of Object.entries((data.values ?? {}) as Record<string, unknown>)) put(fixed, path.replace(/\[(\d+)\]/g, '.$1'), value);
        return { status: 'existing', doc: { ...fixed, totals: totalsOf(def, fixed) } };
      }
      default:
        return { status: 'existing', doc };
    }
  };
  const evolve = (state: DocState, event: StoredEvent): DocState => {
    const next = kit(state, event);
    return own && next.status === 'existing' ? { status: 'existing', doc: own(next.doc, event) } : next;
  };
  return { initial: emptyDoc, evolve };
};

/** The value at a dotted path of the document ('consignor.name', 'totals.qty', 'lines.0.qty'). */
export const valueAt = (doc: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((node, p) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined), doc);
