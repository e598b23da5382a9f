import { bookingsOf, daySlots, instantOf, slotOf, SLOT_BOOKED, SLOT_RELEASED } from './dock-slots';

const ZONE = 'Asia/Shanghai';
const dock = { code: 'D01', slotMinutes: 60, openFrom: '08:00', openTo: '11:30' };
const GRACE = 5 * 60 * 1000;
const booked = (documentId: string, billNo: string, slotStart: string) => ({ type: SLOT_BOOKED, data: { documentId, billNo, slotStart, slotEnd: '' } });
const released = (documentId: string) => ({ type: SLOT_RELEASED, data: { documentId } });
const long_ago = Date.parse('2020-01-01T00:00:00Z');

describe('a dock`s slots of a day (the slot picker)', () => {
  it('cuts the day from opening in slots of the dock`s length, the last ending by closing, on the site`s clock', () => {
    const slots = daySlots('2030-01-07', dock, [], ZONE, long_ago, GRACE);
    expect(slots.map((s) => `${s.from}-${s.to}`)).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00']);
    expect(slots[0]).toEqual({ from: '08:00', to: '09:00', slotStart: '2030-01-07T00:00:00.000Z', slotEnd: '2030-01-07T01:00:00.000Z', status: 'free' });
  });

  it('given a slot booked, shows it taken naming the appointment`s number; the others free', () => {
    const events = [booked('a1', 'YY0001', '2030-01-07T01:00:00.000Z')];
    const slots = daySlots('2030-01-07', dock, bookingsOf(events), ZONE, long_ago, GRACE);
    expect(slots.map((s) => s.status)).toEqual(['free', 'taken', 'free']);
    expect(slots[1]!.billNo).toBe('YY0001');
  });

  it('given a booking then its release (cancelled, no-show), the slot is free again', () => {
    const events = [booked('a1', 'YY0001', '2030-01-07T01:00:00.000Z'), booked('a2', 'YY0002', '2030-01-07T02:00:00.000Z'), released('a1')];
    const slots = daySlots('2030-01-07', dock, bookingsOf(events), ZONE, long_ago, GRACE);
    expect(slots.map((s) => `${s.status}${s.billNo ?? ''}`)).toEqual(['free', 'free', 'takenYY0002']);
  });

  it('a slot begun more than the grace ago is past (a booking for it would be refused); one begun within the grace is still free', () => {
    const now = Date.parse('2030-01-07T01:04:00.000Z'); // 09:04 on the site's clock
    expect(daySlots('2030-01-07', dock, [], ZONE, now, GRACE).map((s) => s.status)).toEqual(['past', 'free', 'free']);
    expect(daySlots('2030-01-07', dock, [], ZONE, now + 2 * GRACE, GRACE).map((s) => s.status)).toEqual(['past', 'past', 'free']);
  });

  it('each slot`s start is the slot the booking takes (slotOf agrees)', () => {
    for (const s of daySlots('2030-01-07', { ...dock, slotMinutes: 45 }, [], ZONE, long_ago, GRACE)) {
      expect(slotOf(s.slotStart, { ...dock, slotMinutes: 45 }, ZONE)).toMatchObject({ slotStart: s.slotStart, from: s.from, to: s.to });
    }
  });

  it('reads a wall-clock time in another zone too (a zone with summer time, either side of the change)', () => {
    expect(new Date(instantOf('2030-01-07', '08:00', 'Europe/Berlin')).toISOString()).toBe('2030-01-07T07:00:00.000Z');
    expect(new Date(instantOf('2030-07-07', '08:00', 'Europe/Berlin')).toISOString()).toBe('2030-07-07T06:00:00.000Z');
  });
});
