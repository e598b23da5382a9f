import { consignmentDocument, defineDocument, documents, type DocumentDef } from '@tpl/contracts';
import { allowedDocumentActions, allowedDocumentEvents, canDocument, documentEvents, documentLifecycle, nextDocumentState } from './document.machine';

// Every document type: the machine built from the description allows exactly the transitions it lists.
describe.each(documents.map((d) => [d.name, d] as const))('%s machine', (_name, def: DocumentDef) => {
  const states = Object.keys(def.lifecycle.states);
  for (const state of states) {
    for (const event of documentEvents(def)) {
      const t = def.lifecycle.states[state]!.on?.[event];
      const target = typeof t === 'string' ? t : t?.target;
      const guard = typeof t === 'object' ? t.guard : undefined;
      for (const isReview of [0, 1, 2] as const) {
        const expected = guard === 'reviewNeeded' && isReview !== 1 ? undefined : guard === 'noReviewNeeded' && isReview === 1 ? undefined : target;
        it(`isReview ${isReview}: ${state} --${event}--> ${expected ?? 'forbidden'}`, () => {
          expect(nextDocumentState(def, state, event, isReview)).toBe(expected);
        });
      }
    }
  }
  it('draws its graph from the machine', () => {
    const g = documentLifecycle(def);
    expect(g.initial).toBe(def.lifecycle.initial);
    expect(g.states.map((s) => s.id)).toEqual(states);
  });
});

// The consignment order, written out: every state x every event (isReview 0), as the spec of the old machine said.
describe('consignment lifecycle', () => {
  const allowed: Record<string, Record<string, string>> = {
    Draft: { EDIT: 'Draft', AUDIT: 'Audited', CANCEL: 'Cancelled', REMOVE: 'Draft' },
    InReview: { REVIEW_APPROVED: 'Audited', REVIEW_REJECTED: 'Draft' },
    // dispatch accepts the order into notes; then it follows them (issue 14)
    Audited: { DISPATCH: 'Accepted', CANCEL: 'Cancelled' },
    Accepted: { FOLLOW_DISPATCHED: 'Dispatched' },
    Dispatched: { FOLLOW_LOADED: 'Loaded' },
    Loaded: { FOLLOW_ARRIVED: 'Arrived' },
    Arrived: { FOLLOW_SIGNED: 'Signed', FOLLOW_PARTIALLY_SIGNED: 'PartiallySigned', FOLLOW_REFUSED: 'Refused' },
    Signed: {},
    PartiallySigned: {},
    Refused: {},
    Cancelled: { REMOVE: 'Cancelled' },
  };
  const events = ['EDIT', 'SUBMIT_REVIEW', 'REVIEW_APPROVED', 'REVIEW_REJECTED', 'AUDIT', 'DISPATCH', 'FOLLOW_DISPATCHED', 'FOLLOW_LOADED', 'FOLLOW_ARRIVED', 'FOLLOW_SIGNED', 'FOLLOW_PARTIALLY_SIGNED', 'FOLLOW_REFUSED', 'CANCEL', 'REMOVE'];
  for (const [state, table] of Object.entries(allowed)) {
    for (const event of events) {
      it(`${state} --${event}--> ${table[event] ?? 'forbidden'}`, () => expect(nextDocumentState(consignmentDocument, state, event)).toBe(table[event]));
    }
  }
  it('needs review: Draft submits for review instead of auditing', () => {
    expect(allowedDocumentEvents(consignmentDocument, 'Draft', 1)).toEqual(['EDIT', 'REMOVE', 'SUBMIT_REVIEW', 'REVIEW_APPROVED', 'REVIEW_REJECTED', 'AUDIT', 'DISPATCH', 'CANCEL'].filter((e) => ['EDIT', 'REMOVE', 'SUBMIT_REVIEW', 'CANCEL'].includes(e)));
    expect(allowedDocumentActions(consignmentDocument, 'Draft', 1)).toEqual(['edit', 'remove', 'submitReview', 'cancel']);
    expect(allowedDocumentActions(consignmentDocument, 'Draft', 0)).toEqual(['edit', 'remove', 'audit', 'cancel']);
    expect(allowedDocumentActions(consignmentDocument, 'InReview', 1)).toEqual([]);
    expect(allowedDocumentActions(consignmentDocument, 'Signed')).toEqual([]);
  });
});

// The machine's answers are kept once worked out (nextDocumentState): asked again, in any order, they are the same.
describe('answers asked again', () => {
  const def = consignmentDocument;
  const questions = Object.keys(def.lifecycle.states).flatMap((state) =>
    documentEvents(def).flatMap((event) => ([0, 1, 2] as const).map((isReview) => [state, event, isReview] as const)),
  );
  it('are those of the first asking, the forbidden ones too', () => {
    const first = questions.map(([s, e, r]) => nextDocumentState(def, s, e, r));
    const again = [...questions].reverse().map(([s, e, r]) => nextDocumentState(def, s, e, r)).reverse();
    expect(again).toEqual(first);
    expect(first.filter((x) => x === undefined).length).toBeGreaterThan(0);
    expect(first.filter((x) => x !== undefined).length).toBeGreaterThan(0);
  });
  it('a state or event the description does not know stays forbidden, however often asked', () => {
    for (let i = 0; i < 3; i++) {
      expect(nextDocumentState(def, 'NoSuchState', 'EDIT')).toBeUndefined();
      expect(nextDocumentState(def, 'Draft', `NO_SUCH_EVENT_${i}`)).toBeUndefined();
      expect(canDocument(def, 'NoSuchState', 'EDIT')).toBe(false);
    }
    expect(canDocument(def, 'Draft', 'EDIT')).toBe(true);
    expect(nextDocumentState(def, 'Draft', 'EDIT')).toBe('Draft');
  });
});

describe('a description that cannot work fails when defined', () => {
  const base = {
    name: 'sample',
    service: 'bl-warehouse',
    streamType: 'Sample',
    title: ['样例', 'Sample', '樣例'],
    billNo: { serialCode: 'sample', prefix: 'S', serialName: ['样例号', 'Sample number', '樣例號'] },
    header: {},
    list: { columns: [], filters: [] },
    menu: { parent: 'x', sort: 1 },
    routes: { list: '/s', new: '/s/new', view: '/s/:id', edit: '/s/:id/edit' },
  } as const;
  it('refuses a transition to an unknown state', () => {
    expect(() => defineDocument({ ...base, lifecycle: { initial: 'A', states: { A: { label: ['a', 'a', 'a'], on: { EDIT: 'B' } } } }, actions: {} })).toThrow(/no such state/);
  });
  it('refuses an action no state accepts', () => {
    expect(() =>
      defineDocument({ ...base, lifecycle: { initial: 'A', states: { A: { label: ['a', 'a', 'a'] } } }, actions: { go: { label: ['g', 'g', 'g'], event: 'GO', fact: 'Gone' } } }),
    ).toThrow(/no state accepts/);
  });
  it('refuses a lifecycle event no action sends', () => {
    expect(() => defineDocument({ ...base, lifecycle: { initial: 'A', states: { A: { label: ['a', 'a', 'a'], on: { FLY: 'A' } } } }, actions: {} })).toThrow(/no action sends/);
  });
});
