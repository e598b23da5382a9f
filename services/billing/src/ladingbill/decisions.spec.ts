import { documentContentSchemaOf, ladingbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { ladingDecisions } from './decisions';

// The lading bill, given/when/then: piece rates per employee and kind of work.
const spec = documentSpec(ladingbill, ladingDecisions);

describe('lading bill decisions', () => {
  it('numbers its items', () => {
    spec.given([]).when({ create: { items: [{ employeeCode: 'E1' }, { employeeCode: 'E2', lineNumber: 7 }] } }).then({ doc: { items: [{ employeeCode: 'E1', lineNumber: 1 }, { employeeCode: 'E2', lineNumber: 2 }] } });
  });
  it('takes one rate per employee and kind of work; prices left out read as 0', () => {
    const schema = documentContentSchemaOf(ladingbill);
    const base = ladingbill.example as { items: Record<string, unknown>[] };
    const parsed = schema.safeParse({ ...base, items: [{ employeeCode: 'E1', costUnit: 'T', ladingType: 'HANDLING', inPrice: 8 }] });
    expect(parsed.success && (parsed.data.items as Record<string, unknown>[])[0]).toMatchObject({ inPrice: 8, outPrice: 0, otherPrice: 0 });
    expect(schema.safeParse({ ...base, items: [base.items[0], { ...base.items[0] }] }).error?.issues).toEqual([expect.objectContaining({ message: 'validation.lines.duplicate' })]);
  });
});
