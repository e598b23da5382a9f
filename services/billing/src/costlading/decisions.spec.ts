import { costlading, documentContentSchemaOf } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { costLadingDecisions } from './decisions';

// The cost lading, given/when/then: a worker's piece-work, costQty x price.
const spec = documentSpec(costlading, costLadingDecisions);

describe('cost lading decisions', () => {
  it('given a quantity and a price, the amount is costQty x price to the cent', () => {
    spec.given([]).when({ create: { costQty: 12.5, price: 8 } }).then({ doc: { amount: 100 } });
    spec.given([]).when({ create: { costQty: 0.125, price: 0.5 } }).then({ doc: { amount: 0.06 } });
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
