import { STOCK_EVENT_TYPES, checkbill, type StockFact } from '@tpl/contracts';
import { SPEC_ACTOR, SPEC_NOW, documentSpec, type GivenFact } from '@tpl/documents/test';
import { account, facts, place, row } from '../../test/stock-facts';
import { checkDecisions, type CheckFacts } from './check.decisions';

// The stock check's own decisions, given/when/then: given its facts and the ledger, when it is counted or posted, then a refusal, the book or the adjustments.
const spec = documentSpec(checkbill, checkDecisions(undefined), { id: 'd1', billNo: 'PD001' });
const item = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', countQty: 8, ...o });
const created = (items: Record<string, unknown>[] = [item()], isReview: 0 | 1 = 0) => spec.created({ customerCode: 'C1', warehouseAreaCode: 'A', items }, { isReview });
/** Counted, with the book the ledger gave at the count. */
const booked = (items: Record<string, unknown>[], books: { lineNumber: number; bookQty: number }[], isReview: 0 | 1 = 0): GivenFact[] => [
  created(items, isReview),
  spec.acted('count', { countedAt: '2026-11-24T08:00:00.000Z' }),
  spec.acted('recordBook', { books }),
];
const audited = (items: Record<string, unknown>[], books: { lineNumber: number; bookQty: number }[]) => [...booked(items, books), spec.acted('audit')];
const withLater = (f: ReturnType<typeof facts>, later: [number, number][] = []): CheckFacts => ({ ...f, later: new Map(later) });
const places = [place('A-01', 'A'), place('A-02', 'A'), place('B-01', 'B'), place('A-09', 'A', { customerCode: 'C9' })];

describe('stock check decisions', () => {
  it("a count needs every item counted, each in a location of the bill's area that is not another owner's", () => {
    const given = withLater(facts([account('C1', 'M1', 2, row({}))], places));
    spec.given([created()], given).when({ act: 'count' }).then({ doc: { state: 'Counted' } });
    spec.given([created([item(), item({ barcode: 'X2', countQty: undefined })])], given).when({ act: 'count' }).thenRefused({ code: 409, key: 'warehouse.errors.countMissing', vars: { line: 2 } });
    spec.given([created([item({ warehousePlaceCode: 'B-01' })])], given).when({ act: 'count' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea', vars: { place: 'B-01', area: 'A' } });
    spec.given([created([item({ warehousePlaceCode: 'A-09' })])], given).when({ act: 'count' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner' });
  });

  it("the book is the row as of the count's time: now less what the ledger added after it; a row never stocked counts from 0; counting records it on the bill itself", () => {
    const given = withLater(facts([account('C1', 'M1', 2, row({ qty: 10 }))], places), [[1, 3]]);
    spec.given([created([item(), item({ barcode: 'NEW', countQty: 2 })])], given).when({ act: 'count' }).then({
      effects: [{ document: 'checkbill', id: 'd1', action: 'recordBook', fields: { books: [{ lineNumber: 1, bookQty: 7 }, { lineNumber: 2, bookQty: 0 }] } }],
    });
  });

  it('the book lands on the items with the gain or loss', () => {
    const counted = [created([item({ countQty: 8 }), item({ barcode: 'X2', countQty: 5 })]), spec.acted('count', { countedAt: '2026-11-24T08:00:00.000Z' })];
    spec.given(counted, withLater(facts([]))).when({ act: 'recordBook', fields: { books: [{ lineNumber: 1, bookQty: 10 }, { lineNumber: 2, bookQty: 3 }] } }).then({
      doc: {
        items: [
          { lineNumber: 1, bookQty: 10, gainQty: 0, lossQty: 2 },
          { lineNumber: 2, bookQty: 3, gainQty: 2, lossQty: 0 },
        ],
        totals: { countQty: 13, bookQty: 13, gainQty: 2, lossQty: 2 },
      },
    });
  });

  it('a recount or a rejected review clears the book and asks for approval again; what the ledger says is never the user\'s to give', () => {
    const items = [item({ countQty: 8 }), item({ barcode: 'X2', countQty: 5 })];
    const books = [{ lineNumber: 1, bookQty: 10 }, { lineNumber: 2, bookQty: 3 }];
    const inReview = [...booked(items, books, 1), spec.kitFact('SubmittedForReview', { processKey: 'checkbill' })];
    const approved = [...inReview, spec.kitFact('Reviewed', { instanceId: 'i1', approver: SPEC_ACTOR })];
    const cleared = (doc: { items?: unknown } | undefined) => (doc?.items as Record<string, unknown>[]).every((i) => !('bookQty' in i) && !('gainQty' in i) && !('lossQty' in i));

    const recounted = spec.given(approved, withLater(facts([]))).when({ act: 'recount' }).then({ doc: { state: 'Draft', isReview: 1 } });
    expect(cleared(recounted.doc)).toBe(true);
    const rejected = spec
      .given(inReview, withLater(facts([])))
      .when({ command: { type: 'RejectReview', data: { id: 'd1', instanceId: 'i1', approver: SPEC_ACTOR, comment: 'count again' } } })
      .then({ doc: { state: 'Draft' } });
    expect(cleared(rejected.doc)).toBe(true);
    spec.given([], withLater(facts([]))).when({ create: { items: [item({ bookQty: 99, gainQty: 1, lossQty: 1 })] } }).then([
      { type: 'StockCheckCreated', data: { id: 'd1', billNo: 'PD001', isReview: 0, content: { items: [{ lineNumber: 1, ...item() }] } } },
    ]);
  });

  it('posts a difference only onto a row still holding what the book said; a row that moved since is refused, to be counted again', () => {
    const counted = audited([item({ countQty: 8 }), item({ barcode: 'X2', countQty: 4 })], [{ lineNumber: 1, bookQty: 10 }, { lineNumber: 2, bookQty: 4 }]);
    spec.given(counted, withLater(facts([account('C1', 'M1', 5, row({ qty: 10 }), row({ barcode: 'X2', qty: 99 }))]))).when({ act: 'post' }).then({ doc: { state: 'Posted' } });
    spec.given(counted, withLater(facts([account('C1', 'M1', 5, row({ qty: 9 }))]))).when({ act: 'post' }).thenRefused({
      code: 409, key: 'warehouse.errors.countStale', vars: { line: 1, materialCode: 'M1', barcode: 'X1', book: 10, now: 9 },
    });
  });

  it("posting adjusts each difference at the posting time: a loss takes away, a gain adds (a found row is made in the bill's area)", () => {
    const counted = audited(
      [item({ countQty: 8 }), item({ barcode: 'FOUND', countQty: 3 }), item({ barcode: 'X3', countQty: 1 })],
      [{ lineNumber: 1, bookQty: 10 }, { lineNumber: 2, bookQty: 0 }, { lineNumber: 3, bookQty: 1 }],
    );
    const { effects } = spec.given(counted, withLater(facts([account('C1', 'M1', 5, row({ qty: 10 }), row({ barcode: 'X3', qty: 1 }))]))).when({ act: 'post' }).then({
      effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 5 }],
    });
    const fact = (effects[0] as { events: { type: string; data: StockFact }[] }).events[0]!;
    expect(fact.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(fact.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '33' });
    expect(fact.data.lines.map((l) => [l.movement, l.barcode, l.qty, l.beforeQty, l.endQty, l.source.lineNumber])).toEqual([
      ['ADJUST', 'X1', -2, 10, 8, 1],
      ['ADJUST', 'FOUND', 3, 0, 3, 2],
    ]);
    expect(fact.data.lines[1]).toMatchObject({ warehouseAreaCode: 'A', warehousePlaceCode: 'A-01' });
  });

  it('a count below what is allocated cannot be posted: the allocation is released first', () => {
    const counted = audited([item({ countQty: 2 })], [{ lineNumber: 1, bookQty: 10 }]);
    spec.given(counted, withLater(facts([account('C1', 'M1', 5, row({ qty: 10, djQty: 5 }))]))).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.belowAllocated' });
  });

  it("a posted check cannot be removed (the spec's message); a draft can", () => {
    const posted = [...audited([item()], [{ lineNumber: 1, bookQty: 8 }]), spec.acted('post')];
    spec.given(posted, withLater(facts([]))).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([created()], withLater(facts([]))).when({ remove: true }).then([{ type: 'StockCheckRemoved', data: {} }]);
  });
});
