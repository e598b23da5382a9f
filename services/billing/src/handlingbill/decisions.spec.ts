import { handlingbill } from '@tpl/contracts';
import { documentSpec } from '@tpl/documents/test';
import { handlingDecisions } from './decisions';

// The handling bill, given/when/then: one job, quantity x price.
const spec = documentSpec(handlingbill, handlingDecisions);

describe('handling bill decisions', () => {
  it('given a quantity and a price, the amount is their product to the cent', () => {
    spec.given([]).when({ create: { qty: 12.5, price: 18 } }).then({ doc: { amount: 225 } });
    spec.given([]).when({ create: { qty: 3.333, price: 1.5, amount: 1 } }).then({ doc: { amount: 5 } });
  });
  it('is not cancelled when made, cancelled once cancelled', () => {
    const made = [spec.created({ qty: 1, price: 1 })];
    expect(spec.given(made).document().isCancel).toBe(0);
    spec.given(made).when({ act: 'audit' }).then({ doc: { state: 'Audited', isCancel: 0 } });
    spec.given(made).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled', isCancel: 1 } });
  });
});
