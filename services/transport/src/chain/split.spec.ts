import Decimal from 'decimal.js';
import { AppError } from '@tpl/contracts';
import { splitOrder, type OrderLine } from './split';

const lines: OrderLine[] = [
  { materialCode: 'M1', name: 'Rice', qty: 10, weg: 100, volume: 0.2, packages: 10 },
  { materialCode: 'M2', name: 'Oil', qty: 3, weg: 15, volume: 0.0241, packages: 3 },
];
const sum = (notes: OrderLine[][], m: string, k: keyof OrderLine) => notes.flat().filter((l) => l.materialCode === m).reduce((a, l) => a.plus(Number(l[k] ?? 0)), new Decimal(0)).toNumber();
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a refusal');
};

describe('an order accepted into notes', () => {
  it('without splits: one note with every line', () => expect(splitOrder(lines)).toEqual([lines]));

  it('splits a line across notes; what no split takes stays on note 1; the notes add up to the order exactly', () => {
    const notes = splitOrder(lines, [{ noteNo: 2, materialCode: 'M1', qty: 3 }, { noteNo: 3, materialCode: 'M2', qty: 1 }, { noteNo: 3, materialCode: 'M1', qty: 3 }]);
    expect(notes).toHaveLength(3);
    expect(notes[1]).toEqual([{ materialCode: 'M1', name: 'Rice', qty: 3, weg: 30, volume: 0.06, packages: 3 }]);
    expect(notes[0]!.find((l) => l.materialCode === 'M1')).toMatchObject({ qty: 4, weg: 40 });
    for (const m of ['M1', 'M2']) for (const k of ['qty', 'weg', 'volume', 'packages'] as const) expect(sum(notes, m, k)).toBe(Number(lines.find((l) => l.materialCode === m)![k]));
  });

  it('a line moved whole leaves note 1 without it; a note with nothing is not made', () => {
    const notes = splitOrder([lines[0]!], [{ noteNo: 2, materialCode: 'M1', qty: 10 }]);
    expect(notes).toEqual([[lines[0]]]);
  });

  it('refuses splits beyond the line, naming the material and both quantities', () => {
    const e = refusal(() => splitOrder(lines, [{ noteNo: 2, materialCode: 'M2', qty: 2 }, { noteNo: 3, materialCode: 'M2', qty: 1.5 }]));
    expect([e.code, e.key, e.vars]).toEqual([409, 'transport.errors.splitExceeds', { materialCode: 'M2', wanted: 3.5, qty: 3 }]);
  });

  it('refuses a material not on the order, and a gap in the note numbers', () => {
    expect(refusal(() => splitOrder(lines, [{ noteNo: 2, materialCode: 'M9', qty: 1 }])).key).toBe('transport.errors.splitUnknownMaterial');
    expect(refusal(() => splitOrder(lines, [{ noteNo: 3, materialCode: 'M1', qty: 1 }])).vars).toEqual({ noteNo: 2 });
  });
});
