import { adjustpricebill, documentContentSchemaOf } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { adjustPriceDecisions } from './decisions';

// The adjust-price bill, given/when/then: increases add, decreases credit, the net may be negative.
const spec = documentSpec(adjustpricebill, adjustPriceDecisions);

describe('adjust-price bill decisions', () => {
  it('given increases and decreases, signs each line and nets them in the header', () => {
    spec.given([]).when({ create: { details: [{ adjustType: 'INCREASE', adjustAmount: 120.5 }, { adjustType: 'DECREASE', adjustAmount: 30 }] } }).then([
      { type: 'AdjustPriceBillCreated', data: { id: 'd1', billNo: 'B001', isReview: 0, content: {
        details: [
          { adjustType: 'INCREASE', adjustAmount: 120.5, amount: 120.5, lineNumber: 1 },
          { adjustType: 'DECREASE', adjustAmount: 30, amount: -30, lineNumber: 2 },
        ],
        amount: 90.5,
      } } },
    ]);
    spec.given([]).when({ create: { details: [{ adjustType: 'DECREASE', adjustAmount: 0.1 }, { adjustType: 'DECREASE', adjustAmount: 0.2 }] } }).then({ doc: { amount: -0.3 } });
  });

  it('the description takes a negative header amount back (a form resubmits it) and refuses a month after the bill', () => {
    const schema = documentContentSchemaOf(adjustpricebill);
    const base = adjustpricebill.example as Record<string, unknown>;
    expect(schema.safeParse({ ...base, amount: -90.5 }).success).toBe(true);
    expect(schema.safeParse({ ...base, sourceMonth: '2026-12' }).error?.issues).toEqual([expect.objectContaining({ path: ['sourceMonth'], message: 'billing.validation.monthAfterBill' })]);
    expect(schema.safeParse({ ...base, sourceMonth: '2026-13' }).error?.issues).toEqual([expect.objectContaining({ path: ['sourceMonth'], message: 'billing.validation.month' })]);
    expect(schema.safeParse({ ...base, details: [{ costtypeCode: 'X', adjustType: 'INCREASE', adjustAmount: -5 }] }).success).toBe(false);
  });

  it('is cancelled with isCancel 1', () => {
    spec.given([spec.created({ details: [] }), spec.acted('audit')]).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled', isCancel: 1 } });
  });
});
