import { doc, event } from '../otherbill/given';
import { handlingDecisions as d } from './decisions';

// The handling bill, given/when/then: one job, quantity x price.
describe('handling bill decisions', () => {
  it('given a quantity and a price, the amount is their product to the cent', () => {
    expect(d.compute!({ qty: 12.5, price: 18 }, undefined)).toMatchObject({ amount: 225 });
    expect(d.compute!({ qty: 3.333, price: 1.5, amount: 1 }, undefined)).toMatchObject({ amount: 5 });
  });
  it('is not cancelled when made, cancelled once cancelled', () => {
    const made = d.evolve!(doc(), event('HandlingBillCreated'));
    expect(made.isCancel).toBe(0);
    expect(d.evolve!(made, event('HandlingBillAudited')).isCancel).toBe(0);
    expect(d.evolve!(made, event('HandlingBillCancelled')).isCancel).toBe(1);
  });
});
