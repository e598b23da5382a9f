import { checkNotes, checkRecords, checkSchedules, checkShippingRules, overlaps, windowOf, type NoteFacts } from './rules';

// given the records as master data holds them, when a dispatch is issued, then each rule refuses naming itself
const car = (data: Record<string, unknown> = {}) => ({ code: '沪A12345', data: { carNo: '沪A12345', invalid: 0, ...data } });
const driver = (data: Record<string, unknown> = {}) => ({ code: 'D01', data: { name: '王强', mobile: '13700137000', idCard: '11010519491231002X', invalid: 0, ...data } });
const line = (data: Record<string, unknown> = {}) => ({ code: 'L01', data: { invalid: 0, ...data } });
const carrier = { code: 'CR01', data: { invalid: 0 } };
const today = '2026-11-23';
const records = (o: { car?: ReturnType<typeof car> | undefined; driver?: ReturnType<typeof driver> | undefined; line?: ReturnType<typeof line> | undefined; driverCode?: string } = {}) =>
  checkRecords('沪A12345', 'car' in o ? o.car : car(), o.driverCode ?? 'D01', 'driver' in o ? o.driver : driver(), 'CR01', carrier, 'L01', 'line' in o ? o.line : line(), today);
const said = (e: { code: number; key: string; vars: unknown; keyVars: unknown } | undefined) => e && [e.code, e.key, e.vars, e.keyVars];

describe('dispatch rules: the records', () => {
  it('valid records pass', () => expect(records()).toBeUndefined());
  it('a vehicle missing or marked invalid', () => {
    expect(said(records({ car: undefined }))).toEqual([409, 'transport.errors.vehicleNotFound', { carNo: '沪A12345' }, {}]);
    expect(said(records({ car: car({ invalid: 1 }) }))?.[1]).toBe('transport.errors.vehicleInvalid');
  });
  it('a plate written before the rule: length and format are separate rules', () => {
    expect(said(records({ car: car({ carNo: '沪A1234' }) }))).toEqual([409, 'transport.errors.vehicleRule', { carNo: '沪A12345' }, { rule: 'validation.plate.length' }]);
    expect(said(records({ car: car({ carNo: 'XXA1234' }) }))?.[3]).toEqual({ rule: 'validation.plate.format' });
  });
  it('the driver: missing, invalid, each ID card rule and the mobile rule named apart', () => {
    expect(said(checkRecords('沪A12345', car(), undefined, undefined, undefined, undefined, 'L01', line(), today))?.[1]).toBe('transport.errors.driverMissing');
    expect(said(records({ driver: driver({ invalid: 1 }) }))?.[1]).toBe('transport.errors.driverInvalid');
    expect(said(records({ driver: driver({ idCard: undefined }) }))).toEqual([409, 'transport.errors.driverIdCardMissing', { driver: 'D01' }, {}]);
    expect(said(records({ driver: driver({ idCard: '1101051949123100' }) }))?.[3]).toEqual({ rule: 'validation.idCard.length' });
    expect(said(records({ driver: driver({ idCard: '99010519491231002X' }) }))?.[3]).toEqual({ rule: 'validation.idCard.region' });
    expect(said(records({ driver: driver({ idCard: '11010519491331002X' }) }))?.[3]).toEqual({ rule: 'validation.idCard.birthDate' });
    expect(said(records({ driver: driver({ idCard: '110105194912310021' }) }))).toEqual([409, 'transport.errors.driverIdCard', { driver: 'D01' }, { rule: 'validation.idCard.checkDigit' }]);
    expect(said(records({ driver: driver({ mobile: '1370013700' }) }))).toEqual([409, 'transport.errors.driverMobile', { driver: 'D01' }, { rule: 'validation.mobile.length' }]);
  });
  it('the route: missing or invalid', () => {
    expect(said(checkRecords('沪A12345', car(), 'D01', driver(), undefined, undefined, undefined, undefined, today))?.[1]).toBe('transport.errors.lineMissing');
    expect(said(records({ line: line({ invalid: 1 }) }))?.[1]).toBe('transport.errors.lineInvalid');
  });
});

const note = (o: Partial<NoteFacts> = {}): NoteFacts => ({ id: 'n1', billNo: 'YD1', state: 'Open', version: 1, customerCode: 'C001', ...o });

describe('dispatch rules: the notes and the customers', () => {
  it('a note changed since the dispatcher saw it, or no longer awaiting dispatch, names the note and its state', () => {
    expect(checkNotes([note()], 'L01')).toBeUndefined();
    expect(said(checkNotes([note({ version: 3, seenVersion: 2, state: 'Dispatched' })], 'L01'))).toEqual([409, 'transport.errors.noteStale', { billNo: 'YD1', current: 3, expected: 2 }, { state: 'consignmentbill.states.Dispatched' }]);
    expect(said(checkNotes([note({ state: 'Loaded' })], 'L01'))).toEqual([409, 'transport.errors.noteNotDispatchable', { billNo: 'YD1' }, { state: 'consignmentbill.states.Loaded' }]);
    expect(said(checkNotes([note({ lineCode: 'L02' })], 'L01'))?.[1]).toBe('transport.errors.noteOtherLine');
  });
  it('freezeShipment refuses the customer; maxShipmentBatch caps its notes per dispatch', () => {
    const notes = [note(), note({ id: 'n2', billNo: 'YD2' }), note({ id: 'n3', billNo: 'YD3', customerCode: 'C002' })];
    expect(checkShippingRules(notes, new Map([['C001', { maxShipmentBatch: 2, freezeShipment: 0 }]]))).toBeUndefined();
    expect(said(checkShippingRules(notes, new Map([['C002', { freezeShipment: 1 }]])))).toEqual([409, 'transport.errors.customerFrozen', { customerCode: 'C002' }, {}]);
    expect(said(checkShippingRules(notes, new Map([['C001', { maxShipmentBatch: 1 }]])))).toEqual([409, 'transport.errors.batchCap', { customerCode: 'C001', max: 1, count: 2 }, {}]);
  });
});

describe('dispatch rules: schedules', () => {
  const w = (start: string, end: string) => ({ start: `2026-11-23T${start}:00.000Z`, end: `2026-11-23T${end}:00.000Z` });
  const booking = (documentId: string, start: string, end: string) => ({ documentType: 'dispatch', documentId, billNo: `PC-${documentId}`, ...w(start, end) });
  it('windows overlap when each starts before the other ends; touching ends do not', () => {
    expect(overlaps(w('08:00', '10:00'), w('09:59', '12:00'))).toBe(true);
    expect(overlaps(w('08:00', '10:00'), w('10:00', '12:00'))).toBe(false);
  });
  it('a vehicle or a driver already booked for an overlapping window is refused, naming the booking', () => {
    expect(said(checkSchedules(w('09:00', '11:00'), '沪A12345', [booking('a', '10:00', '12:00')], 'D01', [], 'self'))).toEqual([
      409,
      'transport.errors.vehicleBusy',
      { carNo: '沪A12345', billNo: 'PC-a', start: '2026-11-23 10:00', end: '2026-11-23 12:00' },
      {},
    ]);
    expect(said(checkSchedules(w('09:00', '11:00'), '沪A12345', [], 'D01', [booking('b', '08:00', '09:30')], 'self'))?.[1]).toBe('transport.errors.driverBusy');
    expect(checkSchedules(w('09:00', '11:00'), '沪A12345', [booking('self', '09:00', '11:00')], 'D01', [], 'self')).toBeUndefined();
  });
  it('a window without an end lasts the route\'s transit time, else 8 hours', () => {
    expect(windowOf('2026-11-23T08:00:00+08:00', undefined, 'x', 2.5)).toEqual({ start: '2026-11-23T00:00:00.000Z', end: '2026-11-23T02:30:00.000Z' });
    expect(windowOf(undefined, undefined, '2026-11-23T00:00:00.000Z', undefined).end).toBe('2026-11-23T08:00:00.000Z');
  });
});
