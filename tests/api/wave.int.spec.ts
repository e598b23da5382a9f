import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ApiClient, data } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { startTestHost, type TestHost } from '../support/host';

/**
 * Wave picking end to end through the API on a real store: allocated outbound bills of two
 * cargo owners in two zones gathered into a wave of their warehouse; the path it writes (merged
 * by bin, area then bin); a gathered bill refusing a pick and a release of its own (409 naming
 * the wave) and a second wave; the pick sheet; a short pick refused; the wave's pick picking
 * every bill (the stock still frozen for the shipment, which ships it as before); a cancelled
 * wave giving its bills back.
 */
type Result = { id: string; billNo: string; version: number; state: string };
type Step = { seq: number; warehouseAreaCode: string; warehousePlaceCode: string; customerCode: string; materialCode: string; qty: number; bills: string };
type Wave = Result & { path: Step[]; binVisits: number; pathLength: number };
type Stock = { records: { warehousePlaceCode: string; materialCode: string; qty: number; djQty: number }[] };
const BILL_IN = '/api/bl-warehouse/isinstockbill';
const OUT = '/api/bl-warehouse/osoutstockbill';
const WAVE = '/api/bl-warehouse/wavebill';
const EN = { 'Accept-Language': 'en' };
const READER = path.join(__dirname, 'warehouse-print.pdf-text.mjs');

describe.each(DOMAIN_STORES)('wave picking on %s store', (kind) => {
  let t: TestHost;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestHost(kind, '/nonexistent', true);
    admin = await t.client().as('100001', 'admin', 'admin');
  }, 300_000);
  afterAll(async () => t?.stop());

  /** Receives one owner's lines straight into places of an area (no put-away needed). */
  const receive = async (customerCode: string, area: string, details: Record<string, unknown>[]) => {
    const made = data(await admin.post<Result>(`${BILL_IN}/submit`, { billDate: '2026-11-20', customerCode, warehouseAreaCode: area, stockType: 'NORMAL', details }));
    expect(data(await admin.post<Result>(`${BILL_IN}/receive`, { id: made.id, version: made.version, receivedAt: '2026-11-20T08:00:00.000Z' })).state).toBe('Stored');
  };
  /** An outbound bill, allocated. */
  const allocated = async (customerCode: string, area: string, details: Record<string, unknown>[]) => {
    const made = data(await admin.post<Result>(`${OUT}/submit`, { billDate: '2026-11-24', customerCode, warehouseAreaCode: area, stockType: 'NORMAL', details }));
    const done = data(await admin.post<Result>(`${OUT}/allocate`, { id: made.id, version: made.version, allocatedAt: '2026-11-24T08:00:00.000Z' }));
    expect(done.state).toBe('Allocated');
    return { ...made, version: done.version };
  };
  const detail = async <T = Record<string, unknown>>(path: string, id: string) => data(await admin.get<T>(`${path}/detail?id=${id}`));
  /** The pick sheet: its pages' text (whitespace removed), or the refusal's status and message. */
  const sheet = async (id: string) => {
    const res = await fetch(`${t.url}${WAVE}/print/pick-sheet?id=${id}`, { headers: admin.headers({ 'Accept-Language': 'en' }) });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return { status: res.status, text: String((JSON.parse(bytes.toString('utf8')) as { msg: string }).msg) };
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pages = JSON.parse(execFileSync(process.execPath, [READER], { input: bytes, maxBuffer: 16 * 1024 * 1024 }).toString('utf8')) as string[];
    return { status: 200, text: pages.join('').replace(/\s+/g, '') };
  };
  const frozen = async (customerCode: string, materialCode: string) =>
    data(await admin.get<Stock>(`/api/bl-warehouse/stock/list?customerCode=${customerCode}&materialCode=${materialCode}&size=50`)).records.map((r) => [r.warehousePlaceCode, r.qty, r.djQty]);

  it("gathers two owners' bills of two zones, walks area then bin, refuses a waved bill's own pick, and picks every bill with the wave", async () => {
    await receive('C001', 'SH1-A', [
      { materialCode: 'M0050', batchNo: 'W1', qty: 10, warehousePlaceCode: 'A-03-01' },
      { materialCode: 'M0051', batchNo: 'W1', qty: 10, warehousePlaceCode: 'A-01-02' },
    ]);
    await receive('C002', 'SH1-B', [{ materialCode: 'M0045', batchNo: 'W1', qty: 10, warehousePlaceCode: 'B-02-01' }]);
    const b1 = await allocated('C001', 'SH1-A', [{ materialCode: 'M0050', qty: 3 }, { materialCode: 'M0051', qty: 2 }]);
    const b2 = await allocated('C001', 'SH1-A', [{ materialCode: 'M0050', qty: 4 }]);
    const b3 = await allocated('C002', 'SH1-B', [{ materialCode: 'M0045', qty: 5 }]);

    const made = data(await admin.post<Result>(`${WAVE}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1', details: [b1, b2, b3].map((b) => ({ osBillNo: b.billNo })) }));
    expect(made.billNo).toMatch(/^BO/);
    const issued = data(await admin.post<Result>(`${WAVE}/issue`, { id: made.id, version: made.version }));
    expect(issued.state).toBe('Issued');
    const wave = await detail<Wave>(WAVE, made.id);
    // zone A first (aisle 1 before aisle 3), then zone B; the two bills' pieces at A-03-01 are one step
    expect(wave.path.map((s) => [s.seq, s.warehouseAreaCode, s.warehousePlaceCode, s.customerCode, s.materialCode, s.qty])).toEqual([
      [1, 'SH1-A', 'A-01-02', 'C001', 'M0051', 2],
      [2, 'SH1-A', 'A-03-01', 'C001', 'M0050', 7],
      [3, 'SH1-B', 'B-02-01', 'C002', 'M0045', 5],
    ]);
    expect(wave.path[1]!.bills).toBe(`${b1.billNo}(1):3, ${b2.billNo}(1):4`);
    // dock -> (1,2) -> (3,1) -> dock in zone A (3 + 3 + 4), dock -> (2,1) -> dock in zone B (3 + 3)
    expect([wave.binVisits, wave.pathLength]).toEqual([3, 16]);
    for (const b of [b1, b2, b3]) expect(await detail(OUT, b.id)).toMatchObject({ state: 'Waved', waveNo: made.billNo });

    // a gathered bill is picked with its wave only, and keeps its stock until the wave lets it go
    const bill1 = await detail<Result>(OUT, b1.id);
    for (const action of ['pick', 'release']) {
      const alone = await admin.post(`${OUT}/${action}`, { id: b1.id, version: bill1.version, picker: '王五' }, EN);
      expect(alone.status).toBe(409);
      expect(alone.body.msg).toBe(`Outbound bill "${b1.billNo}" is in wave "${made.billNo}": it is picked with the wave, or the wave is cancelled first`);
    }
    // nor can a second wave take it (a draft may name it: the issue refuses, naming the wave it is in)
    const second = data(await admin.post<Result>(`${WAVE}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-A', details: [{ osBillNo: b1.billNo }] }));
    const again = await admin.post(`${WAVE}/issue`, { id: second.id, version: second.version }, EN);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`Outbound bill "${b1.billNo}" is in wave "${made.billNo}": it is picked with the wave, or the wave is cancelled first`);

    // the pick sheet, in walking order
    const printed = await sheet(made.id);
    expect(printed.status).toBe(200);
    const at = (s: string) => printed.text.indexOf(s);
    expect(at('Wavepicksheet')).toBeGreaterThanOrEqual(0);
    expect(at('A-01-02')).toBeGreaterThan(0);
    expect(at('A-01-02')).toBeLessThan(at('A-03-01'));
    expect(at('A-03-01')).toBeLessThan(at('B-02-01'));

    // a short step is refused naming it; every step at its quantity picks the wave and every bill
    const steps = wave.path.map((s) => ({ seq: s.seq, pickedQty: s.qty }));
    const short = await admin.post(`${WAVE}/pick`, { id: made.id, version: issued.version, picker: '李四', picked: steps.map((s) => (s.seq === 2 ? { ...s, pickedQty: 6 } : s)) }, EN);
    expect(short.status).toBe(409);
    expect(short.body.msg).toContain('Step 2, location "A-03-01", material "M0050" is short: 7 to pick, 6 picked');
    const done = data(await admin.post<Result>(`${WAVE}/pick`, { id: made.id, version: issued.version, picker: '李四', picked: steps, pickedAt: '2026-11-24T10:00:00.000Z' }));
    expect(done.state).toBe('Picked');
    for (const b of [b1, b2, b3]) expect(await detail(OUT, b.id)).toMatchObject({ state: 'Picked', picker: '李四', pickedAt: '2026-11-24T10:00:00.000Z', waveNo: made.billNo });
    // picking moves no stock (as a bill's own pick): the pieces stay frozen for the shipment, which takes them out as before
    expect(await frozen('C001', 'M0050')).toEqual([['A-03-01', 10, 7]]);
    const bill2 = await detail<Result>(OUT, b2.id);
    expect(data(await admin.post<Result>(`${OUT}/ship`, { id: b2.id, version: bill2.version, shippedAt: '2026-11-24T11:00:00.000Z' })).state).toBe('Shipped');
    expect(await frozen('C001', 'M0050')).toEqual([['A-03-01', 6, 3]]);
  });

  it('a cancelled wave gives its bills back: allocated again, in no wave, picked alone', async () => {
    await receive('C001', 'SH1-A', [{ materialCode: 'M0052', batchNo: 'W2', qty: 5, warehousePlaceCode: 'A-02-02' }]);
    const b = await allocated('C001', 'SH1-A', [{ materialCode: 'M0052', qty: 2 }]);
    const made = data(await admin.post<Result>(`${WAVE}/submit`, { billDate: '2026-11-24', warehouseAreaCode: 'SH1-A', customerCode: 'C001', details: [{ osBillNo: b.billNo }] }));
    const issued = data(await admin.post<Result>(`${WAVE}/issue`, { id: made.id, version: made.version }));
    expect(await detail(OUT, b.id)).toMatchObject({ state: 'Waved' });
    expect(data(await admin.post<Result>(`${WAVE}/cancel`, { id: made.id, version: issued.version })).state).toBe('Cancelled');
    const back = await detail<Result & { waveNo?: string }>(OUT, b.id);
    expect(back.state).toBe('Allocated');
    expect(back.waveNo).toBeUndefined();
    expect(data(await admin.post<Result>(`${OUT}/pick`, { id: b.id, version: back.version, picker: '王五' })).state).toBe('Picked');
    // a cancelled wave prints no sheet
    expect(await sheet(made.id)).toEqual({ status: 409, text: 'The wave is Cancelled: its pick sheet is printed once it is issued' });
  });
});
