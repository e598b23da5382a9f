import { decideOrderFollows } from './order-follows-notes';

// given the order's state and its notes' states, when a note moved, then the order's follow steps
describe('the order follows its notes', () => {
  it('stays Accepted while any live note awaits dispatch', () => expect(decideOrderFollows('Accepted', ['Dispatched', 'Open'])).toEqual([]));
  it('is Dispatched once every live note is; cancelled notes do not count', () => expect(decideOrderFollows('Accepted', ['Dispatched', 'Cancelled', 'Loaded'])).toEqual(['followDispatched']));
  it('catches up several steps at once, in order', () => expect(decideOrderFollows('Accepted', ['Arrived', 'Reviewed'])).toEqual(['followDispatched', 'followLoaded', 'followArrived']));
  it('received early counts as arrived', () => expect(decideOrderFollows('Loaded', ['ReceivedEarly'])).toEqual(['followArrived']));
  it('settles Signed when every note is signed', () => expect(decideOrderFollows('Arrived', ['Signed', 'Signed'])).toEqual(['followSigned']));
  it('settles Refused when every note is refused', () => expect(decideOrderFollows('Arrived', ['Refused'])).toEqual(['followRefused']));
  it('settles PartiallySigned on a mix (or any partial signing)', () => {
    expect(decideOrderFollows('Arrived', ['Signed', 'Refused'])).toEqual(['followPartiallySigned']);
    expect(decideOrderFollows('Arrived', ['PartiallySigned'])).toEqual(['followPartiallySigned']);
  });
  it('from Dispatched straight to settled: the missing steps first', () => expect(decideOrderFollows('Dispatched', ['Signed'])).toEqual(['followLoaded', 'followArrived', 'followSigned']));
  it('is idempotent: an order already there takes no step', () => {
    expect(decideOrderFollows('Dispatched', ['Dispatched'])).toEqual([]);
    expect(decideOrderFollows('Signed', ['Signed'])).toEqual([]);
  });
  it('an order not accepted, or whose notes are all cancelled, takes no step', () => {
    expect(decideOrderFollows('Audited', ['Dispatched'])).toEqual([]);
    expect(decideOrderFollows('Accepted', ['Cancelled'])).toEqual([]);
  });
});
