import { InsufficientStock, AllocationExceeded, BelowAllocated, NotThereThen, StockRowNotFound, adjust, assertThereFrom, firstShortFrom, allocate, applyLines, changeStatus, emptyAccount, freeze, move, ownerOut, receive, release, ship, type AccountState } from './stock.account';

// Stock decisions, given/when/then: given an account's facts, when a decision, then its lines (or a refusal).
const src = { documentType: 'isinstockbill', documentId: 'd1', billNo: 'RK001' };
const given = (...steps: ((a: AccountState) => ReturnType<typeof receive>)[]) =>
  steps.reduce((a, step) => applyLines(a, step(a)), emptyAccount('C001', 'M001'));
const received = (a: AccountState) =>
  receive(
    a,
    [
      { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1', qty: 10, qtyWeg: 2.5, expiringDate: '2026-12-31' },
      { barcode: 'B2', warehousePlaceCode: 'RECV', batchNo: 'L2', qty: 5, qtyWeg: 2.5, expiringDate: '2026-12-01' },
    ],
    src,
    '2026-11-01T08:00:00.000Z',
  );

describe('stock decisions', () => {
  it('receives: rows made with their balance before and after, the business time as inbound time', () => {
    const lines = received(emptyAccount('C001', 'M001'));
    expect(lines).toMatchObject([
      { movement: 'RECEIVE', barcode: 'B1', qty: 10, beforeQty: 0, endQty: 10, djQty: 0, inboundAt: '2026-11-01T08:00:00.000Z', status: 'AVAILABLE' },
      { movement: 'RECEIVE', barcode: 'B2', qty: 5, beforeQty: 0, endQty: 5 },
    ]);
  });

  it('moves what is not allocated; the new row keeps barcode, batch, dates and status', () => {
    const a = given(received);
    const lines = move(a, [{ from: { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' }, toPlace: 'A-01', qty: 4 }], src);
    expect(lines).toMatchObject([
      { movement: 'MOVE_OUT', warehousePlaceCode: 'RECV', qty: -4, beforeQty: 10, endQty: 6 },
      { movement: 'MOVE_IN', warehousePlaceCode: 'A-01', qty: 4, beforeQty: 0, endQty: 4, expiringDate: '2026-12-31', batchNo: 'L1' },
    ]);
    expect(() => move(a, [{ from: { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' }, toPlace: 'A-01', qty: 11 }], src)).toThrow(InsufficientStock);
    expect(() => move(a, [{ from: { barcode: 'X', warehousePlaceCode: 'RECV', batchNo: 'L1' }, toPlace: 'A-01', qty: 1 }], src)).toThrow(StockRowNotFound);
  });

  it('allocates FIFO by inbound time, FEFO by expiring date; expired stock is never allocated', () => {
    const later = (a: AccountState) => receive(a, [{ barcode: 'B3', warehousePlaceCode: 'RECV', batchNo: 'L3', qty: 4, expiringDate: '2026-11-20' }], src, '2026-11-05T08:00:00.000Z');
    const a = given(received, later);
    expect(allocate(a, [{ qty: 12, rule: 'FIFO', today: '2026-11-24' }], src).map((l) => [l.barcode, l.djQty])).toEqual([['B1', 10], ['B2', 2]]);
    // FEFO: B3 expires first but has expired by the 24th; B2 (Dec 1) then B1 (Dec 31)
    expect(allocate(a, [{ qty: 6, rule: 'FEFO', today: '2026-11-24' }], src).map((l) => [l.barcode, l.djQty])).toEqual([['B2', 5], ['B1', 1]]);
    expect(allocate(a, [{ qty: 6, rule: 'FEFO', today: '2026-11-19' }], src).map((l) => [l.barcode, l.djQty])).toEqual([['B3', 4], ['B2', 2]]);
    expect(() => allocate(a, [{ qty: 16, rule: 'FIFO', today: '2026-11-24' }], src)).toThrow(InsufficientStock);
  });

  it('never allocates the same pieces twice: what is frozen is not available', () => {
    const a = given(received, (x) => allocate(x, [{ qty: 14, rule: 'FIFO', today: '2026-11-24' }], src));
    expect(() => allocate(a, [{ qty: 2, rule: 'FIFO', today: '2026-11-24' }], src)).toThrow(InsufficientStock);
    expect(allocate(a, [{ qty: 1, rule: 'FIFO', today: '2026-11-24' }], src)).toMatchObject([{ barcode: 'B2', djQty: 1, beforeDjQty: 4, endDjQty: 5 }]);
  });

  it('freezes exactly the rows named (an allocate bill), only what is available; goods in transit are never allocated by the picking rule', () => {
    const a = given(received);
    const key = { barcode: 'B2', warehousePlaceCode: 'RECV', batchNo: 'L2' };
    expect(freeze(a, [{ key, qty: 3, lineNumber: 1 }], src)).toMatchObject([{ movement: 'ALLOCATE', barcode: 'B2', qty: 0, djQty: 3, endDjQty: 3, source: { lineNumber: 1 } }]);
    expect(() => freeze(a, [{ key, qty: 3 }, { key, qty: 3 }], src)).toThrow(InsufficientStock);
    expect(() => freeze(a, [{ key: { ...key, barcode: 'X' }, qty: 1 }], src)).toThrow(StockRowNotFound);
    // B1 sent on its way (TRANSIT-<bill>): FIFO takes B2 only, and there is not more than it
    const sent = given(received, (x) => move(x, [{ from: { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' }, toPlace: 'TRANSIT-DB001', qty: 10 }], src));
    expect(allocate(sent, [{ qty: 5, rule: 'FIFO', today: '2026-11-24' }], src).map((l) => [l.barcode, l.warehousePlaceCode])).toEqual([['B2', 'RECV']]);
    expect(() => allocate(sent, [{ qty: 6, rule: 'FIFO', today: '2026-11-24' }], src)).toThrow(InsufficientStock);
  });

  it('ships allocated pieces (qty and djQty down) and releases the rest', () => {
    const a = given(received, (x) => allocate(x, [{ qty: 12, rule: 'FIFO', today: '2026-11-24' }], src));
    const key = { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' };
    expect(ship(a, [{ key, qty: 10 }], src)).toMatchObject([{ movement: 'SHIP', qty: -10, djQty: -10, endQty: 0, endDjQty: 0 }]);
    expect(() => ship(a, [{ key: { ...key, barcode: 'B2', batchNo: 'L2' }, qty: 3 }], src)).toThrow(AllocationExceeded);
    expect(release(a, [{ key: { ...key, barcode: 'B2', batchNo: 'L2' }, qty: 2 }], src)).toMatchObject([{ movement: 'RELEASE', djQty: -2, endDjQty: 0 }]);
  });

  it('adjusts a counted difference, never below what is allocated', () => {
    const a = given(received, (x) => allocate(x, [{ qty: 8, rule: 'FIFO', today: '2026-11-24' }], src));
    const key = { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' };
    expect(adjust(a, [{ key, qty: 0, delta: -2 }], src)).toMatchObject([{ movement: 'ADJUST', qty: -2, endQty: 8 }]);
    expect(() => adjust(a, [{ key, qty: 0, delta: -3 }], src)).toThrow(BelowAllocated);
  });

  it('changes quality status without moving quantity, and not under an allocation', () => {
    const a = given(received);
    const key = { barcode: 'B2', warehousePlaceCode: 'RECV', batchNo: 'L2' };
    const lines = changeStatus(a, [{ key, status: 'FROZEN' }], src);
    expect(lines).toMatchObject([{ movement: 'STATUS', qty: 0, status: 'FROZEN', endQty: 5 }]);
    const frozen = applyLines(a, lines);
    expect(() => allocate(frozen, [{ qty: 11, rule: 'FIFO', today: '2026-11-24' }], src)).toThrow(InsufficientStock);
    const allocated = given(received, (x) => allocate(x, [{ qty: 12, rule: 'FIFO', today: '2026-11-24' }], src));
    expect(() => changeStatus(allocated, [{ key, status: 'QUALITY_INSPECTION' }], src)).toThrow(BelowAllocated);
  });

  it('hands stock to another owner: out of this account only what is available', () => {
    const a = given(received);
    const { lines, taken } = ownerOut(a, [{ key: { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' }, qty: 3 }], src);
    expect(lines).toMatchObject([{ movement: 'OWNER_OUT', qty: -3, endQty: 7 }]);
    expect(taken).toMatchObject([{ barcode: 'B1', qty: 3, expiringDate: '2026-12-31' }]);
  });

  it('sums exactly: 0.1 + 0.2 pieces of a weighed good are 0.3', () => {
    const a = given((x) => receive(x, [{ barcode: 'W', warehousePlaceCode: 'P', batchNo: '', qty: 0.1 }], src, '2026-11-01T00:00:00Z'));
    expect(receive(a, [{ barcode: 'W', warehousePlaceCode: 'P', batchNo: '', qty: 0.2 }], src, '2026-11-02T00:00:00Z')[0]).toMatchObject({ beforeQty: 0.1, endQty: 0.3 });
  });
});

describe('a back-dated fact never leaves a row short at any instant from its time on (firstShortFrom)', () => {
  // the receipt of 10 pieces of B1 at the dock was recorded at 08:00; later lines are what "as of" takes off
  const dock = { barcode: 'B1', warehousePlaceCode: 'RECV', batchNo: 'L1' };
  const atDock = given((x) => receive(x, [{ ...dock, qty: 10 }], src, '2026-11-01T08:00:00.000Z'));
  const laterThan = (a: AccountState, instant: string, lines: ReturnType<typeof receive>, at: string): AccountState => ({
    ...a,
    later: at > instant ? lines.map((l) => ({ barcode: l.barcode, warehousePlaceCode: l.warehousePlaceCode, batchNo: l.batchNo, qty: l.qty, djQty: l.djQty, at })) : [],
  });
  const receipt = receive(emptyAccount('C001', 'M001'), [{ ...dock, qty: 10 }], src, '2026-11-01T08:00:00.000Z');

  it('a put-away dated after the receipt is fine at every instant', () => {
    const a = laterThan(atDock, '2026-11-01T09:00:00.000Z', receipt, '2026-11-01T08:00:00.000Z');
    expect(firstShortFrom(a, move(a, [{ from: dock, toPlace: 'A-01', qty: 6 }], src))).toBeUndefined();
  });

  it('a put-away dated before the receipt leaves the dock at -6 then: refused, naming the step', () => {
    const a = laterThan(atDock, '2026-11-01T07:00:00.000Z', receipt, '2026-11-01T08:00:00.000Z');
    const lines = move(a, [{ from: dock, toPlace: 'A-01', qty: 6 }], src);
    expect(firstShortFrom(a, lines)).toMatchObject({ barcode: 'B1', warehousePlaceCode: 'RECV' });
    expect(() => assertThereFrom(a, lines, 'isinstockbill.fields.putAwayAt')).toThrow(NotThereThen);
  });

  it('a shipment dated before its allocation leaves frozen stock below zero then: refused', () => {
    const placed = given((x) => receive(x, [{ barcode: 'B1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 10 }], src, '2026-11-01T08:00:00.000Z'));
    const frozen = allocate(placed, [{ qty: 4, rule: 'FIFO', today: '2026-11-24' }], src);
    const now = applyLines(placed, frozen);
    const asked = { ...now, later: frozen.map((l) => ({ barcode: l.barcode, warehousePlaceCode: l.warehousePlaceCode, batchNo: l.batchNo, qty: l.qty, djQty: l.djQty, at: '2026-11-02T10:00:00.000Z' })) };
    const key = { barcode: 'B1', warehousePlaceCode: 'A-01', batchNo: 'L1' };
    expect(firstShortFrom(asked, ship(asked, [{ key, qty: 4 }], src))).toMatchObject({ barcode: 'B1' });
    // the same shipment with nothing later (dated after the allocation) is fine
    expect(firstShortFrom({ ...asked, later: [] }, ship(asked, [{ key, qty: 4 }], src))).toBeUndefined();
  });

  it('lines of equal time are taken off together (a receipt and its allocation in the same instant are never a false short)', () => {
    const placed = given((x) => receive(x, [{ barcode: 'B1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 10 }], src, '2026-11-01T08:00:00.000Z'));
    const frozen = allocate(placed, [{ qty: 10, rule: 'FIFO', today: '2026-11-24' }], src);
    const now = applyLines(placed, frozen);
    const at = '2026-11-01T08:00:00.000Z';
    const asLines = [...receive(emptyAccount('C001', 'M001'), [{ barcode: 'B1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 10 }], src, at), ...frozen];
    const asked = { ...now, later: asLines.map((l) => ({ barcode: l.barcode, warehousePlaceCode: l.warehousePlaceCode, batchNo: l.batchNo, qty: l.qty, djQty: l.djQty, at })) };
    // a status change dated before: touches the row, changes nothing; the receipt and the allocation leave it together
    expect(firstShortFrom(asked, changeStatus(asked, [{ key: { barcode: 'B1', warehousePlaceCode: 'A-01', batchNo: 'L1' }, status: 'AVAILABLE' }], src))).toBeUndefined();
  });
});
