import { STOCK_EVENT_TYPES, diversecustomertransferbill, warehousetransferbill, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec } from '@tpl/documents/test';
import { account, facts, place, row } from '../../test/stock-facts';
import { ownerTransferDecisions, transferDecisions } from './transfer.decisions';

// The transfers' own decisions, given/when/then: given a bill's facts and the stock it names, when it is confirmed, then a refusal or the stock facts.
const line = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4, targetWarehousePlaceCode: 'A-02', ...o });
const stock = (...rows: Parameters<typeof row>[0][]) => account('C1', 'M1', 3, ...(rows.length ? rows : [{}]).map(row));
const places = [place('A-01', 'A'), place('A-02', 'A'), place('B-01', 'B'), place('Z-01', 'Z'), place('A-09', 'A', { customerCode: 'C9' }), place('A-08', 'A', { invalid: true })];
const factOfEffect = (e: unknown) => (e as { events: { type: string; data: StockFact }[] }).events[0]!;

describe('warehouse transfer decisions', () => {
  const spec = documentSpec(warehousetransferbill, transferDecisions(undefined), { id: 'd1', billNo: 'YK001' });
  const transfer = (...details: Record<string, unknown>[]) => [spec.created({ customerCode: 'C1', warehouseAreaCode: 'A', details: details.length ? details : [line()] })];
  const confirm = { act: 'confirm' as const };

  it("moves only what the row holds unallocated in the bill's area; lines on one row add up", () => {
    spec.given(transfer(), facts([stock()], places)).when(confirm).then({ doc: { state: 'Done' } });
    spec.given(transfer(), facts([stock({ djQty: 7 })], places)).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 4, available: 3 } });
    spec.given(transfer(line(), line({ qty: 7, targetWarehousePlaceCode: 'B-01' })), facts([stock()], places)).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { wanted: 11, available: 10 } });
    spec.given(transfer(line({ barcode: 'NOPE' })), facts([stock()], places)).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.stockRowNotFound' });
    spec.given(transfer(), facts([stock({ warehouseAreaCode: 'B' })], places)).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea', vars: { place: 'A-01', area: 'A' } });
  });

  it("moves to a live location of the same warehouse, free or the owner's, never where the goods already are", () => {
    const given = facts([stock()], places);
    spec.given(transfer(line({ targetWarehousePlaceCode: 'B-01' })), given).when(confirm).then({ doc: { state: 'Done' } });
    spec.given(transfer(line({ targetWarehousePlaceCode: 'Z-01' })), given).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherWarehouse', vars: { place: 'Z-01', area: 'A' } });
    spec.given(transfer(line({ targetWarehousePlaceCode: 'A-09' })), given).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner', vars: { place: 'A-09', owner: 'C9' } });
    spec.given(transfer(line({ targetWarehousePlaceCode: 'A-08' })), given).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.placeInvalid' });
    spec.given(transfer(line({ targetWarehousePlaceCode: 'A-01' })), given).when(confirm).thenRefused({ code: 400, key: 'warehouse.errors.samePlace' });
    // said already when the bill is saved
    spec.given([], facts([])).when({ create: { customerCode: 'C1', warehouseAreaCode: 'A', details: [line({ targetWarehousePlaceCode: 'A-01' })] } }).thenRefused({ code: 400, key: 'warehouse.errors.samePlace' });
  });

  it("confirming moves the stock line by line at the confirmation time, with the version it read; the row takes the target's area", () => {
    const { effects } = spec
      .given(transfer(line(), line({ qty: 6, targetWarehousePlaceCode: 'B-01' })), facts([stock()], places))
      .when(confirm)
      .then({ effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 }] });
    const fact = factOfEffect(effects[0]);
    expect(fact.type).toBe(STOCK_EVENT_TYPES.moved);
    expect(fact.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '31', instockStatus: 0, outstockStatus: 0 });
    expect(fact.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.source.lineNumber])).toEqual([
      ['MOVE_OUT', 'A-01', -4, 6, 1],
      ['MOVE_IN', 'A-02', 4, 4, 1],
      ['MOVE_OUT', 'A-01', -6, 0, 2],
      ['MOVE_IN', 'B-01', 6, 6, 2],
    ]);
    expect(fact.data.lines[3]).toMatchObject({ warehouseAreaCode: 'B', inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', status: 'AVAILABLE', source: { documentType: 'warehousetransferbill', billNo: 'YK001' } });
  });

  it("a moved transfer cannot be removed (the spec's message); a draft can; its lines are numbered in order", () => {
    spec.given(transfer(), facts([])).when({ remove: true }).then([{ type: 'WarehouseTransferRemoved', data: {} }]);
    spec.given([...transfer(), spec.acted('confirm')], facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given(transfer(), facts([])).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' }, effects: [] });
    spec.given([], facts([])).when({ create: { details: [line({ lineNumber: 9 }), line({ lineNumber: 4, targetWarehousePlaceCode: 'B-01' })] } }).then({ doc: { details: [{ lineNumber: 1 }, { lineNumber: 2 }] } });
  });
});

describe('owner transfer decisions', () => {
  const spec = documentSpec(diversecustomertransferbill, ownerTransferDecisions(undefined), { id: 'd1', billNo: 'HZ001' });
  const bill = (...details: Record<string, unknown>[]) => [spec.created({ customerCode: 'C1', targetCustomerCode: 'C2', warehouseAreaCode: 'A', details: details.length ? details : [line()] })];
  const target = (...rows: Parameters<typeof row>[0][]) => account('C2', 'M1', 0, ...rows.map(row));
  const confirm = { act: 'confirm' as const };

  it('takes only what the giving owner holds unallocated, never into a location reserved for a third owner, never to itself', () => {
    spec.given(bill(), facts([stock(), target()], places)).when(confirm).then({ doc: { state: 'Done' } });
    spec.given(bill(), facts([stock({ djQty: 8 }), target()], places)).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock' });
    const reserved = facts([account('C1', 'M1', 3, row({ warehousePlaceCode: 'A-09' })), target()], places);
    spec.given(bill(line({ warehousePlaceCode: 'A-09' })), reserved).when(confirm).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner', vars: { place: 'A-09', owner: 'C9' } });
    // the receiving owner's own reserved location is fine
    const own = facts([account('C1', 'M1', 3, row({ warehousePlaceCode: 'A-09' })), target()], [place('A-09', 'A', { customerCode: 'C2' })]);
    spec.given(bill(line({ warehousePlaceCode: 'A-09' })), own).when(confirm).then({ doc: { state: 'Done' } });
    spec.given([], facts([])).when({ create: { customerCode: 'C1', targetCustomerCode: 'C1', details: [line()] } }).thenRefused({ code: 400, key: 'warehouse.errors.sameOwner', vars: { customerCode: 'C1' } });
  });

  it('confirming takes the pieces out of one account and into the other in one go; the goods keep place, barcode, batch, inbound time, expiry and status', () => {
    const { effects } = spec.given(bill(), facts([stock({ status: 'QUALITY_INSPECTION' }), target()], places)).when(confirm).then({
      effects: [
        { stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 },
        { stream: 'StockAccount-t1-C2~M1', expectedVersion: 0 },
      ],
    });
    const [out, into] = effects.map(factOfEffect);
    expect(out!.type).toBe(STOCK_EVENT_TYPES.ownerChanged);
    expect(out!.data.lines).toEqual([expect.objectContaining({ movement: 'OWNER_OUT', customerCode: 'C1', qty: -4, beforeQty: 10, endQty: 6 })]);
    expect(into!.data.lines).toEqual([
      expect.objectContaining({
        movement: 'OWNER_IN', customerCode: 'C2', barcode: 'X1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 4, endQty: 4,
        inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', status: 'QUALITY_INSPECTION', warehouseAreaCode: 'A', qtyWeg: 5,
      }),
    ]);
    expect(into!.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '32', instockStatus: 0 });
  });
});
