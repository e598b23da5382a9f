import { ApiClient, data } from '../support/api-client';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The gate (issue 31) through the API as the guard works it on the demo operator: a registration,
 * the notices read (the flags set by reading, never by the form), the booking with its dock slot,
 * a second booking of the same slot refused (409 in the user's words, nothing written), a bad ID
 * card and a time in the past refused (400 naming the field), check-in, an inspection with and
 * without the photo its location asks for, check-out. Embedded store (the kit is tested on both).
 */
const T = '100001';
const G = '/api/bl-gate/appointment';
type Result = { id: string; billNo: string; version: number; state: string };
type Doc = Record<string, unknown> & { id: string; billNo: string; version: number; state: string };
type Page<R> = { records: R[]; total: number };

/** A day ahead in the site's time zone (Asia/Shanghai), at a wall-clock time there. */
const tomorrowAt = (hhmm: string) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
  return new Date(`${day}T${hhmm}:00+08:00`).toISOString();
};

describe('the gate: appointments through the API (embedded store)', () => {
  let t: TestHost;
  let guard: ApiClient;
  const driver = (o: Record<string, unknown> = {}) => ({
    visitType: 'DRIVER',
    visitName: '钱师傅',
    phone: '13912340000',
    idCard: '11010519491231002X',
    carNo: '沪B54321',
    appointmentTime: tomorrowAt('10:10'),
    healthCondition: 'HEALTHY',
    dockCode: 'D03',
    ...o,
  });
  const submit = (content: Record<string, unknown>) => guard.post<Result>(`${G}/submit`, content);
  const detail = async (id: string) => data(await guard.get<Doc>(`${G}/detail?id=${id}`));
  const act = (action: string, doc: { id: string; version: number }, body: Record<string, unknown> = {}) => guard.post<Result>(`${G}/${action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, { id: doc.id, version: doc.version, ...body });
  const readBoth = async (made: Result) => {
    const safety = data(await act('readSafety', made));
    return data(await act('readFactory', safety));
  };
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }), '车厢.png');
    const res = await fetch(`${t.url}/api/bl-resource/attach/upload`, { method: 'POST', headers: guard.headers(), body: form });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };

  beforeAll(async () => {
    t = await startTestHost('embedded', '/nonexistent', true);
    guard = await t.client().as(T, 'guard');
  }, 300_000);
  afterAll(async () => t?.stop());

  it('the demo has today`s expected arrivals for the guard, found by plate and by mobile', async () => {
    const today = { appointmentTimeFrom: new Date(Date.now() - 86_400_000).toISOString(), appointmentTimeTo: new Date(Date.now() + 2 * 86_400_000).toISOString(), state: 'Booked,CheckedIn,Inspected' };
    const all = data(await guard.get<Page<Doc>>(`${G}/list?${new URLSearchParams(today)}`));
    expect(all.total).toBeGreaterThanOrEqual(4);
    const byPlate = data(await guard.get<Page<Doc>>(`${G}/list?${new URLSearchParams({ ...today, carNo: 'A123' })}`));
    expect(byPlate.records.map((r) => r.carNo)).toEqual(['沪A12345']);
    const byPhone = data(await guard.get<Page<Doc>>(`${G}/list?${new URLSearchParams({ ...today, phone: '137' })}`));
    expect(byPhone.records.map((r) => r.visitName)).toEqual(['陈美玲']);
  });

  it('registers, reads the two notices (the flags set by reading, not by the form), books the dock slot; the same slot again is a 409 and nothing is written', async () => {
    // the form cannot tick the notices read
    const made = data(await submit({ ...driver(), isReadSafety: 1, isReadFactory: 1 }));
    expect(made.state).toBe('Draft');
    expect(await detail(made.id)).not.toHaveProperty('isReadSafety');
    // before the notices are read, no booking
    const early = await act('book', made);
    expect(early.status).toBe(409);

    const read = await readBoth(made);
    expect(read.state).toBe('NoticesRead');
    expect(await detail(made.id)).toMatchObject({ isReadSafety: 1, safetyNoticeCode: 'SAFETY-1', isReadFactory: 1, factoryNoticeCode: 'FACTORY-1' });
    const booked = data(await act('book', read));
    expect(booked.state).toBe('Booked');
    const doc = await detail(made.id);
    expect(doc).toMatchObject({ slotStart: tomorrowAt('10:00'), slotEnd: tomorrowAt('10:30') });

    // another driver, the same dock and half hour
    const other = data(await submit(driver({ visitName: '孙师傅', carNo: '沪C11111', appointmentTime: tomorrowAt('10:25') })));
    const otherRead = await readBoth(other);
    const clash = await act('book', otherRead);
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain(`Dock D03 is already booked`);
    expect(clash.body.msg).toContain(made.billNo);
    guard.lang = 'zh-CN';
    const clashZh = await act('book', otherRead);
    guard.lang = 'en';
    expect(clashZh.body.msg).toContain('已被预约');
    expect(await detail(other.id)).toMatchObject({ state: 'NoticesRead', version: otherRead.version });
    // the next half hour is free
    const moved = data(await guard.post<Result>(`${G}/submit`, { ...(await detail(other.id)), id: other.id, version: otherRead.version, appointmentTime: tomorrowAt('10:35') }));
    expect(data(await act('book', moved)).state).toBe('Booked');

    // a cancelled booking gives its slot back
    data(await act('cancel', await detail(made.id), { reason: '改期' }));
    const third = await readBoth(data(await submit(driver({ visitName: '周师傅', carNo: '沪D22222', appointmentTime: tomorrowAt('10:05') }))));
    expect(data(await act('book', third)).state).toBe('Booked');
  });

  it('lists a dock`s slots of a day, free or taken (naming the appointment), a booked slot taken, a clash on a chosen slot a 409, a cancel freeing it; bad input a 400 naming the field', async () => {
    type Slot = { from: string; to: string; slotStart: string; slotEnd: string; status: string; billNo?: string };
    type Day = { dockCode: string; dockName: string; day: string; slots: Slot[] };
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
    const slotsOf = async () => data(await guard.get<Day>(`/api/bl-gate/dock-slots?${new URLSearchParams({ dockCode: 'D03', day })}`));
    const at = (list: Slot[], from: string) => list.find((s) => s.from === from)!;

    const before = await slotsOf();
    expect(before).toMatchObject({ dockCode: 'D03', dockName: '3号月台', day });
    // half hours from 08:00 to 18:00 on the site's clock
    expect(before.slots).toHaveLength(20);
    expect(at(before.slots, '15:00')).toEqual({ from: '15:00', to: '15:30', slotStart: tomorrowAt('15:00'), slotEnd: tomorrowAt('15:30'), status: 'free' });

    // the picker's slot start is the appointment time: booked, the slot is taken by its number
    const first = data(await act('book', await readBoth(data(await submit(driver({ visitName: '吴师傅', carNo: '沪E33333', appointmentTime: at(before.slots, '15:00').slotStart }))))));
    const taken = await slotsOf();
    expect(at(taken.slots, '15:00')).toMatchObject({ status: 'taken', billNo: first.billNo });
    expect(at(taken.slots, '15:30').status).toBe('free');
    expect(JSON.stringify(taken)).not.toContain(first.id);

    // two drivers chose the same free slot: the second booking is refused (the race), nothing written
    const second = await readBoth(data(await submit(driver({ visitName: '郑师傅', carNo: '沪F44444', appointmentTime: at(before.slots, '15:00').slotStart }))));
    const clash = await act('book', second);
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain(first.billNo);
    expect(at((await slotsOf()).slots, '15:00')).toMatchObject({ status: 'taken', billNo: first.billNo });

    // cancelled, the slot is free again and the second driver has it
    data(await act('cancel', await detail(first.id), { reason: '改期' }));
    expect(at((await slotsOf()).slots, '15:00')).toEqual({ ...at(before.slots, '15:00'), status: 'free' });
    const secondBooked = data(await act('book', await detail(second.id)));
    expect(at((await slotsOf()).slots, '15:00')).toMatchObject({ status: 'taken', billNo: secondBooked.billNo });

    // bad input: a 400 naming the field in the user's language
    const noDay = await guard.get<Day>(`/api/bl-gate/dock-slots?dockCode=D03`);
    expect(noDay.status).toBe(400);
    expect(noDay.body.msg).toContain('Day');
    const badDay = await guard.get<Day>(`/api/bl-gate/dock-slots?dockCode=D03&day=tomorrow`);
    expect(badDay.status).toBe(400);
    const noDock = await guard.get<Day>(`/api/bl-gate/dock-slots?${new URLSearchParams({ dockCode: 'D99', day })}`);
    expect(noDock.status).toBe(400);
    expect(noDock.body.msg).toContain('D99');
  });

  it('refuses a bad ID card, a bad plate, a bad mobile and a time in the past with a 400 naming the field; nothing is made', async () => {
    const before = data(await guard.get<Page<Doc>>(`${G}/list`)).total;
    const badId = await submit(driver({ idCard: '110105194912310021' }));
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toContain('ID card number');
    const badPlate = await submit(driver({ carNo: 'ABC' }));
    expect([badPlate.status, badPlate.body.msg]).toEqual([400, expect.stringContaining('Plate number')]);
    const badPhone = await submit(driver({ phone: '12345' }));
    expect([badPhone.status, badPhone.body.msg]).toEqual([400, expect.stringContaining('Mobile')]);
    const past = await submit(driver({ appointmentTime: new Date(Date.now() - 3_600_000).toISOString() }));
    expect([past.status, past.body.msg]).toEqual([400, 'Appointment time cannot be in the past']);
    const noPlate = await submit(driver({ carNo: undefined }));
    expect([noPlate.status, noPlate.body.msg]).toEqual([400, expect.stringContaining('plate')]);
    expect(data(await guard.get<Page<Doc>>(`${G}/list`)).total).toBe(before);
  });

  it('checks in at a gate, inspects where no photo is asked, asks the photo where the location says so, and checks out', async () => {
    const book = async (o: Record<string, unknown>) => data(await act('book', await readBoth(data(await submit(driver({ dockCode: undefined, ...o }))))));
    const first = await book({ visitName: '吴师傅', carNo: '沪E33333' });
    const inside = data(await act('checkIn', first, { gateCode: 'G1' }));
    expect(inside.state).toBe('CheckedIn');
    const inspected = data(await act('inspect', inside, { inspectionLocationCode: 'SI1' }));
    expect(inspected.state).toBe('Inspected');
    const out = data(await act('checkOut', inspected, { exitGateCode: 'G1' }));
    expect(out.state).toBe('CheckedOut');
    expect(await detail(first.id)).toMatchObject({ gateCode: 'G1', inspectionLocationCode: 'SI1', exitGateCode: 'G1', checkedInBy: { account: 'guard' } });

    const second = data(await act('checkIn', await book({ visitName: '郑师傅', carNo: '沪F44444' }), { gateCode: 'G1' }));
    const noPhoto = await act('inspect', second, { inspectionLocationCode: 'SI2' });
    expect([noPhoto.status, noPhoto.body.msg]).toEqual([400, expect.stringContaining('requires a photo')]);
    expect(noPhoto.body.msg).toContain('Inspection photo');
    expect(await detail(second.id)).toMatchObject({ state: 'CheckedIn', version: second.version });
    const photo = await upload();
    const withPhoto = data(await act('inspect', second, { inspectionLocationCode: 'SI2', inspectionPhoto: photo }));
    expect(withPhoto.state).toBe('Inspected');
    expect(await detail(second.id)).toMatchObject({ inspectionPhoto: photo });
    // a step the state forbids is a 409
    const again = await act('checkIn', withPhoto, { gateCode: 'G1' });
    expect(again.status).toBe(409);
  });

  it('a visitor who declared a fever is not checked in (409 in words)', async () => {
    const visitor = data(await act('book', await readBoth(data(await submit({ visitType: 'VISITOR', visitName: '冯女士', phone: '13600000001', idCard: '11010519491231002X', appointmentTime: tomorrowAt('14:00'), healthCondition: 'FEVER' })))));
    const refused = await act('checkIn', visitor, { gateCode: 'G2' });
    expect([refused.status, refused.body.msg]).toEqual([409, 'The visitor declared "Fever" and cannot be admitted: book another day']);
  });
});
