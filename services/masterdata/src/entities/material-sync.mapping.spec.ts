import { jsonRows, materialsOfJson, mergedMaterial, sameOwner, takeRows } from './material-sync.mapping';

describe('material sync mapping', () => {
  const choice = { syncDate: '2026-11-01', factoryCode: 'F01' };

  it('given a JSON array, an object holding materials, or one material, then rows numbered from 1 with empty values left out', () => {
    expect(jsonRows('[{"code":"M1","name":" Box ","spec":""},{"code":"M2","price":null}]')).toEqual([
      { rowNumber: 1, values: { code: 'M1', name: 'Box' } },
      { rowNumber: 2, values: { code: 'M2' } },
    ]);
    expect(materialsOfJson({ materials: [{ code: 'M1' }] })).toEqual([{ rowNumber: 1, values: { code: 'M1' } }]);
    expect(materialsOfJson({ code: 'M9' })).toEqual([{ rowNumber: 1, values: { code: 'M9' } }]);
    // not materials
    expect(jsonRows('not json')).toBeNull();
    expect(jsonRows('[]')).toBeNull();
    expect(jsonRows('[1, 2]')).toBeNull();
  });

  it('when taken with a factory and a sync date, then rows of another factory or dated before it are left out', () => {
    const { taken, skipped } = takeRows(
      [
        { rowNumber: 1, values: { code: 'A', factoryCode: 'F01', syncDate: '2026-11-05' } },
        { rowNumber: 2, values: { code: 'B', factoryCode: 'F02' } },
        { rowNumber: 3, values: { code: 'C', syncDate: '2026-10-31' } },
        { rowNumber: 4, values: { code: 'D' } },
        { rowNumber: 5, values: { code: 'E', syncDate: '2026-11-01T08:00:00Z' } },
      ],
      choice,
    );
    expect(skipped).toBe(2);
    // each taken row records the dialog's factory and sync date
    expect(taken).toEqual([
      { rowNumber: 1, values: { code: 'A', factoryCode: 'F01', syncDate: '2026-11-01' } },
      { rowNumber: 4, values: { code: 'D', factoryCode: 'F01', syncDate: '2026-11-01' } },
      { rowNumber: 5, values: { code: 'E', factoryCode: 'F01', syncDate: '2026-11-01' } },
    ]);
  });

  it('a row whose date cannot be read is taken with it, for validation to name the field', () => {
    const { taken } = takeRows([{ rowNumber: 7, values: { code: 'X', syncDate: '31/12/2026' } }], choice);
    expect(taken[0]!.values).toEqual({ code: 'X', factoryCode: 'F01', syncDate: '31/12/2026' });
  });

  it('a code updates the same owner\'s material only; an update keeps what the row does not send', () => {
    expect(sameOwner({ code: 'M1', custCode: 'C001' }, { code: 'M1', custCode: 'C001' })).toBe(true);
    expect(sameOwner({ code: 'PK1' }, { code: 'PK1' })).toBe(true);
    expect(sameOwner({ code: 'M1', custCode: 'C001' }, { code: 'M1', custCode: 'C002' })).toBe(false);
    expect(sameOwner({ code: 'M1', custCode: 'C001' }, { code: 'M1' })).toBe(false);
    expect(mergedMaterial({ code: 'M1', name: 'Old', brand: 'B', price: 3 }, { code: 'M1', name: 'New', price: 4 })).toEqual({ code: 'M1', name: 'New', brand: 'B', price: 4 });
  });
});
