import Decimal from 'decimal.js';
import { AppError } from '@tpl/contracts';
import { priceFreight, type FreightPrices } from './freight';

// given the route's prices, when a dispatch's notes are priced, then each amount is explained and adds up
const prices = (o: Partial<FreightPrices> = {}): FreightPrices => ({
  rate: { code: 'P-L01', basis: 'WEIGHT', unitPrice: 120 },
  goods: new Map(),
  ...o,
});
const note = (id: string, lines: { materialCode: string; qty: number; weg?: number; volume?: number; packages?: number }[]) => ({ id, billNo: `YD-${id}`, lines });

describe('freight of a dispatch', () => {
  it('prices by weight in tonnes at the route rate, rounded half up to cents', () => {
    const f = priceFreight('L01', [note('n1', [{ materialCode: 'M1', qty: 10, weg: 1234.567 }])], prices());
    // 1.234567 t x 120 = 148.14804 -> 148.15
    expect(f.lines).toEqual([expect.objectContaining({ source: 'basicpay', priceCode: 'P-L01', basis: 'WEIGHT', quantity: 1.234567, unit: 't', unitPrice: 120, amount: 148.15, formula: '1.234567 t × 120.0000 = 148.15' })]);
    expect(f.freight).toBe(148.15);
  });

  it('a goods-for-pay price of the material replaces the route rate, by volume', () => {
    const f = priceFreight('L01', [note('n1', [{ materialCode: 'M1', qty: 1, weg: 100, volume: 0.3333 }, { materialCode: 'M2', qty: 1, weg: 500 }])], prices({ goods: new Map([['M1', { code: 'G-M1', basis: 'VOLUME', unitPrice: 80 }]]) }));
    expect(f.lines.map((l) => [l.materialCode, l.source, l.priceCode, l.amount])).toEqual([
      ['M1', 'basicgoodsforpay', 'G-M1', 26.66],
      ['M2', 'basicpay', 'P-L01', 60],
    ]);
    expect(f.freight).toBe(86.66);
  });

  it('adds the package price per package', () => {
    const f = priceFreight('L01', [note('n1', [{ materialCode: 'M1', qty: 10, weg: 1000, packages: 7 }])], prices({ pack: { code: 'PK', unitPrice: 0.35 } }));
    expect(f.lines[1]).toMatchObject({ source: 'basicpackge', basis: 'PACKAGE', quantity: 7, unitPrice: 0.35, amount: 2.45, formula: '7 pkg × 0.3500 = 2.45' });
    expect(f.freight).toBe(122.45);
  });

  it('each note and the whole add up exactly from their rounded lines (no float drift)', () => {
    const notes = [note('a', [{ materialCode: 'M1', qty: 1, weg: 0.1 }, { materialCode: 'M2', qty: 1, weg: 0.2 }]), note('b', [{ materialCode: 'M1', qty: 1, weg: 333.333 }])];
    const f = priceFreight('L01', notes, prices({ rate: { code: 'R', basis: 'WEIGHT', unitPrice: 99.9999 } }));
    for (const n of f.notes) expect(n.freight).toBe(f.lines.filter((l) => l.noteId === n.noteId).reduce((s, l) => s.plus(l.amount), new Decimal(0)).toNumber());
    expect(f.freight).toBe(f.notes.reduce((s, n) => s.plus(n.freight), new Decimal(0)).toNumber());
    for (const l of f.lines) expect(l.amount).toBe(new Decimal(l.quantity).mul(l.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
  });

  it('refuses a material with no price on the route, naming route and material', () => {
    try {
      priceFreight('L09', [note('n1', [{ materialCode: 'M1', qty: 1, weg: 1 }])], prices({ rate: undefined }));
      throw new Error('expected a refusal');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).key).toBe('transport.errors.noRate');
      expect((e as AppError).vars).toEqual({ line: 'L09', materialCode: 'M1' });
    }
  });
});
