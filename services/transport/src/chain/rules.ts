import { AppError, checkIdCard, checkMobile, checkPlate } from '@tpl/contracts';

/**
 * The dispatch rules, pure (issue 14 item 2): what a dispatch bill must satisfy when it is
 * issued. Records come as master data holds them (they may have been imported or written
 * before the rules, or marked invalid since), so the plate, ID card and mobile rules are
 * checked again here; each refusal names its rule.
 */
export type Rec = { code: string; data: Record<string, unknown> } | undefined;
export type NoteFacts = { id: string; billNo: string; state: string; version: number; seenVersion?: number | undefined; customerCode: string; lineCode?: string | undefined };
export type ShippingRule = { maxShipmentBatch?: number | undefined; freezeShipment?: number | undefined };
export type Booking = { documentType: string; documentId: string; billNo: string; start: string; end: string };
export type Window = { start: string; end: string };

/** the note states a dispatch may take a note from */
export const DISPATCHABLE = ['Open'];
/** a window without an end: the route's transit time, else this many hours */
export const DEFAULT_WINDOW_HOURS = 8;

const invalid = (r: Rec) => Number(r?.data.invalid ?? 0) === 1;

/** The vehicle, its driver (the one given, else the vehicle's), carrier and route. */
export const checkRecords = (carNo: string, car: Rec, driverCode: string | undefined, driver: Rec, carrierCode: string | undefined, carrier: Rec, lineCode: string | undefined, line: Rec, today: string): AppError | undefined => {
  if (!car) return new AppError(409, 'transport.errors.vehicleNotFound', { carNo });
  if (invalid(car)) return new AppError(409, 'transport.errors.vehicleInvalid', { carNo });
  const plate = checkPlate(car.data.carNo ?? car.code);
  if (!plate.ok) return new AppError(409, 'transport.errors.vehicleRule', { carNo }, { rule: plate.key });
  if (!driverCode) return new AppError(409, 'transport.errors.driverMissing', { carNo });
  if (!driver) return new AppError(409, 'transport.errors.driverNotFound', { driver: driverCode });
  if (invalid(driver)) return new AppError(409, 'transport.errors.driverInvalid', { driver: driverCode });
  const id = checkIdCard(driver.data.idCard, today);
  if (!id.ok && id.key.endsWith('.empty')) return new AppError(409, 'transport.errors.driverIdCardMissing', { driver: driverCode });
  if (!id.ok) return new AppError(409, 'transport.errors.driverIdCard', { driver: driverCode }, { rule: id.key });
  const mobile = checkMobile(driver.data.mobile);
  if (!mobile.ok && mobile.key.endsWith('.empty')) return new AppError(409, 'transport.errors.driverMobileMissing', { driver: driverCode });
  if (!mobile.ok) return new AppError(409, 'transport.errors.driverMobile', { driver: driverCode }, { rule: mobile.key });
  if (carrierCode && (!carrier || invalid(carrier))) return new AppError(409, 'transport.errors.carrierInvalid', { carrier: carrierCode });
  if (!lineCode) return new AppError(409, 'transport.errors.lineMissing');
  if (!line || invalid(line)) return new AppError(409, 'transport.errors.lineInvalid', { line: lineCode });
  return undefined;
};

/** Every note dispatchable, at the version the dispatcher saw, on the dispatch's route. */
export const checkNotes = (notes: readonly NoteFacts[], lineCode: string): AppError | undefined => {
  for (const n of notes) {
    const state = { state: `consignmentbill.states.${n.state}` };
    if (n.seenVersion !== undefined && n.seenVersion !== n.version) return new AppError(409, 'transport.errors.noteStale', { billNo: n.billNo, current: n.version, expected: n.seenVersion }, state);
    if (!DISPATCHABLE.includes(n.state)) return new AppError(409, 'transport.errors.noteNotDispatchable', { billNo: n.billNo }, state);
    if (n.lineCode && n.lineCode !== lineCode) return new AppError(409, 'transport.errors.noteOtherLine', { billNo: n.billNo, noteLine: n.lineCode, line: lineCode });
  }
  return undefined;
};

/**
 * Customer shipping rules: freezeShipment 1 refuses any dispatch carrying the customer's
 * notes; maxShipmentBatch N caps how many of the customer's notes one dispatch carries.
 */
export const checkShippingRules = (notes: readonly NoteFacts[], rules: ReadonlyMap<string, ShippingRule>): AppError | undefined => {
  const count = new Map<string, number>();
  for (const n of notes) count.set(n.customerCode, (count.get(n.customerCode) ?? 0) + 1);
  for (const [customerCode, n] of count) {
    const r = rules.get(customerCode);
    if (!r) continue;
    if (Number(r.freezeShipment ?? 0) === 1) return new AppError(409, 'transport.errors.customerFrozen', { customerCode });
    const max = r.maxShipmentBatch;
    if (typeof max === 'number' && max > 0 && n > max) return new AppError(409, 'transport.errors.batchCap', { customerCode, max, count: n });
  }
  return undefined;
};

/** Two windows overlap when each starts before the other ends (touching ends do not). */
export const overlaps = (a: Window, b: Window) => Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

/** The vehicle's and the driver's live bookings must leave the window free (the document's own booking aside). */
export const checkSchedules = (window: Window, carNo: string, car: readonly Booking[], driverCode: string, driver: readonly Booking[], self: string): AppError | undefined => {
  const local = (s: string) => s.replace('T', ' ').slice(0, 16);
  const busy = car.find((b) => b.documentId !== self && overlaps(window, b));
  if (busy) return new AppError(409, 'transport.errors.vehicleBusy', { carNo, billNo: busy.billNo, start: local(busy.start), end: local(busy.end) });
  const taken = driver.find((b) => b.documentId !== self && overlaps(window, b));
  if (taken) return new AppError(409, 'transport.errors.driverBusy', { driver: driverCode, billNo: taken.billNo, start: local(taken.start), end: local(taken.end) });
  return undefined;
};

/** The dispatch's window: what it names, else from now (or its start) for the route's transit time. */
export const windowOf = (plannedStart: string | undefined, plannedEnd: string | undefined, now: string, durationHours: number | undefined): Window => {
  const start = plannedStart ?? now;
  const hours = durationHours && durationHours > 0 ? durationHours : DEFAULT_WINDOW_HOURS;
  const end = plannedEnd ?? new Date(Date.parse(start) + hours * 3_600_000).toISOString();
  return { start: new Date(Date.parse(start)).toISOString(), end: new Date(Date.parse(end)).toISOString() };
};
