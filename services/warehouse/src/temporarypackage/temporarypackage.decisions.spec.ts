import { STOCK_EVENT_TYPES, packagetemporarybill, temporarypackagebill, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec, folded } from '@tpl/documents/test';
import { account, facts, place, row } from '../../test/stock-facts';
import { packDecisions, unpackDecisions, type TemporaryPackage, type UnpackFacts } from './temporarypackage.decisions';

// The temporary packages' own decisions, given/when/then: given a bill's facts and the stock it names, when it is packed or unpacked, then a refusal or the stock facts (and the package told).
const packs = packDecisions(undefined);
const spec = documentSpec(packagetemporarybill, packs, { id: 'p1', billNo: 'LB001' });
const unpacking = documentSpec(temporarypackagebill, unpackDecisions(undefined), { id: 'u1', billNo: 'CB001' });
const line = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4, ...o });
const bill = (o: Record<string, unknown> = {}, ...details: Record<string, unknown>[]) => spec.created({ billDate: '2026-11-24', customerCode: 'C1', warehouseAreaCode: 'A', warehousePlaceCode: 'A-02', ...o, details: details.length ? details : [line()] });
const stock = (...rows: Parameters<typeof row>[0][]) => account('C1', 'M1', 3, ...(rows.length ? rows : [{}]).map(row));
const places = [place('A-01', 'A'), place('A-02', 'A'), place('B-01', 'B'), place('Z-01', 'Z'), place('A-09', 'A', { customerCode: 'C9' })];
const factOfEffect = (e: unknown) => (e as { events: { type: string; data: StockFact }[] }).events[0]!;
const moves = (e: unknown) => factOfEffect(e).data.lines.map((l) => [l.movement, l.barcode, l.warehousePlaceCode, l.qty, l.endQty]);

const packageOf = (events: Parameters<typeof folded>[2]) => folded(packagetemporarybill, packs, events, { id: 'p1', billNo: 'LB001' });
const packed = (...details: Record<string, unknown>[]) => packageOf([bill({}, ...details), spec.acted('pack')]);
/** The unpacking bill as "Unpack" makes it from the package (the description's copy). */
const unpackContent = (pack: Record<string, unknown>, o: Record<string, unknown> = {}) => {
  const copied = temporarypackagebill.sources.packagetemporarybill.copy(pack);
  return { ...copied, details: copied.details as Record<string, unknown>[], billDate: '2026-11-25', ...o };
};
const with_ = (f: ReturnType<typeof facts>, pack?: TemporaryPackage): UnpackFacts => ({ ...f, pack });

describe('temporary package decisions', () => {
  it('packing moves each piece to the package location under the package barcode (the bill number), owner, batch, dates and status kept', () => {
    const { effects } = spec
      .given([bill({}, line(), line({ barcode: 'X2', warehousePlaceCode: 'A-02', qty: 5 }))], facts([stock({}, { barcode: 'X2', warehousePlaceCode: 'A-02', status: 'QUALITY_INSPECTION' })], places))
      .when({ act: 'pack' })
      .then({ doc: { state: 'Packed', packedAt: SPEC_NOW }, effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 }] });
    const fact = factOfEffect(effects[0]);
    expect(fact.type).toBe(STOCK_EVENT_TYPES.moved);
    expect(fact.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '36' });
    // a piece already at the package's location changes only its barcode
    expect(moves(effects[0])).toEqual([
      ['MOVE_OUT', 'X1', 'A-01', -4, 6],
      ['MOVE_IN', 'LB001', 'A-02', 4, 4],
      ['MOVE_OUT', 'X2', 'A-02', -5, 5],
      ['MOVE_IN', 'LB001', 'A-02', 5, 9],
    ]);
    expect(fact.data.lines[1]).toMatchObject({ batchNo: 'L1', inboundAt: '2026-11-01T08:00:00.000Z', expiringDate: '2027-01-01', source: { documentType: 'packagetemporarybill', billNo: 'LB001', lineNumber: 1 } });
  });

  it("packs only unallocated stock of the bill's area, at a live location of the same warehouse, free or the owner's (the transfer's walls)", () => {
    spec.given([bill()], facts([stock({ djQty: 7 })], places)).when({ act: 'pack' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { materialCode: 'M1', wanted: 4, available: 3 } });
    spec.given([bill({}, line({ barcode: 'NOPE' }))], facts([stock()], places)).when({ act: 'pack' }).thenRefused({ code: 409, key: 'warehouse.errors.stockRowNotFound' });
    spec.given([bill({ warehousePlaceCode: 'Z-01' })], facts([stock()], places)).when({ act: 'pack' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherWarehouse', vars: { place: 'Z-01' } });
    spec.given([bill({ warehousePlaceCode: 'A-09' })], facts([stock()], places)).when({ act: 'pack' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner', vars: { place: 'A-09', owner: 'C9' } });
  });

  it('a packed package cannot be removed; a draft can; only the unpacking bill (a system action) marks it unpacked', () => {
    spec.given([bill(), spec.acted('pack')], facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([bill()], facts([])).when({ remove: true }).then([{ type: 'TemporaryPackageRemoved', data: {} }]);
    spec.given([bill(), spec.acted('pack')], facts([])).when({ act: 'unpacked', fields: { unpackBillNo: 'CB001' } }).then({ doc: { state: 'Unpacked', unpackedAt: SPEC_NOW } });
    spec.given([bill()], facts([])).when({ act: 'unpacked', fields: { unpackBillNo: 'CB001' } }).thenRefused({ code: 409 });
  });
});

describe('unpacking decisions', () => {
  const pack = packed(line(), line({ barcode: 'X2', qty: 2 }));

  it('"Unpack" copies the package whole; the bill is saved only against a packed package, line for line as packed', () => {
    const content = unpackContent(pack);
    expect(content).toMatchObject({ customerCode: 'C1', warehouseAreaCode: 'A', packageBillNo: 'LB001', targetWarehousePlaceCode: 'A-02', details: [{ barcode: 'X1', qty: 4 }, { barcode: 'X2', qty: 2 }] });
    unpacking.given([], with_(facts([]), pack)).when({ create: content }).then({ doc: { details: [{ lineNumber: 1 }, { lineNumber: 2 }] } });
    unpacking.given([], with_(facts([]), packageOf([bill()]))).when({ create: content }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotPacked', keyVars: { state: 'packagetemporarybill.states.Draft' } });
    unpacking.given([], with_(facts([]))).when({ create: content }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotPacked', vars: { billNo: 'LB001', state: '-' } });
    unpacking.given([], with_(facts([]), pack)).when({ create: { ...content, details: [content.details[0]] } }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotWhole', vars: { billNo: 'LB001', line: 2 } });
    unpacking.given([], with_(facts([]), pack)).when({ create: { ...content, details: [content.details[0], { ...content.details[1], qty: 1 }] } }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotWhole', vars: { line: 2 } });
    unpacking.given([], with_(facts([]), pack)).when({ create: { ...content, customerCode: 'C2' } }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotWhole', vars: { line: 1 } });
  });

  it('unpacking moves the content from the package barcode back to each piece barcode at the chosen location, and tells the package, in one transaction', () => {
    const drafted = [unpacking.created(unpackContent(pack, { targetWarehousePlaceCode: 'B-01' }))];
    const { effects } = unpacking.given(drafted, with_(facts([stock({ qty: 6 }, { barcode: 'LB001', warehousePlaceCode: 'A-02', qty: 6 })], places), pack)).when({ act: 'unpack' }).then({
      doc: { state: 'Unpacked' },
      effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 }, { document: 'packagetemporarybill', id: 'p1', action: 'unpacked', fields: { unpackBillNo: 'CB001' } }],
    });
    expect(factOfEffect(effects[0]).data).toMatchObject({ streamType: '38' });
    expect(moves(effects[0])).toEqual([
      ['MOVE_OUT', 'LB001', 'A-02', -4, 2],
      ['MOVE_IN', 'X1', 'B-01', 4, 4],
      ['MOVE_OUT', 'LB001', 'A-02', -2, 0],
      ['MOVE_IN', 'X2', 'B-01', 2, 2],
    ]);
  });

  it('a package opened already, or whose content is allocated or gone, is not unpacked', () => {
    const drafted = [unpacking.created(unpackContent(pack))];
    const inPackage = (o: Parameters<typeof row>[0] = {}) => facts([stock({ barcode: 'LB001', warehousePlaceCode: 'A-02', qty: 6, ...o })], places);
    unpacking.given(drafted, with_(inPackage({ djQty: 1 }), pack)).when({ act: 'unpack' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { wanted: 6, available: 5 } });
    const opened = packageOf([bill({}, line(), line({ barcode: 'X2', qty: 2 })), spec.acted('pack'), spec.acted('unpacked', { unpackBillNo: 'CB000' })]);
    unpacking.given(drafted, with_(inPackage(), opened)).when({ act: 'unpack' }).thenRefused({ code: 409, key: 'warehouse.errors.packageNotPacked', keyVars: { state: 'packagetemporarybill.states.Unpacked' } });
    unpacking.given([...drafted, unpacking.acted('unpack')], with_(facts([]), pack)).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
  });
});
