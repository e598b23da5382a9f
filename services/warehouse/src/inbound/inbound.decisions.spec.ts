import { dockOf, isinstockbill, orderisinstockbill } from '@tpl/contracts';
import { documentSpec, folded, type GivenFact } from '@tpl/documents/test';
import { applyLines, emptyAccount, receive, type AccountState } from '../stock/stock.account';
import { accountId } from '../stock/stock.ledger';
import { bookingDecisions } from './booking.decisions';
import { receiptDecisions, type ReceiptFacts } from './receipt.decisions';

// The inbound documents' own decisions, given/when/then: given the facts on the document's stream (and what its load read), when a command, then its facts and effects, or a refusal.
const owner = { customerCode: 'C1', warehouseAreaCode: 'A' };

const booked = documentSpec(orderisinstockbill, bookingDecisions, { id: 'b1', billNo: 'YR001' });
/** Booked 10 of M1 and 5 of M2, audited, 4 of M1 received by an earlier bill. */
const booking = (o: Record<string, unknown> = {}): GivenFact[] => [
  booked.created({ ...owner, details: [{ materialCode: 'M1', batchNo: 'L1', qty: 10 }, { materialCode: 'M2', batchNo: '', qty: 5 }], ...o }),
  booked.acted('audit'),
  booked.acted('recordReceipt', { sourceId: 'r0', sourceBillNo: 'RK000', lines: [{ lineNumber: 1, qty: 4 }] }),
];
const bookedDoc = (o: Record<string, unknown> = {}) => folded(orderisinstockbill, bookingDecisions, booking(o), { id: 'b1', billNo: 'YR001' });

const inbound = documentSpec(isinstockbill, receiptDecisions(undefined), { id: 'd1', billNo: 'RK001' });
const facts = (o: Partial<ReceiptFacts> = {}): ReceiptFacts => ({
  accounts: new Map([[accountId('C1', 'M1'), emptyAccount('C1', 'M1')], [accountId('C1', 'M2'), { ...emptyAccount('C1', 'M2'), version: 7 }]]),
  places: new Map([
    ['A-01', { code: 'A-01', warehouseAreaCode: 'A' }],
    ['B-01', { code: 'B-01', warehouseAreaCode: 'B' }],
    ['A-09', { code: 'A-09', warehouseAreaCode: 'A', customerCode: 'C9' }],
  ]),
  ...o,
});
/** An account whose row of M1 (batch L1) lies at the area's dock, received at `at`. */
const atDock = (qty: number, o: { area?: string; at?: string; version?: number } = {}): AccountState => {
  const area = o.area ?? 'A';
  const dock = { barcode: 'RK001-001', warehousePlaceCode: dockOf(area), warehouseAreaCode: area, batchNo: 'L1', qty, unitVolume: 0.2 };
  const source = { documentType: 'isinstockbill', documentId: 'd1', billNo: 'RK001' };
  const a = applyLines(emptyAccount('C1', 'M1'), receive(emptyAccount('C1', 'M1'), [dock], source, o.at ?? '2026-11-21T08:00:00.000Z'));
  return { ...a, version: o.version ?? a.version };
};
const withAccount = (account: AccountState, o: Partial<ReceiptFacts> = {}) => facts({ accounts: new Map([[accountId('C1', 'M1'), account]]), ...o });

const billContent = {
  ...owner,
  applyNo: 'YR001',
  details: [
    { materialCode: 'M1', batchNo: 'L1', qty: 6, qtyWeg: 10, volume: 1.2 },
    { materialCode: 'M2', batchNo: '', qty: 5, warehousePlaceCode: 'A-01' },
  ],
};
/** One line of 6 of M1, received at 08:00 on the 21st. */
const received = (o: { receivedAt?: string; area?: string } = {}): GivenFact[] => [
  inbound.created({ ...owner, warehouseAreaCode: o.area ?? 'A', details: [{ materialCode: 'M1', batchNo: 'L1', qty: 6 }] }),
  inbound.acted('receive', { receivedAt: o.receivedAt ?? '2026-11-21T08:00:00.000Z' }),
];

describe('booked inbound decisions', () => {
  it('computes line numbers, tonnes and pallets, and starts every line unreceived', () => {
    booked
      .given([])
      .when({ create: { details: [{ materialCode: 'M1', qty: 90, qtyWeg: 25, boardQty: 40, receivedQty: 99 }] } })
      .then([{ type: 'BookedInboundCreated', data: { id: 'b1', billNo: 'YR001', isReview: 0, content: { details: [{ materialCode: 'M1', qty: 90, qtyWeg: 25, boardQty: 40, lineNumber: 1, weg: 2.25, board: 3, receivedQty: 0 }] } } }]);
  });

  it('refuses a receipt beyond the booked quantity, naming the material and the figures', () => {
    const report = (lineNumber: number, qty: number) => ({ act: 'recordReceipt' as const, fields: { sourceId: 'r1', sourceBillNo: 'RK001', lines: [{ lineNumber, qty }] } });
    booked.given(booking()).when(report(1, 6)).then([{ type: 'BookedInboundReceiptRecorded', data: { sourceId: 'r1', sourceBillNo: 'RK001', lines: [{ lineNumber: 1, qty: 6 }] } }]);
    booked.given(booking()).when(report(1, 6.001)).thenRefused({ code: 409, key: 'warehouse.errors.overReceipt', vars: { materialCode: 'M1', ordered: 10, done: 4, wanted: 6.001 } });
    booked.given(booking()).when(report(3, 1)).thenRefused({ code: 409, key: 'warehouse.errors.lineNotFound' });
  });

  it('receipts add up on the lines and in the totals', () => {
    booked
      .given(booking())
      .when({ act: 'recordReceipt', fields: { sourceId: 'r1', sourceBillNo: 'RK001', lines: [{ lineNumber: 2, qty: 3 }] } })
      .then({ doc: { state: 'Receiving', details: [{ receivedQty: 4 }, { receivedQty: 3 }], totals: { receivedQty: 7 } } });
  });

  it('cannot be removed once goods came in (the spec message); a draft can', () => {
    booked.given(booking()).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    booked.given(booking().slice(0, 1)).when({ remove: true }).then([{ type: 'BookedInboundRemoved', data: {} }]);
  });
});

describe('inbound bill decisions', () => {
  it("receives only against its owner's booking, only booked lines, only into places of its area free for its owner", () => {
    const receive = { act: 'receive' as const };
    inbound.given([inbound.created(billContent)], facts({ booking: bookedDoc() })).when(receive).then({ events: [{ type: 'InboundBillReceived', data: { receivedAt: '2026-11-24T12:00:00.000Z' } }] });
    inbound.given([inbound.created(billContent)], facts()).when(receive).thenRefused({ code: 409, key: 'warehouse.errors.bookingNotFound' });
    inbound.given([inbound.created(billContent)], facts({ booking: bookedDoc({ customerCode: 'C2' }) })).when(receive).thenRefused({ code: 409, key: 'warehouse.errors.bookingOtherOwner' });
    inbound
      .given([inbound.created({ ...billContent, details: [{ materialCode: 'M3', qty: 1 }] })], facts({ booking: bookedDoc() }))
      .when(receive)
      .thenRefused({ code: 409, key: 'warehouse.errors.notBooked' });
    const elsewhere = (place: string) => [inbound.created({ ...owner, details: [{ materialCode: 'M1', qty: 1, warehousePlaceCode: place }] })];
    inbound.given(elsewhere('B-01'), facts()).when(receive).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea' });
    inbound.given(elsewhere('A-09'), facts()).when(receive).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner' });
  });

  it('made from a receipt bill (recNo): receives it once, confirmed and of the same booking, and tells it so', () => {
    const fromReceipt = { ...billContent, recNo: 'SH001' };
    const receipt = (o: Record<string, unknown> = {}) => ({ id: 'r1', billNo: 'SH001', state: 'Confirmed', ...owner, applyNo: 'YR001', details: [], ...o }) as unknown as ReceiptFacts['receipt'];
    const receive = { act: 'receive' as const, fields: { receivedAt: '2026-11-21T08:00:00.000Z' } };
    inbound.given([inbound.created(fromReceipt)], facts({ booking: bookedDoc(), receipt: receipt() })).when(receive).then({
      effects: [{}, {}, { document: 'orderisinstockbill' }, { document: 'isrecbill', id: 'r1', action: 'recordInbound', fields: { inBillNo: 'RK001' } }],
    });
    inbound.given([inbound.created(fromReceipt)], facts({ booking: bookedDoc(), receipt: receipt({ state: 'Received' }) })).when(receive)
      .thenRefused({ code: 409, key: 'warehouse.errors.receiptNotConfirmed', keyVars: { state: 'isrecbill.states.Received' } });
    inbound.given([inbound.created(fromReceipt)], facts({ booking: bookedDoc(), receipt: receipt({ applyNo: 'YR009' }) })).when(receive)
      .thenRefused({ code: 409, key: 'warehouse.errors.receiptOtherBooking', vars: { recNo: 'SH001', applyNo: 'YR009' } });
  });

  it('receiving puts each line into stock (its place or the dock) with the inbound fee flags, and reports to the booking', () => {
    inbound
      .given([inbound.created(billContent)], facts({ booking: bookedDoc() }))
      .when({ act: 'receive', fields: { receivedAt: '2026-11-21T08:00:00.000Z' } })
      .then({
        effects: [
          { stream: 'StockAccount-t1-C1~M1', expectedVersion: 0, events: [{ type: 'StockReceived', data: {
            effectiveAt: '2026-11-21T08:00:00.000Z', instockStatus: 1, isCost: 1, streamType: '12',
            lines: [{ movement: 'RECEIVE', barcode: 'RK001-001', warehousePlaceCode: dockOf('A'), qty: 6, unitVolume: 0.2, source: { billNo: 'RK001', lineNumber: 1 } }],
          } }] },
          { stream: 'StockAccount-t1-C1~M2', expectedVersion: 7, events: [{ data: { lines: [{ warehousePlaceCode: 'A-01', qty: 5 }] } }] },
          // 4 + 6 fills line 1 and line 2 gets its 5: the booking is complete
          { document: 'orderisinstockbill', id: 'b1', action: 'completeReceipt', fields: { sourceId: 'd1', sourceBillNo: 'RK001', lines: [{ lineNumber: 1, qty: 6 }, { lineNumber: 2, qty: 5 }] } },
        ],
      });
  });

  it('a receipt that leaves booked goods outstanding records it on the booking', () => {
    const partial = { ...billContent, details: [{ materialCode: 'M1', batchNo: 'L1', qty: 2 }] };
    const { effects } = inbound.given([inbound.created(partial)], facts({ booking: bookedDoc() })).when({ act: 'receive' }).outcome();
    expect(effects.at(-1)).toEqual({ document: 'orderisinstockbill', id: 'b1', action: 'recordReceipt', fields: { sourceId: 'd1', sourceBillNo: 'RK001', lines: [{ lineNumber: 1, qty: 2 }] } });
  });

  it('what went straight into a place needs no put-away; a bill entirely placed completes at once', () => {
    const { doc, effects } = inbound
      .given([inbound.created({ ...owner, details: [{ materialCode: 'M2', qty: 5, warehousePlaceCode: 'A-01' }] })], facts())
      .when({ act: 'receive' })
      .outcome();
    expect(doc?.details).toEqual([expect.objectContaining({ lineNumber: 1, materialCode: 'M2', qty: 5, warehousePlaceCode: 'A-01', barcode: 'RK001-001', putAwayQty: 5 })]);
    expect(effects.at(-1)).toEqual({ document: 'isinstockbill', id: 'd1', action: 'completePutAway', fields: {} });
  });

  it('puts away no more than is left at the dock, into places of its area free for its owner', () => {
    const twoAway = [...received(), inbound.acted('putAway', { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 2 }], putAwayAt: '2026-11-21T08:30:00.000Z' })];
    const putAway = (...placements: { lineNumber: number; warehousePlaceCode: string; qty: number }[]) => ({ act: 'putAway' as const, fields: { placements } });
    const f = withAccount(atDock(4));
    inbound.given(twoAway, f).when(putAway({ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 4 })).then({ doc: { state: 'PuttingAway', details: [{ putAwayQty: 6 }] } });
    inbound.given(twoAway, f).when(putAway({ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 3 }, { lineNumber: 1, warehousePlaceCode: 'A-01', qty: 2 })).thenRefused({
      code: 409, key: 'warehouse.errors.putAwayExceeds', vars: { remaining: 4, wanted: 5 },
    });
    inbound.given(twoAway, f).when(putAway({ lineNumber: 2, warehousePlaceCode: 'A-01', qty: 1 })).thenRefused({ code: 409, key: 'warehouse.errors.lineNotFound' });
    inbound.given(twoAway, f).when(putAway({ lineNumber: 1, warehousePlaceCode: 'A-09', qty: 1 })).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner' });
  });

  it('put-away moves stock from the dock to the place; the last one completes the bill', () => {
    inbound
      .given(received(), withAccount(atDock(6, { version: 3 })))
      .when({ act: 'putAway', fields: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 6 }], putAwayAt: '2026-11-21T09:00:00.000Z' } })
      .then({
        effects: [
          { expectedVersion: 3, events: [{ type: 'StockMoved', data: { effectiveAt: '2026-11-21T09:00:00.000Z', lines: [
            { movement: 'MOVE_OUT', warehousePlaceCode: dockOf('A'), qty: -6, endQty: 0 },
            { movement: 'MOVE_IN', warehousePlaceCode: 'A-01', qty: 6, endQty: 6, unitVolume: 0.2, inboundAt: '2026-11-21T08:00:00.000Z' },
          ] } }] },
          { document: 'isinstockbill', id: 'd1', action: 'completePutAway', fields: {} },
        ],
      });
  });

  it('a bill whose goods are in stock cannot be removed (the spec message)', () => {
    inbound.given(received(), facts()).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
  });

  it('descriptions: both serve under /api/bl-warehouse with the spec names', () => {
    expect([orderisinstockbill.service, isinstockbill.service]).toEqual(['bl-warehouse', 'bl-warehouse']);
  });
});

describe('inbound bill: effective times', () => {
  const putAway = (fields: { putAwayAt?: string }) => ({ act: 'putAway' as const, fields: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 6 }], ...fields } });

  it('a put-away dated before its receipt is refused naming the put-away time; at or after it is fine', () => {
    const f = withAccount(atDock(6, { at: '2026-11-24T08:00:00.000Z' }));
    inbound.given(received({ receivedAt: '2026-11-24T08:00:00.000Z' }), f).when(putAway({ putAwayAt: '2026-11-24T06:00:00.000Z' })).thenRefused({
      code: 400, key: 'warehouse.errors.stepBefore', keyVars: { label: 'isinstockbill.fields.putAwayAt', other: 'isinstockbill.fields.receivedAt' },
    });
    inbound.given(received({ receivedAt: '2026-11-24T08:00:00.000Z' }), f).when(putAway({ putAwayAt: '2026-11-24T08:00:00.000Z' })).then({ doc: { state: 'PuttingAway' } });
    // none given: now
    inbound.given(received({ receivedAt: '2026-11-24T08:00:00.000Z' }), f).when(putAway({})).then({ events: [{ type: 'InboundBillPutAway', data: { placements: [{ lineNumber: 1, warehousePlaceCode: 'A-01', qty: 6 }], putAwayAt: '2026-11-24T12:00:00.000Z' } }] });
  });

  it('the ledger refuses a put-away dated before the goods reached the dock (a receipt naming an earlier time is no way round it)', () => {
    // the bill says received at 05:00, the ledger has the goods at the dock from 08:00
    const account = atDock(6, { at: '2026-11-24T08:00:00.000Z' });
    const later = [{ barcode: 'RK001-001', warehousePlaceCode: dockOf('A'), batchNo: 'L1', qty: 6, djQty: 0, at: '2026-11-24T08:00:00.000Z' }];
    inbound
      .given(received({ receivedAt: '2026-11-24T05:00:00.000Z' }), withAccount({ ...account, later }))
      .when(putAway({ putAwayAt: '2026-11-24T06:00:00.000Z' }))
      .thenRefused({ code: 400, key: 'warehouse.errors.notThereThen', keyVars: { label: 'isinstockbill.fields.putAwayAt' } });
  });
});

describe('inbound bill: goods at a warehouse dock go to the bins of the areas below it', () => {
  // received into warehouse W (its root: no bins of its own); its zone Z holds Z-01; X-01 is another warehouse's
  const atRoot = received({ area: 'W', receivedAt: '2026-11-24T08:00:00.000Z' });
  const below = (o: Partial<ReceiptFacts> = {}): ReceiptFacts =>
    withAccount(atDock(6, { area: 'W', at: '2026-11-24T08:00:00.000Z' }), {
      places: new Map([
        ['Z-01', { code: 'Z-01', warehouseAreaCode: 'Z' }],
        ['X-01', { code: 'X-01', warehouseAreaCode: 'X' }],
      ]),
      areas: new Set(['W', 'Z']),
      ...o,
    });
  const putAway = (place: string) => ({ act: 'putAway' as const, fields: { placements: [{ lineNumber: 1, warehousePlaceCode: place, qty: 6 }], putAwayAt: '2026-11-24T09:00:00.000Z' } });

  it("a place of an area below the bill's is in reach; one elsewhere is not", () => {
    inbound.given(atRoot, below()).when(putAway('Z-01')).then({ doc: { state: 'PuttingAway' } });
    inbound.given(atRoot, below()).when(putAway('X-01')).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea' });
    // without the tree (the area alone) the zone's bin is refused, as before
    inbound.given(atRoot, below({ areas: undefined })).when(putAway('Z-01')).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea' });
  });

  it("the goods leave the dock and take the place's area (the zone)", () => {
    const { effects } = inbound.given(atRoot, below()).when(putAway('Z-01')).outcome();
    const lines = (effects[0] as { events: { data: { lines: { movement: string; warehousePlaceCode: string; warehouseAreaCode?: string }[] } }[] }).events[0]!.data.lines;
    expect(lines.map((l) => [l.movement, l.warehousePlaceCode, l.warehouseAreaCode])).toEqual([
      ['MOVE_OUT', dockOf('W'), undefined],
      ['MOVE_IN', 'Z-01', 'Z'],
    ]);
  });
});
