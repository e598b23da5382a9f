import { AppError, dockOf, isinstockbill, orderisinstockbill, type KitDocument } from '@tpl/contracts';
import type { StoredEvent } from '@tpl/event-store';
import { applyLines, emptyAccount, receive } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { checkReport, completes } from '../shared/apply';
import { BOOKING, bookingDecisions } from './booking.decisions';
import { checkPutAway, checkReceive, putAwayEffects, receiptDecisions, receiptEffects, type ReceiptFacts } from './receipt.decisions';

// The inbound documents' own decisions, given/when/then: given a document (and what was loaded), when a command, then a refusal or effects.
const actor = { userId: 'u1', account: 'keeper', name: 'Keeper' };
const doc = (o: Partial<KitDocument>): KitDocument => ({
  id: 'd1', tenantId: 't1', billNo: 'RK001', state: 'Draft', version: 1, isReview: 0, totals: {},
  createdBy: actor, createdAt: '2026-11-20T00:00:00.000Z', updatedBy: actor, updatedAt: '2026-11-20T00:00:00.000Z', removed: false,
  customerCode: 'C1', warehouseAreaCode: 'A', ...o,
});
const booking = doc({ id: 'b1', billNo: 'YR001', state: 'Audited', details: [
  { lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 10, receivedQty: 4 },
  { lineNumber: 2, materialCode: 'M2', batchNo: '', qty: 5, receivedQty: 0 },
] });
const facts = (o: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  accounts: new Map([[accountId('C1', 'M1'), emptyAccount('C1', 'M1')], [accountId('C1', 'M2'), { ...emptyAccount('C1', 'M2'), version: 7 }]]),
  places: new Map([
    ['A-01', { code: 'A-01', warehouseAreaCode: 'A' }],
    ['B-01', { code: 'B-01', warehouseAreaCode: 'B' }],
    ['A-09', { code: 'A-09', warehouseAreaCode: 'A', customerCode: 'C9' }],
  ]),
  ...o,
});
const event = (type: string, data: unknown) => ({ type, data }) as StoredEvent;
const key = (e: unknown) => (e as AppError).key;

describe('booked inbound decisions', () => {
  it('computes line numbers, tonnes and pallets, and starts every line unreceived', () => {
    const c = bookingDecisions.compute!({ details: [{ materialCode: 'M1', qty: 90, qtyWeg: 25, boardQty: 40, receivedQty: 99 }] }, undefined);
    expect(c.details).toEqual([{ materialCode: 'M1', qty: 90, qtyWeg: 25, boardQty: 40, lineNumber: 1, weg: 2.25, board: 3, receivedQty: 0 }]);
  });

  it('refuses a receipt beyond the booked quantity, naming the material and the figures', () => {
    expect(checkReport(BOOKING, booking, { lines: [{ lineNumber: 1, qty: 6 }] })).toBeUndefined();
    const refused = checkReport(BOOKING, booking, { lines: [{ lineNumber: 1, qty: 6.001 }] });
    expect(refused).toMatchObject({ code: 409, key: 'warehouse.errors.overReceipt', vars: { materialCode: 'M1', ordered: 10, done: 4, wanted: 6.001 } });
    expect(key(checkReport(BOOKING, booking, { lines: [{ lineNumber: 3, qty: 1 }] }))).toBe('warehouse.errors.lineNotFound');
  });

  it('is complete only when every line is received in full; receipts add up on the lines', () => {
    expect(completes(BOOKING, booking, { lines: [{ lineNumber: 1, qty: 6 }] })).toBe(false);
    expect(completes(BOOKING, booking, { lines: [{ lineNumber: 1, qty: 6 }, { lineNumber: 2, qty: 5 }] })).toBe(true);
    const after = bookingDecisions.evolve!(booking, event('BookedInboundReceiptRecorded', { lines: [{ lineNumber: 2, qty: 3 }] }));
    expect((after.details as { receivedQty: number }[]).map((l) => l.receivedQty)).toEqual([4, 3]);
    expect(after.totals.receivedQty).toBe(7);
  });

  it('cannot be removed once goods came in (the spec message)', () => {
    const remove = { type: 'Remove' as const, data: { id: 'b1', expectedVersion: 1 } };
    expect(key(bookingDecisions.check!(remove, { ...booking, state: 'Receiving' }, undefined, { now: '', actor }))).toBe('warehouse.errors.storedNoDelete');
    expect(bookingDecisions.check!(remove, { ...booking, state: 'Draft' }, undefined, { now: '', actor })).toBeUndefined();
  });
});

describe('inbound bill decisions', () => {
  const bill = doc({ applyNo: 'YR001', details: [
    { lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 6, qtyWeg: 10, volume: 1.2 },
    { lineNumber: 2, materialCode: 'M2', batchNo: '', qty: 5, warehousePlaceCode: 'A-01', putAwayQty: 5 },
  ], receivedAt: '2026-11-21T08:00:00.000Z' });

  it('receives only against its owner\'s booking, only booked lines, only into places of its area free for its owner', () => {
    expect(checkReceive(bill, facts({ booking }))).toBeUndefined();
    expect(key(checkReceive(bill, facts()))).toBe('warehouse.errors.bookingNotFound');
    expect(key(checkReceive(bill, facts({ booking: { ...booking, customerCode: 'C2' } })))).toBe('warehouse.errors.bookingOtherOwner');
    expect(key(checkReceive({ ...bill, details: [{ lineNumber: 1, materialCode: 'M3', qty: 1 }] }, facts({ booking })))).toBe('warehouse.errors.notBooked');
    const elsewhere = (place: string) => ({ ...bill, applyNo: '', details: [{ lineNumber: 1, materialCode: 'M1', qty: 1, warehousePlaceCode: place }] });
    expect(key(checkReceive(elsewhere('B-01'), facts()))).toBe('warehouse.errors.placeOtherArea');
    expect(key(checkReceive(elsewhere('A-09'), facts()))).toBe('warehouse.errors.placeOtherOwner');
  });

  it('receiving puts each line into stock (its place or the dock) with the inbound fee flags, and reports to the booking', () => {
    const effects = receiptEffects(bill, facts({ booking }));
    expect(effects).toHaveLength(3);
    expect(effects[0]).toMatchObject({ stream: 'StockAccount-t1-C1~M1', expectedVersion: 0, events: [{ type: 'StockReceived', data: {
      effectiveAt: '2026-11-21T08:00:00.000Z', instockStatus: 1, isCost: 1, streamType: '12',
      lines: [{ movement: 'RECEIVE', barcode: 'RK001-001', warehousePlaceCode: dockOf('A'), qty: 6, unitVolume: 0.2, source: { billNo: 'RK001', lineNumber: 1 } }],
    } }] });
    expect(effects[1]).toMatchObject({ stream: 'StockAccount-t1-C1~M2', expectedVersion: 7, events: [{ data: { lines: [{ warehousePlaceCode: 'A-01', qty: 5 }] } }] });
    // 4 + 6 fills line 1 and line 2 gets its 5: the booking is complete
    expect(effects[2]).toEqual({ document: 'orderisinstockbill', id: 'b1', action: 'completeReceipt', fields: { sourceId: 'd1', sourceBillNo: 'RK001', lines: [{ lineNumber: 1, qty: 6 }, { lineNumber: 2, qty: 5 }] } });
  });

  it('what went straight into a place needs no put-away; a bill entirely placed completes at once', () => {
    const after = receiptDecisions(undefined).evolve!({ ...bill, details: [{ lineNumber: 1, materialCode: 'M2', qty: 5, warehousePlaceCode: 'A-01' }] }, event('InboundBillReceived', {}));
    expect(after.details).toEqual([{ lineNumber: 1, materialCode: 'M2', qty: 5, warehousePlaceCode: 'A-01', barcode: 'RK001-001', putAwayQty: 5 }]);
    const effects = receiptEffects({ ...after, applyNo: '' }, facts());
    expect(effects.at(-1)).toEqual({ document: 'isinstockbill', id: 'd1', action: 'completePutAway', fields: {} });
  });

  it('puts away no more than is left at the dock, into places of its area free for its owner', () => {
    const received = { ...bill, state: 'Received', details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 6, putAwayQty: 2, barcode: 'RK001-001' }] };
    expect(checkPutAway(received, [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 4 }], facts())).toBeUndefined();
    expect(checkPutAway(received, [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 3 }, { lineNumber: 1, warehousePlaceCode: 'A-01', qty: 2 }], facts())).toMatchObject({ key: 'warehouse.errors.putAwayExceeds', vars: { remaining: 4, wanted: 5 } });
    expect(key(checkPutAway(received, [{ lineNumber: 2, warehousePlaceCode: 'A-01', qty: 1 }], facts()))).toBe('warehouse.errors.lineNotFound');
    expect(key(checkPutAway(received, [{ lineNumber: 1, warehousePlaceCode: 'A-09', qty: 1 }], facts()))).toBe('warehouse.errors.placeOtherOwner');
  });

  it('put-away moves stock from the dock to the place; the last one completes the bill', () => {
    const account = emptyAccount('C1', 'M1');
    account.rows.set(`RK001-001\u0000${dockOf('A')}\u0000L1`, {
      customerCode: 'C1', materialCode: 'M1', barcode: 'RK001-001', warehousePlaceCode: dockOf('A'), batchNo: 'L1', qty: 6, djQty: 0,
      qtyWeg: 10, boardQty: 0, unitVolume: 0.2, status: 'AVAILABLE', expiringDate: null, inboundAt: '2026-11-21T08:00:00.000Z', warehouseAreaCode: 'A',
    });
    account.version = 3;
    const after = { ...bill, details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 6, putAwayQty: 6, barcode: 'RK001-001' }] };
    const effects = putAwayEffects(after, [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 6 }], '2026-11-21T09:00:00.000Z', facts({ accounts: new Map([[accountId('C1', 'M1'), account]]) }));
    expect(effects[0]).toMatchObject({ expectedVersion: 3, events: [{ type: 'StockMoved', data: { effectiveAt: '2026-11-21T09:00:00.000Z', lines: [
      { movement: 'MOVE_OUT', warehousePlaceCode: dockOf('A'), qty: -6, endQty: 0 },
      { movement: 'MOVE_IN', warehousePlaceCode: 'A-01', qty: 6, endQty: 6, unitVolume: 0.2, inboundAt: '2026-11-21T08:00:00.000Z' },
    ] } }] });
    expect(effects[1]).toEqual({ document: 'isinstockbill', id: 'd1', action: 'completePutAway', fields: {} });
  });

  it('a bill whose goods are in stock cannot be removed (the spec message)', () => {
    const d = receiptDecisions(undefined);
    expect(key(d.check!({ type: 'Remove', data: { id: 'd1', expectedVersion: 1 } }, { ...bill, state: 'Stored' }, facts(), { now: '', actor }))).toBe('warehouse.errors.storedNoDelete');
  });

  it('descriptions: both serve under /api/bl-warehouse with the spec names', () => {
    expect([orderisinstockbill.service, isinstockbill.service]).toEqual(['bl-warehouse', 'bl-warehouse']);
  });
});

describe('inbound bill: effective times', () => {
  const meta = { now: '2026-11-24T12:00:00.000Z', actor };
  const received = doc({ state: 'Received', receivedAt: '2026-11-24T08:00:00.000Z', details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 12, putAwayQty: 0 }] });
  const putAway = (fields: Record<string, unknown>) => ({ type: 'Act' as const, data: { id: 'd1', expectedVersion: 2, action: 'putAway', fields: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 12 }], ...fields } } });

  it('a put-away dated before its receipt is refused naming the put-away time; at or after it is fine', () => {
    const d = receiptDecisions(undefined);
    expect(d.check!(putAway({ putAwayAt: '2026-11-24T06:00:00.000Z' }), received, facts(), meta)).toMatchObject({
      code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'isinstockbill.fields.putAwayAt', other: 'isinstockbill.fields.receivedAt' },
    });
    expect(d.check!(putAway({ putAwayAt: '2026-11-24T08:00:00.000Z' }), received, facts(), meta)).toBeUndefined();
    expect(d.check!(putAway({}), received, facts(), meta)).toBeUndefined();
  });

  it('the ledger refuses a put-away dated before the goods reached the dock (a receipt line naming an earlier one is no way round it)', () => {
    const dock = { barcode: 'RK001-001', warehousePlaceCode: dockOf('A'), warehouseAreaCode: 'A', batchNo: 'L1', qty: 12 };
    const account = applyLines(emptyAccount('C1', 'M1'), receive(emptyAccount('C1', 'M1'), [dock], { documentType: 'isinstockbill', documentId: 'd1', billNo: 'RK001' }, '2026-11-24T08:00:00.000Z'));
    const later = [{ barcode: dock.barcode, warehousePlaceCode: dock.warehousePlaceCode, batchNo: 'L1', qty: 12, djQty: 0, at: '2026-11-24T08:00:00.000Z' }];
    const f = facts({ accounts: new Map([[accountId('C1', 'M1'), { ...account, later }]]) });
    expect(() => putAwayEffects(received, [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 12 }], '2026-11-24T06:00:00.000Z', f)).toThrow(
      expect.objectContaining({ code: 400, key: 'warehouse.errors.notThereThen', keyVars: { label: 'isinstockbill.fields.putAwayAt' } }),
    );
  });
});

describe('inbound bill: goods at a warehouse dock go to the bins of the areas below it', () => {
  // received into warehouse W (its root: no bins of its own); its zone Z holds Z-01; X-01 is another warehouse's
  const atRoot = doc({ warehouseAreaCode: 'W', state: 'Received', receivedAt: '2026-11-24T08:00:00.000Z', details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'L1', qty: 5, putAwayQty: 0 }] });
  const dock = { barcode: 'RK001-001', warehousePlaceCode: dockOf('W'), warehouseAreaCode: 'W', batchNo: 'L1', qty: 5 };
  const stuck = applyLines(emptyAccount('C1', 'M1'), receive(emptyAccount('C1', 'M1'), [dock], { documentType: 'isinstockbill', documentId: 'd1', billNo: 'RK001' }, '2026-11-24T08:00:00.000Z'));
  const below = (o: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
    accounts: new Map([[accountId('C1', 'M1'), stuck]]),
    places: new Map([
      ['Z-01', { code: 'Z-01', warehouseAreaCode: 'Z' }],
      ['X-01', { code: 'X-01', warehouseAreaCode: 'X' }],
    ]),
    areas: new Set(['W', 'Z']),
    ...o,
  });

  it('a place of an area below the bill\'s is in reach; one elsewhere is not', () => {
    expect(checkPutAway(atRoot, [{ lineNumber: 1, warehousePlaceCode: 'Z-01', qty: 5 }], below())).toBeUndefined();
    expect(key(checkPutAway(atRoot, [{ lineNumber: 1, warehousePlaceCode: 'X-01', qty: 5 }], below()))).toBe('warehouse.errors.placeOtherArea');
    // without the tree (the area alone) the zone's bin is refused, as before
    expect(key(checkPutAway(atRoot, [{ lineNumber: 1, warehousePlaceCode: 'Z-01', qty: 5 }], below({ areas: undefined })))).toBe('warehouse.errors.placeOtherArea');
  });

  it('the goods leave the dock and take the place\'s area (the zone)', () => {
    const effects = putAwayEffects(atRoot, [{ lineNumber: 1, warehousePlaceCode: 'Z-01', qty: 5 }], '2026-11-24T09:00:00.000Z', below());
    const lines = (effects[0] as { events: { data: { lines: { movement: string; warehousePlaceCode: string; warehouseAreaCode?: string }[] } }[] }).events[0]!.data.lines;
    expect(lines.map((l) => [l.movement, l.warehousePlaceCode, l.warehouseAreaCode])).toEqual([
      ['MOVE_OUT', dockOf('W'), undefined],
      ['MOVE_IN', 'Z-01', 'Z'],
    ]);
  });
});
