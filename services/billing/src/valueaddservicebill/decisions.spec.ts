import { documentContentSchemaOf, valueaddservicebill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { valueAddDecisions } from './decisions';

// The value-added service bill, given/when/then: amounts derived from the lines, the version stamped from each change, a cancel makes it invalid.
const spec = documentSpec(valueaddservicebill, valueAddDecisions);

describe('value-added service bill decisions', () => {
  it('given lines at their prices, computes each amount, the total amount and the total quantity', () => {
    spec.given([]).when({ create: { customerCode: 'C001', details: [{ costtypeCode: 'A', price: 0.35, qty: 1201 }, { costtypeCode: 'B', price: 15.3333, qty: 3, lineNumber: 9 }] } }).then([
      { type: 'ValueAddServiceBillCreated', data: { id: 'd1', billNo: 'B001', isReview: 0, content: {
        customerCode: 'C001',
        details: [
          { costtypeCode: 'A', price: 0.35, qty: 1201, amount: 420.35, lineNumber: 1 },
          { costtypeCode: 'B', price: 15.3333, qty: 3, amount: 46, lineNumber: 2 },
        ],
        amount: 466.35,
        totalQty: 1204,
      } } },
    ]);
  });

  it('whatever amount the caller sends is replaced by the computed one', () => {
    spec.given([]).when({ create: { amount: 1, totalQty: 99, details: [{ price: 2, qty: 2 }] } }).then({ doc: { amount: 4, totalQty: 2 } });
  });

  it('stamps versionStamp when created and changed, and is invalid and cancelled once cancelled', () => {
    const made = [spec.created({ details: [{ price: 2, qty: 2 }] }, { at: '2026-11-24T02:03:04.567Z' })];
    const created = spec.given(made).document();
    expect(created).toMatchObject({ isCancel: 0, invalid: 0 });
    expect(created.versionStamp).toMatch(/^\d{20}$/);
    const { doc: changed } = spec.given(made).when({ change: { details: [{ price: 3, qty: 2 }] } }, { now: '2026-11-24T03:00:00.000Z' }).then({ doc: { amount: 6 } });
    expect(changed!.versionStamp).not.toBe(created.versionStamp);
    const edited = [...made, spec.changed({ details: [{ price: 3, qty: 2 }] }, { at: '2026-11-24T03:00:00.000Z' })];
    const { doc: audited } = spec.given(edited).when({ act: 'audit' }, { now: '2026-11-24T04:00:00.000Z' }).then({ doc: { state: 'Audited' } });
    expect(audited!.versionStamp).toBe(changed!.versionStamp);
    spec.given([...edited, spec.acted('audit', {}, { at: '2026-11-24T04:00:00.000Z' })]).when({ act: 'cancel' }).then({ doc: { isCancel: 1, invalid: 1 } });
  });

  it('stamps each version later than the one before, microseconds included, even two changes within the store`s millisecond', () => {
    const at = '2026-11-24T02:03:04.567Z';
    const made = [spec.created({ details: [{ price: 2, qty: 2 }] }, { at }), spec.changed({ details: [{ price: 3, qty: 2 }] }, { at }), spec.changed({ details: [{ price: 4, qty: 2 }] }, { at })];
    const stamps = [1, 2, 3].map((n) => spec.given(made.slice(0, n)).document().versionStamp);
    expect(stamps).toEqual(['20261124100304567000', '20261124100304567001', '20261124100304567002']);
  });

  it('refuses a line without a cost type or with no quantity, in the description', () => {
    const schema = documentContentSchemaOf(valueaddservicebill);
    const base = valueaddservicebill.example as Record<string, unknown>;
    expect(schema.safeParse(base).success).toBe(true);
    const issues = schema.safeParse({ ...base, details: [{ price: 1, qty: 0 }] }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(expect.arrayContaining([['details.0.costtypeCode', 'validation.requiredSelect'], ['details.0.qty', 'validation.positive']]));
  });
});
