import type { NewEvent, StoredEvent } from '@tpl/event-store';

/**
 * A dock's booked slots: one stream per dock (DockSlots-<tenant>-<dock>), the slots taken by
 * appointments when booked and given back when cancelled or not kept. A booking reads the stream
 * and appends at the version it read, in the appointment's transaction: two bookings of one slot
 * at once cannot both win (the second is a 409, nothing written).
 */
export const SLOT_STREAM_TYPE = 'DockSlots';
export const SLOT_BOOKED = 'DockSlotBooked';
export const SLOT_RELEASED = 'DockSlotReleased';

export type SlotBooking = { documentId: string; billNo: string; slotStart: string; slotEnd: string };
export type Dock = { code: string; slotMinutes: number; openFrom: string; openTo: string };

export const slotStream = (tenantId: string, dockCode: string) => `${SLOT_STREAM_TYPE}-${tenantId}-${dockCode}`;

/** The live bookings after these events. */
export const bookingsOf = (events: readonly Pick<StoredEvent, 'type' | 'data'>[]): SlotBooking[] => {
  const live = new Map<string, SlotBooking>();
  for (const e of events) {
    if (e.type === SLOT_BOOKED) live.set((e.data as SlotBooking).documentId, e.data as SlotBooking);
    else if (e.type === SLOT_RELEASED) live.delete((e.data as { documentId: string }).documentId);
  }
  return [...live.values()];
};

export const slotBooked = (b: SlotBooking): NewEvent => ({ type: SLOT_BOOKED, data: b });
export const slotReleased = (documentId: string): NewEvent => ({ type: SLOT_RELEASED, data: { documentId } });

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The wall clock of an instant in a time zone: its day and minutes since midnight. */
export const wallClock = (instant: number, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute), seconds: Number(parts.second) };
};

export type Slot = { slotStart: string; slotEnd: string; day: string; from: string; to: string };

/**
 * The slot of a dock an appointment time falls in: the dock's day is cut into slots of its length
 * from its opening time, on the site's wall clock (`timeZone`: the business time zone), so
 * 09:20 falls in 09:00 to 10:00 for hour slots from 08:00. Undefined when the time is outside the
 * dock's hours (or its slot would run past closing). The slot's ends are instants (ISO, UTC).
 */
export const slotOf = (time: string, dock: Dock, timeZone: string): Slot | undefined => {
  const instant = Date.parse(time);
  if (Number.isNaN(instant)) return undefined;
  const local = wallClock(instant, timeZone);
  const open = minutesOf(dock.openFrom);
  const close = minutesOf(dock.openTo);
  const length = Math.max(1, Math.round(dock.slotMinutes));
  if (local.minutes < open) return undefined;
  const start = open + Math.floor((local.minutes - open) / length) * length;
  const end = start + length;
  if (end > close) return undefined;
  const startAt = instant - ((local.minutes - start) * 60 + local.seconds) * 1000 - (instant % 1000);
  return { slotStart: new Date(startAt).toISOString(), slotEnd: new Date(startAt + length * 60_000).toISOString(), day: local.day, from: hhmmOf(start), to: hhmmOf(end) };
};

/** The booking holding the same slot of the dock (the same instant), other than the appointment's own. */
export const slotHolder = (bookings: readonly SlotBooking[], slotStart: string, documentId: string): SlotBooking | undefined =>
  bookings.find((b) => b.documentId !== documentId && Date.parse(b.slotStart) === Date.parse(slotStart));

/** The instant of a wall-clock time (YYYY-MM-DD, HH:mm) in a time zone (its offset then, read back from the zone's clock). */
export const instantOf = (day: string, hhmm: string, timeZone: string): number => {
  const guess = Date.parse(`${day}T${hhmm}:00Z`);
  const at = (t: number) => {
    const w = wallClock(t, timeZone);
    return Date.parse(`${w.day}T00:00:00Z`) + (w.minutes * 60 + w.seconds) * 1000;
  };
  const first = guess - (at(guess) - guess);
  // a second pass settles a guess that crossed an offset change
  return guess - (at(first) - first);
};

export type DaySlot = { from: string; to: string; slotStart: string; slotEnd: string; status: 'free' | 'taken' | 'past'; billNo?: string };

/**
 * A dock's slots of a day (the registration form's picker), pure: cut from its opening time in
 * slots of its length, the last ending by closing time, on the site's clock. Each is taken when a
 * live booking holds it (naming the appointment's number), past when it began more than `graceMs`
 * before `now` (a booking for it would be refused), free otherwise.
 */
export const daySlots = (day: string, dock: Dock, bookings: readonly SlotBooking[], timeZone: string, now: number, graceMs: number): DaySlot[] => {
  const open = minutesOf(dock.openFrom);
  const close = minutesOf(dock.openTo);
  const length = Math.max(1, Math.round(dock.slotMinutes));
  const held = new Map(bookings.map((b) => [Date.parse(b.slotStart), b.billNo]));
  const slots: DaySlot[] = [];
  for (let start = open; start + length <= close; start += length) {
    const startAt = instantOf(day, hhmmOf(start), timeZone);
    const billNo = held.get(startAt);
    const slot = { from: hhmmOf(start), to: hhmmOf(start + length), slotStart: new Date(startAt).toISOString(), slotEnd: new Date(startAt + length * 60_000).toISOString() };
    if (billNo !== undefined) slots.push({ ...slot, status: 'taken', billNo });
    else slots.push({ ...slot, status: startAt < now - graceMs ? 'past' : 'free' });
  }
  return slots;
};
