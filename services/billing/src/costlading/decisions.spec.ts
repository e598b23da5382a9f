import { costlading, documentContentSchemaOf } from '@tpl/contracts';
import { costLadingDecisions as d } from './decisions';

// The cost lading, given/when/then: a worker's piece-work, costQty x price.
describe('cost lading decisions', () => {
  it('given a quantity and a price, the amount is costQty x price to the cent', () => {
    expect(d.compute!({ costQty: 12.5, price: 8 }, undefined)).toMatchObject({ amount: 100 });
    expect(d.compute!({ costQty: 0.125, price: 0.5 }, undefined)).toMatchObject({ amount: 0.06 });
  });
  it('names exactly one worker, of the kind chosen, and work done by the bill date', () => {
    const schema = documentContentSchemaOf(costlading);
    const base = costlading.example as Record<string, unknown>;
    expect(schema.safeParse(base).success).toBe(true);
    const issues = (o: Record<string, unknown>) => schema.safeParse({ ...base, ...o }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ porterCode: undefined })).toEqual([['porterCode', 'validation.required']]);
    expect(issues({ employeeCode: 'E001' })).toEqual([['employeeCode', 'billing.validation.oneWorker']]);
    expect(issues({ workerType: 'EMPLOYEE', employeeCode: 'E001' })).toEqual([['porterCode', 'billing.validation.oneWorker']]);
    expect(issues({ workDate: '2026-11-25' })).toEqual([['workDate', 'billing.validation.workAfterBill']]);
  });
});
