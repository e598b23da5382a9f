import { documentContentSchemaOf, packagewarehousebill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { packageWarehouseDecisions } from './decisions';

// The package warehouse bill, given/when/then: lump sums per area, summed.
const spec = documentSpec(packagewarehousebill, packageWarehouseDecisions);

describe('package warehouse bill decisions', () => {
  it('given areas at their lump sums, the amount is the sum of the lines', () => {
    spec.given([]).when({ create: { details: [{ warehouseAreaCode: 'A', qty: 1, price: 36000 }, { warehouseAreaCode: 'B', qty: 2.5, price: 1000.3333 }] } }).then({
      doc: { details: [{ lineNumber: 1, amount: 36000 }, { lineNumber: 2, amount: 2500.83 }], amount: 38500.83 },
    });
  });
  it('refuses a period that ends before it starts', () => {
    const base = packagewarehousebill.example as Record<string, unknown>;
    expect(documentContentSchemaOf(packagewarehousebill).safeParse({ ...base, periodEnd: '2026-10-31' }).error?.issues).toEqual([expect.objectContaining({ path: ['periodEnd'], message: 'validation.endBeforeStart' })]);
  });
});
