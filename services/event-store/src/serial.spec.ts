import { serialArgs, serialTake, withSerial } from './serial';

describe('withSerial: the number a take got, put in for its placeholder', () => {
  it('replaces it in every string of a plain value, nested or repeated, and leaves the rest as it was', () => {
    const p = '#serial-x#';
    const state = Object.freeze({ billNo: p, n: 3, none: null, lines: [{ title: `${p} / ${p}` }, 4], bare: Object.assign(Object.create(null), { billNo: p }) });
    const at = new Date(0);
    expect(withSerial({ ...state, at }, p, 'TY2026112700001')).toEqual({
      billNo: 'TY2026112700001',
      n: 3,
      none: null,
      lines: [{ title: 'TY2026112700001 / TY2026112700001' }, 4],
      bare: { billNo: 'TY2026112700001' },
      at,
    });
    // the input is untouched (a frozen state does not throw)
    expect(state.billNo).toBe(p);
    expect(withSerial(undefined, p, 'x')).toBeUndefined();
  });
});

describe('serialTake', () => {
  it('numbers as nextSerial does: the day without dashes, five digits or as many as the maximum has', () => {
    const a = serialTake('t1', 'consignment', { prefix: 'TY', min: 1, max: 99_999 }, '2026-11-27');
    const b = serialTake('t1', 'consignment', { prefix: 'TY', min: 1, max: 1_000_000 }, '2026-11-27');
    expect(a.placeholder).toMatch(/^#serial-[0-9a-f-]{36}#$/);
    expect(b.placeholder).not.toBe(a.placeholder);
    expect(serialArgs(a)).toEqual(['t1', 'consignment', '20261127', 1, 99_999, 'TY', 5]);
    expect(serialArgs(b)[6]).toBe(7);
  });
});
