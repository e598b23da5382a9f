import { STOCK_EVENT_TYPES, type StockFact } from '@tpl/contracts';
import type { StoredEvent } from '@tpl/event-store';
import { account, act, doc, facts, key, meta, place, remove, row } from '../inside/given';
import { booksOf, checkCount, checkDecisions, checkPost, postEffects, type CheckFacts } from './check.decisions';

// The stock check's own decisions, given/when/then: given the items and the ledger, when it is counted or posted, then a refusal, the book or the adjustments.
const item = (o: Record<string, unknown> = {}) => ({ lineNumber: 1, barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', countQty: 8, ...o });
const check = (o: Record<string, unknown> = {}, ...items: Record<string, unknown>[]) =>
  doc({ billNo: 'PD001', state: 'Counted', items: items.length ? items : [item()], ...o });
const withLater = (f: ReturnType<typeof facts>, later: [number, number][] = []): CheckFacts => ({ ...f, later: new Map(later) });
const places = [place('A-01', 'A'), place('A-02', 'A'), place('B-01', 'B'), place('A-09', 'A', { customerCode: 'C9' })];
const event = (type: string, data: unknown) => ({ type, data }) as StoredEvent;
const d = checkDecisions(undefined);

describe('stock check decisions', () => {
  it('a count needs every item counted, each in a location of the bill\'s area that is not another owner\'s', () => {
    const given = facts([account('C1', 'M1', 2, row({}))], places);
    expect(checkCount(check(), given)).toBeUndefined();
    expect(checkCount(check({}, item(), item({ lineNumber: 2, barcode: 'X2', countQty: undefined })), given)).toMatchObject({ key: 'warehouse.errors.countMissing', vars: { line: 2 } });
    expect(checkCount(check({}, item({ warehousePlaceCode: 'B-01' })), given)).toMatchObject({ key: 'warehouse.errors.placeOtherArea', vars: { place: 'B-01', area: 'A' } });
    expect(key(checkCount(check({}, item({ warehousePlaceCode: 'A-09' })), given))).toBe('warehouse.errors.placeOtherOwner');
  });

  it('the book is the row as of the count\'s time: now less what the ledger added after it; a row never stocked counts from 0', () => {
    const given = withLater(facts([account('C1', 'M1', 2, row({ qty: 10 }))], places), [[1, 3]]);
    const bill = check({}, item(), item({ lineNumber: 2, barcode: 'NEW', countQty: 2 }));
    expect(booksOf(bill, given)).toEqual([{ lineNumber: 1, bookQty: 7 }, { lineNumber: 2, bookQty: 0 }]);
    // counting records the book on the bill itself, in the same transaction
    expect(d.effects!(act('count'), bill, given, meta)).toEqual([{ document: 'checkbill', id: 'd1', action: 'recordBook', fields: { books: [{ lineNumber: 1, bookQty: 7 }, { lineNumber: 2, bookQty: 0 }] } }]);
  });

  it('the book lands on the items with the gain or loss; a recount or a rejected review clears it and asks for approval again', () => {
    const bill = check({ isReview: 2 }, item({ countQty: 8 }), item({ lineNumber: 2, barcode: 'X2', countQty: 5 }));
    const booked = d.evolve!(bill, event('StockCheckBookRecorded', { books: [{ lineNumber: 1, bookQty: 10 }, { lineNumber: 2, bookQty: 3 }] }));
    expect(booked.items).toEqual([
      expect.objectContaining({ lineNumber: 1, bookQty: 10, gainQty: 0, lossQty: 2 }),
      expect.objectContaining({ lineNumber: 2, bookQty: 3, gainQty: 2, lossQty: 0 }),
    ]);
    expect(booked.totals).toMatchObject({ countQty: 13, bookQty: 13, gainQty: 2, lossQty: 2 });
    const recounted = d.evolve!(booked, event('StockCheckRecounted', {}));
    expect((recounted.items as Record<string, unknown>[]).every((i) => !('bookQty' in i) && !('gainQty' in i) && !('lossQty' in i))).toBe(true);
    expect(recounted.isReview).toBe(1);
    expect(d.evolve!({ ...booked, isReview: 1 }, event('StockCheckReviewRejected', {})).items).toEqual([expect.not.objectContaining({ bookQty: 10 }), expect.anything()]);
    // what the ledger says is never the user's to give
    expect(d.compute!({ items: [item({ bookQty: 99, gainQty: 1, lossQty: 1 })] }, withLater(facts([])))).toEqual({ items: [item()] });
  });

  it('posts a difference only onto a row still holding what the book said; a row that moved since is refused, to be counted again', () => {
    const counted = check({ state: 'Audited' }, item({ countQty: 8, bookQty: 10, lossQty: 2 }), item({ lineNumber: 2, barcode: 'X2', countQty: 4, bookQty: 4 }));
    expect(checkPost(counted, facts([account('C1', 'M1', 5, row({ qty: 10 }), row({ barcode: 'X2', qty: 99 }))]))).toBeUndefined();
    expect(checkPost(counted, facts([account('C1', 'M1', 5, row({ qty: 9 }))]))).toMatchObject({
      code: 409, key: 'warehouse.errors.countStale', vars: { line: 1, materialCode: 'M1', barcode: 'X1', book: 10, now: 9 },
    });
  });

  it('posting adjusts each difference at the posting time: a loss takes away, a gain adds (a found row is made in the bill\'s area)', () => {
    const counted = check({ state: 'Audited' }, item({ countQty: 8, bookQty: 10 }), item({ lineNumber: 2, barcode: 'FOUND', countQty: 3, bookQty: 0 }), item({ lineNumber: 3, barcode: 'X3', countQty: 1, bookQty: 1 }));
    const [effect, ...rest] = postEffects(counted, facts([account('C1', 'M1', 5, row({ qty: 10 }), row({ barcode: 'X3', qty: 1 }))]), meta);
    expect(rest).toEqual([]);
    expect(effect).toMatchObject({ stream: 'StockAccount-t1-C1~M1', expectedVersion: 5 });
    const fact = (effect as { events: { type: string; data: StockFact }[] }).events[0]!;
    expect(fact.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(fact.data).toMatchObject({ effectiveAt: meta.now, streamType: '33' });
    expect(fact.data.lines.map((l) => [l.movement, l.barcode, l.qty, l.beforeQty, l.endQty, l.source.lineNumber])).toEqual([
      ['ADJUST', 'X1', -2, 10, 8, 1],
      ['ADJUST', 'FOUND', 3, 0, 3, 2],
    ]);
    expect(fact.data.lines[1]).toMatchObject({ warehouseAreaCode: 'A', warehousePlaceCode: 'A-01' });
  });

  it('a count below what is allocated cannot be posted: the allocation is released first', () => {
    const counted = check({ state: 'Audited' }, item({ countQty: 2, bookQty: 10 }));
    expect(() => postEffects(counted, facts([account('C1', 'M1', 5, row({ qty: 10, djQty: 5 }))]), meta)).toThrow(expect.objectContaining({ key: 'warehouse.errors.belowAllocated' }));
  });

  it('a posted check cannot be removed (the spec\'s message)', () => {
    expect(key(d.check!(remove, check({ state: 'Posted' }), withLater(facts([])), meta))).toBe('warehouse.errors.storedNoDelete');
    expect(d.check!(remove, check({ state: 'Draft' }), withLater(facts([])), meta)).toBeUndefined();
  });
});
