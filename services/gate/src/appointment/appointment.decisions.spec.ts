import { appointment, documentContentSchemaOf } from '@tpl/contracts';
import { documentSpec, SPEC_NOW } from '@tpl/documents/test';
import { appointmentDecisions, type AppointmentFacts } from './appointment.decisions';
import { slotOf, SLOT_BOOKED, SLOT_RELEASED } from './dock-slots';

// The appointment, given/when/then: the notices read before booking, no time in the past, a dock slot taken once, a photo where the location asks.
const spec = documentSpec(appointment, appointmentDecisions);
const TZ = 'Asia/Shanghai';
process.env.BUSINESS_TZ = TZ;

// SPEC_NOW is 2026-11-24T12:00Z (20:00 in Shanghai); the visit is the next morning, 09:20 in Shanghai
const AT = '2026-11-25T01:20:00.000Z';
const driver = { visitType: 'DRIVER', visitName: '王建国', phone: '13912345678', idCard: '11010519491231002X', carNo: '沪A12345', appointmentTime: AT, healthCondition: 'HEALTHY', dockCode: 'D01' };
const dock = { code: 'D01', data: { code: 'D01', slotMinutes: 60, openFrom: '08:00', openTo: '18:00' } };
const safety = { code: 'SAFETY-1', data: { noticeType: 'SAFETY' } };
const factory = { code: 'FACTORY-1', data: { noticeType: 'FACTORY' } };
const read = [spec.created(driver), spec.acted('readSafety', { isReadSafety: 1, safetyNoticeCode: 'SAFETY-1' }), spec.acted('readFactory', { isReadFactory: 1, factoryNoticeCode: 'FACTORY-1' })];
const slot = { slotStart: '2026-11-25T01:00:00.000Z', slotEnd: '2026-11-25T02:00:00.000Z' };
const booked = [...read, spec.acted('book', slot)];
const checkedIn = [...booked, spec.acted('checkIn', { gateCode: 'G1', checkedInAt: SPEC_NOW })];

describe('appointment decisions', () => {
  it('given a registration, reading the safety notice records the flag and the notice in force, whatever the caller sent', () => {
    spec
      .given([spec.created(driver)], { notice: safety })
      .when({ act: 'readSafety', fields: { isReadSafety: 0 } })
      .then({ events: [{ type: 'AppointmentSafetyNoticeRead', data: { isReadSafety: 1, safetyNoticeCode: 'SAFETY-1' } }], doc: { state: 'SafetyRead', isReadSafety: 1 } });
  });

  it('given the safety notice read, reading the site rules leaves it ready to submit', () => {
    spec.given(read.slice(0, 2), { notice: factory }).when({ act: 'readFactory' }).then({ doc: { state: 'NoticesRead', isReadSafety: 1, isReadFactory: 1, factoryNoticeCode: 'FACTORY-1' } });
  });

  it('refuses reading a notice the tenant has not written (409 naming the notice)', () => {
    spec.given([spec.created(driver)], {}).when({ act: 'readSafety' }).thenRefused({ code: 409, key: 'gate.errors.noticeMissing', keyVars: { notice: 'enum.visitornotice.noticeType.SAFETY' } });
  });

  it('a registration cannot be submitted before both notices are read: the machine offers no booking', () => {
    expect(spec.given([spec.created(driver)], { dock, slots: { bookings: [], version: 0 } }).when({ act: 'book' }).outcome).toThrow(/refused: 409/);
    expect(spec.given(read.slice(0, 2), { dock, slots: { bookings: [], version: 0 } }).when({ act: 'book' }).outcome).toThrow(/refused: 409/);
  });

  it('given the notices read, booking takes the dock slot the time falls in, on the dock`s stream at the version read', () => {
    spec
      .given(read, { dock, slots: { bookings: [], version: 3 } })
      .when({ act: 'book' })
      .then({
        events: [{ type: 'AppointmentBooked', data: slot }],
        effects: [{ stream: 'DockSlots-t1-D01', streamType: 'DockSlots', expectedVersion: 3, events: [{ type: SLOT_BOOKED, data: { documentId: 'd1', billNo: 'B001', ...slot } }] }],
        doc: { state: 'Booked', ...slot },
      });
  });

  it('refuses a slot another appointment holds (409 naming the dock, the slot and the holder)', () => {
    const other = { documentId: 'd2', billNo: 'YY0002', ...slot };
    spec.given(read, { dock, slots: { bookings: [other], version: 1 } }).when({ act: 'book' }).thenRefused({ code: 409, key: 'gate.errors.slotTaken', vars: { dock: 'D01', start: '2026-11-25 09:00', end: '10:00', billNo: 'YY0002' } });
  });

  it('refuses a time outside the dock`s hours, and a dock that is invalid', () => {
    const late = [spec.created({ ...driver, appointmentTime: '2026-11-25T10:30:00.000Z' }), ...read.slice(1)];
    spec.given(late, { dock, slots: { bookings: [], version: 0 } }).when({ act: 'book' }).thenRefused({ code: 409, key: 'gate.errors.dockClosed', vars: { time: '18:30' } });
    spec.given(read, { dock: { ...dock, data: { ...dock.data, invalid: 1 } }, slots: { bookings: [], version: 0 } }).when({ act: 'book' }).thenRefused({ code: 409, key: 'gate.errors.dockMissing' });
  });

  it('a visitor without a dock books no slot', () => {
    const visitor = { ...driver, visitType: 'VISITOR', carNo: undefined, dockCode: undefined };
    spec.given([spec.created(visitor), ...read.slice(1)], {}).when({ act: 'book' }).then({ events: [{ type: 'AppointmentBooked', data: {} }], effects: [] });
  });

  it('refuses an appointment time in the past when registered and when booked (400 naming the field)', () => {
    spec.given([], {}).when({ create: { ...driver, appointmentTime: '2026-11-24T11:00:00.000Z' } }).thenRefused({ code: 400, key: 'gate.errors.appointmentPast', keyVars: { label: 'appointment.fields.appointmentTime' } });
    // a walk-in registered a minute ago is taken
    spec.given([], {}).when({ create: { ...driver, appointmentTime: '2026-11-24T11:58:00.000Z' } }).then({ doc: { state: 'Draft' } });
    spec.given(read, { dock, slots: { bookings: [], version: 0 } }).when({ act: 'book' }, { now: '2026-11-25T03:00:00.000Z' }).thenRefused({ code: 400, key: 'gate.errors.appointmentPast' });
  });

  it('refuses a bill the driver names that does not exist or is not open (400 naming the field)', () => {
    spec.given([], { billsMissing: { outboundBillNo: 'CK404' } }).when({ create: { ...driver, outboundBillNo: 'CK404' } }).thenRefused({ code: 400, key: 'gate.errors.billMissing', vars: { billNo: 'CK404' }, keyVars: { label: 'appointment.fields.outboundBillNo' } });
  });

  it('a cancelled or missed booking gives its slot back; one not yet booked has none to give', () => {
    spec.given(booked, { slots: { bookings: [], version: 4 } }).when({ act: 'noShow' }).then({ doc: { state: 'NoShow' }, effects: [{ stream: 'DockSlots-t1-D01', expectedVersion: 4, events: [{ type: SLOT_RELEASED, data: { documentId: 'd1' } }] }] });
    spec.given(booked, { slots: { bookings: [], version: 4 } }).when({ act: 'cancel', fields: { reason: '改期' } }).then({ doc: { state: 'Cancelled', cancelReason: '改期' }, effects: [{ events: [{ type: SLOT_RELEASED }] }] });
    spec.given(read, {}).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' }, effects: [] });
  });

  it('checks in a healthy visitor at a gate; refuses one who declared symptoms (409 in words)', () => {
    spec.given(booked, {}).when({ act: 'checkIn', fields: { gateCode: 'G1' } }).then({ doc: { state: 'CheckedIn', gateCode: 'G1' } });
    const unwell = [spec.created({ ...driver, healthCondition: 'FEVER' }), ...booked.slice(1)];
    spec.given(unwell, {}).when({ act: 'checkIn', fields: { gateCode: 'G1' } }).thenRefused({ code: 409, key: 'gate.errors.unwell', keyVars: { health: 'enum.appointment.healthCondition.FEVER' } });
  });

  it('inspects at a location without a photo where it asks none; where isPicture is 1 a photo is required (400 naming the field)', () => {
    const plain = { code: 'SI1', data: { name: '门岗证件检查', isPicture: 0 } };
    const photo = { code: 'SI2', data: { name: '货车车厢检查', isPicture: 1 } };
    spec.given(checkedIn, { location: plain }).when({ act: 'inspect', fields: { inspectionLocationCode: 'SI1' } }).then({ doc: { state: 'Inspected', inspectionLocationCode: 'SI1' } });
    spec.given(checkedIn, { location: photo }).when({ act: 'inspect', fields: { inspectionLocationCode: 'SI2' } }).thenRefused({ code: 400, key: 'gate.errors.photoRequired', vars: { location: '货车车厢检查' }, keyVars: { label: 'appointment.fields.inspectionPhoto' } });
    spec.given(checkedIn, { location: photo }).when({ act: 'inspect', fields: { inspectionLocationCode: 'SI2', inspectionPhoto: 'a1b2' } }).then({ doc: { state: 'Inspected', inspectionPhoto: 'a1b2' } });
    spec.given(checkedIn, { location: photo }).when({ act: 'refuse', fields: { inspectionLocationCode: 'SI2', reason: '车厢有违禁品' } }).thenRefused({ code: 400, key: 'gate.errors.photoRequired' });
    spec.given(checkedIn, { location: undefined }).when({ act: 'inspect', fields: { inspectionLocationCode: 'SI9' } }).thenRefused({ code: 409, key: 'gate.errors.locationMissing' });
  });

  it('checks out after the inspection, and not before it', () => {
    const inspected = [...checkedIn, spec.acted('inspect', { inspectionLocationCode: 'SI1' })];
    spec.given(inspected, {}).when({ act: 'checkOut', fields: { exitGateCode: 'G1' } }).then({ doc: { state: 'CheckedOut', exitGateCode: 'G1' } });
    expect(spec.given(checkedIn, {}).when({ act: 'checkOut' }).outcome).toThrow(/refused: 409/);
  });
});

describe('the appointment`s description', () => {
  const schema = documentContentSchemaOf(appointment);
  it('a driver needs a plate; a visitor names no dock; the ID card, plate and mobile rules hold', () => {
    expect(schema.safeParse(appointment.example).success).toBe(true);
    const issues = (c: Record<string, unknown>) => schema.safeParse(c).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ ...driver, carNo: undefined })).toEqual([['carNo', 'validation.gate.carNoForDriver']]);
    expect(issues({ ...driver, visitType: 'VISITOR' })).toEqual([['dockCode', 'validation.gate.driversOnly']]);
    expect(issues({ ...driver, idCard: '110105194912310021' }).map(([p]) => p)).toEqual(['idCard']);
    expect(issues({ ...driver, carNo: 'ABC' }).map(([p]) => p)).toEqual(['carNo']);
    expect(issues({ ...driver, phone: '12345' }).map(([p]) => p)).toEqual(['phone']);
  });
  it('the reading flags are not the form`s: a registration sent with them ticked records none', () => {
    const parsed = schema.parse({ ...driver, isReadSafety: 1, isReadFactory: 1 }) as Record<string, unknown>;
    expect(parsed.isReadSafety).toBeUndefined();
    expect(parsed.isReadFactory).toBeUndefined();
  });
});

describe('dock slots', () => {
  const d = { code: 'D01', slotMinutes: 30, openFrom: '08:00', openTo: '18:00' };
  it('cuts the dock`s day on the site`s wall clock from its opening time', () => {
    expect(slotOf('2026-11-25T01:20:00Z', d, TZ)).toMatchObject({ slotStart: '2026-11-25T01:00:00.000Z', slotEnd: '2026-11-25T01:30:00.000Z', from: '09:00', to: '09:30' });
    expect(slotOf('2026-11-25T09:40:00+08:00', d, TZ)).toMatchObject({ from: '09:30', to: '10:00' });
    expect(slotOf('2026-11-25T00:00:00Z', d, TZ)).toMatchObject({ day: '2026-11-25', from: '08:00' });
    expect(slotOf('2026-11-24T23:59:00Z', d, TZ)).toBeUndefined();
    expect(slotOf('2026-11-25T09:50:00Z', d, TZ)).toMatchObject({ from: '17:30', to: '18:00' });
    expect(slotOf('2026-11-25T10:00:00Z', d, TZ)).toBeUndefined();
  });
});
