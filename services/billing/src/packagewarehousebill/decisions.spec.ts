import { documentContentSchemaOf, packagewarehousebill } from '@tpl/contracts';
import { packageWarehouseDecisions as d } from './decisions';

// The package warehouse bill, given/when/then: lump sums per area, summed.
describe('package warehouse bill decisions', () => {
  it('given areas at their lump sums, the amount is the sum of the lines', () => {
    const out = d.compute!({ details: [{ warehouseAreaCode: 'A', qty: 1, price: 36000 }, { warehouseAreaCode: 'B', qty: 2.5, price: 1000.3333 }] }, undefined);
    expect((out.details as Record<string, unknown>[]).map((l) => [l.lineNumber, l.amount])).toEqual([[1, 36000], [2, 2500.83]]);
    expect(out.amount).toBe(38500.83);
  });
  it('refuses a period that ends before it starts', () => {
    const base = packagewarehousebill.example as Record<string, unknown>;
    expect(documentContentSchemaOf(packagewarehousebill).safeParse({ ...base, periodEnd: '2026-10-31' }).error?.issues).toEqual([expect.objectContaining({ path: ['periodEnd'], message: 'validation.endBeforeStart' })]);
  });
});
