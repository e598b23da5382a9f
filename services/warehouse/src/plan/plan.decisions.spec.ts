import { documentContentSchemaOf, planbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { planDecisions } from './plan.decisions';

// The plan bill, given/when/then: it moves no stock; its lines are numbered; its period runs forwards; one line per material.
const spec = documentSpec(planbill, planDecisions, { id: 'p1', billNo: 'JH001' });

describe('plan bill decisions', () => {
  it('numbers the lines and causes nothing beyond itself', () => {
    spec.given([]).when({ create: { details: [{ materialCode: 'M1', qty: 5, lineNumber: 7 }, { materialCode: 'M2', qty: 1 }] } }).then({
      events: [{ type: 'PlanBillCreated', data: { id: 'p1', billNo: 'JH001', isReview: 0, content: { details: [{ materialCode: 'M1', qty: 5, lineNumber: 1 }, { materialCode: 'M2', qty: 1, lineNumber: 2 }] } } }],
      effects: [],
    });
    spec.given([spec.created({ details: [{ materialCode: 'M1', qty: 5 }] })]).when({ act: 'confirm' }).then({ doc: { state: 'Confirmed' }, effects: [] });
    expect(planDecisions.load).toBeUndefined();
  });

  it('refuses a period that ends before it starts, and a material planned twice', () => {
    const schema = documentContentSchemaOf(planbill);
    const base = planbill.example as Record<string, unknown>;
    expect(schema.safeParse(base).success).toBe(true);
    expect(schema.safeParse({ ...base, periodEnd: '2026-11-30' }).error?.issues).toEqual([expect.objectContaining({ path: ['periodEnd'], message: 'validation.dateRange' })]);
    const line = (base.details as object[])[0]!;
    expect(schema.safeParse({ ...base, details: [line, { ...line }] }).error?.issues).toEqual([expect.objectContaining({ message: 'validation.lines.duplicate' })]);
  });
});
