import { addQty, expiryOf, packLevelFactor, palletsOf, pieceVolumeOf, subQty, toBaseUnit, tonnesOf, volumeOf } from './units';

// Unit and pack conversions (docs/DOMAIN.md "Warehouse"): one place, decimal arithmetic, each result at its kind's scale.
describe('warehouse units', () => {
  it('a line\'s volume = qty x m³ per piece at the volume scale; a carton\'s m³ from its centimetres (all three or none)', () => {
    expect(volumeOf(170, 0.0238)).toBe(4.046);
    expect(volumeOf(3, 0.00001)).toBe(0);
    expect(volumeOf(650, undefined)).toBe(0);
    expect(pieceVolumeOf(40, 27, 22)).toBe(0.02376);
    expect(pieceVolumeOf(40, 27, undefined)).toBe(0);
  });

  it('expiry = production date + shelf life in days (across months and leap days)', () => {
    expect(expiryOf('2026-11-20', 180)).toBe('2027-05-19');
    expect(expiryOf('2028-02-28', 1)).toBe('2028-02-29');
    expect(expiryOf('2026-12-31', 0)).toBe('2026-12-31');
  });

  it('weg in tonnes = qty x qtyWeg (kg per piece) / 1000, at the weight scale', () => {
    expect(tonnesOf(90, 25)).toBe(2.25);
    expect(tonnesOf(3, 0.3333)).toBe(0.001);
    expect(tonnesOf(7, undefined)).toBe(0);
    expect(tonnesOf(0.1, 0.2)).toBe(0);
  });

  it('pallets round up; the mantissa is what does not fill a pallet; no pallet size, no pallets', () => {
    expect(palletsOf(90, 40)).toEqual({ board: 3, mantissa: 10 });
    expect(palletsOf(80, 40)).toEqual({ board: 2, mantissa: 0 });
    expect(palletsOf(5, 0)).toEqual({ board: 0, mantissa: 0 });
    expect(palletsOf(5, null)).toEqual({ board: 0, mantissa: 0 });
  });

  it('converts to the base unit by the unit rate, or the material rate for a floating unit; refuses without a rate', () => {
    expect(toBaseUnit(3, { rate: 12 })).toBe(36);
    expect(toBaseUnit(2, { rate: 12, floatUnitFlag: 1 }, 9.5)).toBe(19);
    expect(toBaseUnit(0.3333, { rate: 3 })).toBe(1);
    expect(() => toBaseUnit(1, { rate: 0 })).toThrow('no conversion rate');
    expect(() => toBaseUnit(1, { floatUnitFlag: 1 })).toThrow('no conversion rate');
  });

  it('pack levels multiply the rates of the levels in between (up to five)', () => {
    const spec = { unit2Rate: 12, unit3Rate: 10, unit4Rate: 4, unit5Rate: 2 };
    expect([1, 2, 3, 4, 5].map((n) => packLevelFactor(spec, n))).toEqual([1, 12, 120, 480, 960]);
    expect(() => packLevelFactor({ unit2Rate: 12 }, 3)).toThrow('pack level 3 has no rate');
  });

  it('adds and subtracts quantities exactly (no binary floating point drift)', () => {
    expect(addQty(0.1, 0.2)).toBe(0.3);
    expect(subQty(1, 0.9)).toBe(0.1);
    expect(addQty(999_999_999.998, 0.001)).toBe(999_999_999.999);
  });
});
