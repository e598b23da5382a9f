import { adjustpricebill, documentContentSchemaOf } from '@tpl/contracts';
import { doc, event } from '../otherbill/given';
import { adjustPriceDecisions as d } from './decisions';

// The adjust-price bill, given/when/then: increases add, decreases credit, the net may be negative.
describe('adjust-price bill decisions', () => {
  it('given increases and decreases, signs each line and nets them in the header', () => {
    const out = d.compute!({ details: [{ adjustType: 'INCREASE', adjustAmount: 120.5 }, { adjustType: 'DECREASE', adjustAmount: 30 }] }, undefined);
    expect(out.details).toEqual([
      { adjustType: 'INCREASE', adjustAmount: 120.5, amount: 120.5, lineNumber: 1 },
      { adjustType: 'DECREASE', adjustAmount: 30, amount: -30, lineNumber: 2 },
    ]);
    expect(out.amount).toBe(90.5);
    expect(d.compute!({ details: [{ adjustType: 'DECREASE', adjustAmount: 0.1 }, { adjustType: 'DECREASE', adjustAmount: 0.2 }] }, undefined).amount).toBe(-0.3);
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
    expect(d.evolve!(d.evolve!(doc(), event('AdjustPriceBillCreated')), event('AdjustPriceBillCancelled'))).toMatchObject({ isCancel: 1 });
  });
});
