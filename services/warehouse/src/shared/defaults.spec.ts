import { lineWithDefaults, packCodesOf, withGoodsDefaults } from './defaults';

// Defaults from master data, given/when/then: given a material and its pack specification, when a line leaves figures out, then they are the material's.
const m0007 = { code: 'M0007', unitCode: 'CTN', gross: 6, packspecCode: 'PS-CTN24', batchFlag: 0, normalDate: 720 };
const cold = { code: 'M0049', unitCode: 'CTN', gross: 10, unitVolume: 0.03, batchFlag: 1, normalDate: 180 };
const packs = new Map([['PS-CTN24', { qtyWeg: 13.5, boardQty: 40, volumeLength: 40, volumeWidth: 27, volumeHeight: 22 }], ['PS-BAG10', { qtyWeg: 10, boardQty: 100 }]]);
const packOf = (code: string) => packs.get(code);

describe('goods lines take what they leave out from their material', () => {
  it('170 cartons of M0007 keyed with nothing else: unit CTN, 6 kg a piece (gross before the pack), 40 a pallet and the cartons\' m³', () => {
    expect(lineWithDefaults({ materialCode: 'M0007', qty: 170 }, m0007, packOf, { expiring: true })).toEqual({
      materialCode: 'M0007', qty: 170, unitCode: 'CTN', packspecCode: 'PS-CTN24', qtyWeg: 6, boardQty: 40, volume: 4.0392,
      volumeLength: 40, volumeWidth: 27, volumeHeight: 22,
    });
  });

  it('the carton\'s dimensions (cm) come from the pack specification; those the keeper measured are kept', () => {
    expect(lineWithDefaults({ materialCode: 'M0007', qty: 1, volumeLength: 41.5, volumeWidth: 0 }, m0007, packOf, { expiring: false })).toMatchObject({ volumeLength: 41.5, volumeWidth: 27, volumeHeight: 22 });
    // a pack specification without a carton fills none
    expect(lineWithDefaults({ materialCode: 'M0007', qty: 1, packspecCode: 'PS-BAG10' }, m0007, packOf, { expiring: false }).volumeLength).toBeUndefined();
  });

  it('what the line gives is kept (a weighed piece, another pack); 0 counts as not given', () => {
    expect(lineWithDefaults({ materialCode: 'M0007', qty: 10, unitCode: 'PCS', qtyWeg: 5.5, boardQty: 0, volume: 0, packspecCode: 'PS-BAG10' }, m0007, packOf, { expiring: false })).toEqual({
      materialCode: 'M0007', qty: 10, unitCode: 'PCS', qtyWeg: 5.5, boardQty: 100, volume: 0, packspecCode: 'PS-BAG10',
    });
    // the material's own m³ per piece before the pack's carton
    expect(lineWithDefaults({ materialCode: 'M0049', qty: 20, qtyWeg: 0 }, cold, packOf, { expiring: false })).toMatchObject({ qtyWeg: 10, volume: 0.6 });
  });

  it('a material without the figure leaves the line as it is (the bill names the line then); an unknown material changes nothing', () => {
    expect(lineWithDefaults({ materialCode: 'MX', qty: 3 }, { code: 'MX', unitCode: 'PCS' }, packOf, { expiring: true })).toEqual({ materialCode: 'MX', qty: 3, unitCode: 'PCS' });
    expect(lineWithDefaults({ materialCode: 'M9', qty: 3 }, undefined, packOf, { expiring: true })).toEqual({ materialCode: 'M9', qty: 3 });
  });

  it('expiry = production date + shelf life, for a batch-managed material on a line that carries an expiry; a given expiry is kept', () => {
    expect(lineWithDefaults({ materialCode: 'M0049', qty: 1, productionDate: '2026-11-20' }, cold, packOf, { expiring: true })).toMatchObject({ expiringDate: '2027-05-19' });
    expect(lineWithDefaults({ materialCode: 'M0049', qty: 1, productionDate: '2026-11-20', expiringDate: '2027-01-01' }, cold, packOf, { expiring: true })).toMatchObject({ expiringDate: '2027-01-01' });
    expect(lineWithDefaults({ materialCode: 'M0049', qty: 1, productionDate: '2026-11-20' }, cold, packOf, { expiring: false }).expiringDate).toBeUndefined();
    expect(lineWithDefaults({ materialCode: 'M0007', qty: 1, productionDate: '2026-11-20' }, m0007, packOf, { expiring: true }).expiringDate).toBeUndefined();
  });

  it('completes every line of a content and names the pack specifications it needs', () => {
    const materials = new Map([['M0007', m0007], ['M0049', cold]]);
    const content = { customerCode: 'C001', details: [{ materialCode: 'M0007', qty: 2 }, { materialCode: 'M0049', qty: 1, packspecCode: 'PS-BAG10' }] };
    expect(packCodesOf(content, materials)).toEqual(['PS-CTN24', 'PS-BAG10']);
    expect(withGoodsDefaults(content, materials, packs, { expiring: false }).details).toEqual([
      { materialCode: 'M0007', qty: 2, unitCode: 'CTN', packspecCode: 'PS-CTN24', qtyWeg: 6, boardQty: 40, volume: 0.0475, volumeLength: 40, volumeWidth: 27, volumeHeight: 22 },
      { materialCode: 'M0049', qty: 1, unitCode: 'CTN', packspecCode: 'PS-BAG10', qtyWeg: 10, boardQty: 100, volume: 0.03 },
    ]);
  });
});
