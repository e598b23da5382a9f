import type { NewEvent, StoredEvent } from '@tpl/event-store';
import type { Booking } from './rules';

/**
 * A vehicle's or a driver's schedule: one stream each (Schedule-<tenant>-car-<plate>,
 * Schedule-<tenant>-driver-<code>), the windows booked by dispatch bills and vehicle
 * schedules. A booking reads the stream and appends at the version it read, in the booking
 * document's transaction: two dispatchers booking the same vehicle at once cannot both win.
 */
export const SCHEDULE_STREAM_TYPE = 'Schedule';
export const BOOKED = 'ScheduleBooked';
export const RELEASED = 'ScheduleReleased';

export const scheduleStream = (tenantId: string, kind: 'car' | 'driver', code: string) => `${SCHEDULE_STREAM_TYPE}-${tenantId}-${kind}-${code}`;

/** The live bookings after these events. */
export const bookingsOf = (events: readonly Pick<StoredEvent, 'type' | 'data'>[]): Booking[] => {
  const live = new Map<string, Booking>();
  for (const e of events) {
    const b = e.data as Booking;
    if (e.type === BOOKED) live.set(b.documentId, b);
    else if (e.type === RELEASED) live.delete((e.data as { documentId: string }).documentId);
  }
  return [...live.values()];
};

export const booked = (b: Booking): NewEvent => ({ type: BOOKED, data: b });
export const released = (documentId: string): NewEvent => ({ type: RELEASED, data: { documentId } });
