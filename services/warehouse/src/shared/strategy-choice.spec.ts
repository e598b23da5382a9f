import { chooseStrategy, customStrategyOf, type CustomerStrategy } from './strategy-choice';

// Given an owner's customer strategies, when a line of its material is put away or picked in an area, then the strategy that governs it.
const cs = (code: string, o: Partial<CustomerStrategy> = {}): CustomerStrategy => ({ code, customerCode: 'C1', ...o });
const at = { customerCode: 'C1', materialCode: 'M1', areas: ['Z1', 'WH1'], materialStrategyCode: 'MAT-PUT' };

describe('customer strategy choice', () => {
  it('with no customer strategy the material’s own governs, and batches and materials may share a location', () => {
    expect(chooseStrategy('upshelf', [], at)).toEqual({ strategyCode: 'MAT-PUT', from: 'material', mixBatch: true, mixMaterial: true });
    expect(chooseStrategy('upshelf', [], { ...at, materialStrategyCode: undefined })).toEqual({ strategyCode: undefined, from: 'none', mixBatch: true, mixMaterial: true });
  });

  it('the owner’s record governs before the material’s, with its own mixing rules', () => {
    const got = chooseStrategy('upshelf', [cs('OWN', { upshelfStrategyCode: 'OWN-PUT', mixBatchFlag: true })], at);
    expect(got).toEqual({ strategyCode: 'OWN-PUT', from: { customStrategy: 'OWN' }, mixBatch: true, mixMaterial: false });
  });

  it('the most particular record wins: material and area, then material, then area, then the owner’s alone, whatever their priority', () => {
    const records = [
      cs('OWN', { upshelfStrategyCode: 'P-OWN', priority: 1 }),
      cs('AREA', { upshelfStrategyCode: 'P-AREA', warehouseAreaCode: 'WH1', priority: 1 }),
      cs('MAT', { upshelfStrategyCode: 'P-MAT', materialCode: 'M1', priority: 9 }),
      cs('BOTH', { upshelfStrategyCode: 'P-BOTH', materialCode: 'M1', warehouseAreaCode: 'Z1', priority: 9 }),
    ];
    expect(chooseStrategy('upshelf', records, at).strategyCode).toBe('P-BOTH');
    expect(chooseStrategy('upshelf', records.slice(0, 3), at).strategyCode).toBe('P-MAT');
    expect(chooseStrategy('upshelf', records.slice(0, 2), at).strategyCode).toBe('P-AREA');
    expect(chooseStrategy('upshelf', records.slice(0, 1), at).strategyCode).toBe('P-OWN');
  });

  it('among equally particular records the smaller priority wins (none last), then the code', () => {
    const records = [cs('B', { upshelfStrategyCode: 'P-B' }), cs('C', { upshelfStrategyCode: 'P-C', priority: 5 }), cs('A', { upshelfStrategyCode: 'P-A', priority: 2 })];
    expect(chooseStrategy('upshelf', records, at).strategyCode).toBe('P-A');
    expect(chooseStrategy('upshelf', [cs('B', { upshelfStrategyCode: 'P-B' }), cs('A', { upshelfStrategyCode: 'P-A' })], at).strategyCode).toBe('P-A');
  });

  it('ignores another owner’s, another material’s, another area’s and invalid records', () => {
    const records = [
      cs('OTHER-OWNER', { customerCode: 'C2', upshelfStrategyCode: 'X' }),
      cs('OTHER-MAT', { materialCode: 'M2', upshelfStrategyCode: 'X' }),
      cs('OTHER-AREA', { warehouseAreaCode: 'Z9', upshelfStrategyCode: 'X' }),
      cs('OFF', { upshelfStrategyCode: 'X', invalid: true }),
    ];
    expect(chooseStrategy('upshelf', records, at)).toEqual({ strategyCode: 'MAT-PUT', from: 'material', mixBatch: true, mixMaterial: true });
  });

  it('a record naming no strategy of the kind gives way to the next that does, else the material’s; its mixing rules still hold', () => {
    const records = [cs('MAT', { materialCode: 'M1', downshelfStrategyCode: 'PICK-FEFO' }), cs('OWN', { upshelfStrategyCode: 'OWN-PUT', mixMaterialFlag: true, mixBatchFlag: true })];
    expect(chooseStrategy('upshelf', records, at)).toEqual({ strategyCode: 'OWN-PUT', from: { customStrategy: 'OWN' }, mixBatch: false, mixMaterial: false });
    expect(chooseStrategy('downshelf', records, { ...at, materialStrategyCode: 'PICK-NEAR' }).strategyCode).toBe('PICK-FEFO');
    expect(chooseStrategy('upshelf', records.slice(0, 1), at).strategyCode).toBe('MAT-PUT');
  });

  it('reads a record as master data answers it (flags 0/1, priority a number, empty fields none)', () => {
    expect(customStrategyOf({ code: 'S', data: { customerCode: 'C1', warehouseAreaCode: '', materialCode: 'M1', mixBatchFlag: 1, mixMaterialFlag: 0, priority: 3, invalid: 0 } })).toEqual({
      code: 'S', customerCode: 'C1', warehouseAreaCode: undefined, materialCode: 'M1', upshelfStrategyCode: undefined, downshelfStrategyCode: undefined,
      mixBatchFlag: true, mixMaterialFlag: false, priority: 3, invalid: false,
    });
  });
});
