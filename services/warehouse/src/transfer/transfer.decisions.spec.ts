import { STOCK_EVENT_TYPES, type StockFact } from '@tpl/contracts';
import { account, act, doc, facts, key, meta, place, remove, row } from '../inside/given';
import { checkOwnerTransfer, checkTransfer, ownerTransferDecisions, ownerTransferEffects, transferDecisions, transferEffects } from './transfer.decisions';

// The transfers' own decisions, given/when/then: given a bill and the stock it names, when it is confirmed, then a refusal or the stock facts.
const line = (o: Record<string, unknown> = {}) => ({ lineNumber: 1, barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4, targetWarehousePlaceCode: 'A-02', ...o });
const transfer = (...details: Record<string, unknown>[]) => doc({ billNo: 'YK001', state: 'Audited', details: details.length ? details : [line()] });
const stock = (...rows: Parameters<typeof row>[0][]) => account('C1', 'M1', 3, ...(rows.length ? rows : [{}]).map(row));
const places = [place('A-01', 'A'), place('A-02', 'A'), place('B-01', 'B'), place('Z-01', 'Z'), place('A-09', 'A', { customerCode: 'C9' }), place('A-08', 'A', { invalid: true })];
const factOfEffect = (e: unknown) => (e as { events: { type: string; data: StockFact }[] }).events[0]!;

describe('warehouse transfer decisions', () => {
  it('moves only what the row holds unallocated in the bill\'s area; lines on one row add up', () => {
    expect(checkTransfer(transfer(), facts([stock()], places))).toBeUndefined();
    expect(checkTransfer(transfer(), facts([stock({ djQty: 7 })], places))).toMatchObject({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 4, available: 3 } });
    expect(checkTransfer(transfer(line(), line({ lineNumber: 2, qty: 7, targetWarehousePlaceCode: 'B-01' })), facts([stock()], places))).toMatchObject({ vars: { wanted: 11, available: 10 } });
    expect(key(checkTransfer(transfer(line({ barcode: 'NOPE' })), facts([stock()], places)))).toBe('warehouse.errors.stockRowNotFound');
    expect(checkTransfer(transfer(), facts([stock({ warehouseAreaCode: 'B' })], places))).toMatchObject({ key: 'warehouse.errors.placeOtherArea', vars: { place: 'A-01', area: 'A' } });
  });

  it('moves to a live location of the same warehouse, free or the owner\'s, never where the goods already are', () => {
    const given = facts([stock()], places);
    expect(checkTransfer(transfer(line({ targetWarehousePlaceCode: 'B-01' })), given)).toBeUndefined();
    expect(checkTransfer(transfer(line({ targetWarehousePlaceCode: 'Z-01' })), given)).toMatchObject({ key: 'warehouse.errors.placeOtherWarehouse', vars: { place: 'Z-01', area: 'A' } });
    expect(checkTransfer(transfer(line({ targetWarehousePlaceCode: 'A-09' })), given)).toMatchObject({ key: 'warehouse.errors.placeOtherOwner', vars: { place: 'A-09', owner: 'C9' } });
    expect(key(checkTransfer(transfer(line({ targetWarehousePlaceCode: 'A-08' })), given))).toBe('warehouse.errors.placeInvalid');
    expect(checkTransfer(transfer(line({ targetWarehousePlaceCode: 'A-01' })), given)).toMatchObject({ code: 400, key: 'warehouse.errors.samePlace' });
    // said already when the bill is saved
    const d = transferDecisions(undefined);
    const create = { type: 'Create' as const, data: { id: 'd1', billNo: 'YK001', isReview: 0 as const, content: { details: [line({ targetWarehousePlaceCode: 'A-01' })] } } };
    expect(key(d.check!(create, undefined, facts([]), meta))).toBe('warehouse.errors.samePlace');
  });

  it('confirming moves the stock line by line at the confirmation time, with the version it read; the row takes the target\'s area', () => {
    const effects = transferEffects(transfer(line(), line({ lineNumber: 2, qty: 6, targetWarehousePlaceCode: 'B-01' })), facts([stock()], places), meta);
    expect(effects).toHaveLength(1);
    expect(effects[0]).toMatchObject({ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 });
    const fact = factOfEffect(effects[0]);
    expect(fact.type).toBe(STOCK_EVENT_TYPES.moved);
    expect(fact.data).toMatchObject({ effectiveAt: meta.now, streamType: '31', instockStatus: 0, outstockStatus: 0 });
    expect(fact.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.source.lineNumber])).toEqual([
      ['MOVE_OUT', 'A-01', -4, 6, 1],
      ['MOVE_IN', 'A-02', 4, 4, 1],
      ['MOVE_OUT', 'A-01', -6, 0, 2],
      ['MOVE_IN', 'B-01', 6, 6, 2],
    ]);
    expect(fact.data.lines[3]).toMatchObject({ warehouseAreaCode: 'B', inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', status: 'AVAILABLE', source: { documentType: 'warehousetransferbill', billNo: 'YK001' } });
  });

  it('a moved transfer cannot be removed (the spec\'s message); a draft can', () => {
    const d = transferDecisions(undefined);
    expect(key(d.check!(remove, transfer(), facts([]), meta))).toBeUndefined();
    expect(key(d.check!(remove, { ...transfer(), state: 'Done' }, facts([]), meta))).toBe('warehouse.errors.storedNoDelete');
    expect(d.effects!(act('cancel'), transfer(), facts([]), meta)).toEqual([]);
    expect(d.compute!({ details: [line({ lineNumber: 9 }), line({ lineNumber: 4 })] }, facts([]))).toMatchObject({ details: [{ lineNumber: 1 }, { lineNumber: 2 }] });
  });
});

describe('owner transfer decisions', () => {
  const bill = (...details: Record<string, unknown>[]) => doc({ billNo: 'HZ001', state: 'Audited', targetCustomerCode: 'C2', details: details.length ? details : [line()] });
  const target = (...rows: Parameters<typeof row>[0][]) => account('C2', 'M1', 0, ...rows.map(row));

  it('takes only what the giving owner holds unallocated, never into a location reserved for a third owner, never to itself', () => {
    expect(checkOwnerTransfer(bill(), facts([stock(), target()], places))).toBeUndefined();
    expect(key(checkOwnerTransfer(bill(), facts([stock({ djQty: 8 }), target()], places)))).toBe('warehouse.errors.insufficientStock');
    const reserved = facts([account('C1', 'M1', 3, row({ warehousePlaceCode: 'A-09' })), target()], places);
    expect(checkOwnerTransfer(bill(line({ warehousePlaceCode: 'A-09' })), reserved)).toMatchObject({ key: 'warehouse.errors.placeOtherOwner', vars: { place: 'A-09', owner: 'C9' } });
    // the receiving owner's own reserved location is fine
    const own = facts([account('C1', 'M1', 3, row({ warehousePlaceCode: 'A-09' })), target()], [place('A-09', 'A', { customerCode: 'C2' })]);
    expect(checkOwnerTransfer(bill(line({ warehousePlaceCode: 'A-09' })), own)).toBeUndefined();
    const d = ownerTransferDecisions(undefined);
    const create = { type: 'Create' as const, data: { id: 'd1', billNo: 'HZ001', isReview: 0 as const, content: { customerCode: 'C1', targetCustomerCode: 'C1', details: [line()] } } };
    expect(d.check!(create, undefined, facts([]), meta)).toMatchObject({ code: 400, key: 'warehouse.errors.sameOwner', vars: { customerCode: 'C1' } });
  });

  it('confirming takes the pieces out of one account and into the other in one go; the goods keep place, barcode, batch, inbound time, expiry and status', () => {
    const effects = ownerTransferEffects(bill(), facts([stock({ status: 'QUALITY_INSPECTION' }), target()], places), meta);
    expect(effects.map((e) => [(e as { stream: string }).stream, (e as { expectedVersion: number }).expectedVersion])).toEqual([
      ['StockAccount-t1-C1~M1', 3],
      ['StockAccount-t1-C2~M1', 0],
    ]);
    const [out, into] = effects.map(factOfEffect);
    expect(out!.type).toBe(STOCK_EVENT_TYPES.ownerChanged);
    expect(out!.data.lines).toEqual([expect.objectContaining({ movement: 'OWNER_OUT', customerCode: 'C1', qty: -4, beforeQty: 10, endQty: 6 })]);
    expect(into!.data.lines).toEqual([
      expect.objectContaining({
        movement: 'OWNER_IN', customerCode: 'C2', barcode: 'X1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 4, endQty: 4,
        inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', status: 'QUALITY_INSPECTION', warehouseAreaCode: 'A', qtyWeg: 5,
      }),
    ]);
    expect(into!.data).toMatchObject({ effectiveAt: meta.now, streamType: '32', instockStatus: 0 });
  });
});
