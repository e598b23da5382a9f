import { checkSigning } from './signing';

const delivered = [{ materialCode: 'M1', qty: 10 }, { materialCode: 'M2', qty: 2 }];
const keyOf = (e: ReturnType<typeof checkSigning>) => e?.key;

describe('signing a delivery bill', () => {
  it('full signing: nothing given means everything signed; given lines must add up', () => {
    expect(checkSigning('sign', delivered, undefined, undefined)).toBeUndefined();
    expect(checkSigning('sign', delivered, [{ materialCode: 'M1', signedQty: 10 }, { materialCode: 'M2', signedQty: 2 }], undefined)).toBeUndefined();
    expect(keyOf(checkSigning('sign', delivered, [{ materialCode: 'M1', signedQty: 10 }], undefined))).toBe('transport.errors.signLineMissing');
    expect(checkSigning('sign', delivered, [{ materialCode: 'M1', signedQty: 9 }, { materialCode: 'M2', signedQty: 2 }], undefined)?.vars).toEqual({ materialCode: 'M1', signed: 9, refused: 0, qty: 10 });
    expect(keyOf(checkSigning('sign', delivered, [{ materialCode: 'M1', signedQty: 9, refusedQty: 1 }, { materialCode: 'M2', signedQty: 2 }], 'wet'))).toBe('transport.errors.signHasRefused');
    expect(keyOf(checkSigning('sign', delivered, [{ materialCode: 'M9', signedQty: 1 }], undefined))).toBe('transport.errors.signLineUnknown');
  });

  it('partial signing: some refused and some signed, with a reason', () => {
    const rows = [{ materialCode: 'M1', signedQty: 8, refusedQty: 2 }, { materialCode: 'M2', signedQty: 2 }];
    expect(checkSigning('signPartially', delivered, rows, 'two bags torn')).toBeUndefined();
    const noReason = checkSigning('signPartially', delivered, rows, ' ');
    expect([noReason?.code, noReason?.key]).toEqual([400, 'transport.errors.signReasonRequired']);
    expect(keyOf(checkSigning('signPartially', delivered, undefined, 'x'))).toBe('transport.errors.partialNothingRefused');
    expect(keyOf(checkSigning('signPartially', delivered, [{ materialCode: 'M1', refusedQty: 10 }, { materialCode: 'M2', refusedQty: 2 }], 'x'))).toBe('transport.errors.partialAllRefused');
  });

  it('refusal: everything refused, with a reason', () => {
    expect(checkSigning('refuse', delivered, undefined, 'store closed')).toBeUndefined();
    expect(keyOf(checkSigning('refuse', delivered, undefined, undefined))).toBe('transport.errors.signReasonRequired');
    expect(keyOf(checkSigning('refuse', delivered, [{ materialCode: 'M1', signedQty: 1, refusedQty: 9 }, { materialCode: 'M2', refusedQty: 2 }], 'x'))).toBe('transport.errors.refuseHasSigned');
  });
});
