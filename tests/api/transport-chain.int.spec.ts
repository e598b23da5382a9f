import Decimal from 'decimal.js';
import type { BoardDispatchResult, ChainView, CommandResult, FreightExplanation, KitDocument, TimelineEntry } from '@tpl/contracts';
import { TransportChain } from '@tpl/transport';
import { ApiClient, data, type Answer } from '../support/api-client';
import { DOMAIN_STORES } from '../support/databases';
import { consignmentInput } from '../support/fixtures';
import { startTestHost, type TestHost } from '../support/host';
import { seedTransportFleet } from '../support/transport-chain';

// The transport chain (issue 14) end to end through the API: order -> notes -> dispatch ->
// loading -> arrival -> review -> signing, every dispatch rule's refusal, freight, the order
// following its notes, the timeline and the chain as of an event, and the board's race.
const T = '/api/bl-transport';
const TENANT = '100001';

const ok = <T>(a: Answer<T>): T => {
  if (a.status !== 200) throw new Error(`expected 200, got ${a.status}: ${a.body.msg}`);
  return data(a);
};

describe.each(DOMAIN_STORES)('transport chain on %s store', (kind) => {
  let t: TestHost;
  let dispatcher: ApiClient;
  let auditor: ApiClient;
  let owner: ApiClient;
  let plates: string[];
  let drain: () => Promise<void>;

  beforeAll(async () => {
    t = await startTestHost(kind);
    plates = await seedTransportFleet(t);
    dispatcher = await t.client().as(TENANT, 'dispatcher');
    auditor = await t.client().as(TENANT, 'auditor');
    owner = await t.client().as(TENANT, 'owner');
    drain = () => t.host.app.get(TransportChain).drain();
  }, 300_000);
  afterAll(async () => t?.stop());

  /** An audited order accepted into notes (splits as given): the order and its notes. */
  const acceptedOrder = async (overrides: Record<string, unknown> = {}, splits: unknown[] = []) => {
    const o = ok(await dispatcher.post<CommandResult>(`${T}/consignment/submit`, consignmentInput(overrides)));
    const a = ok(await dispatcher.post<CommandResult>(`${T}/consignment/audit`, { id: o.id, version: o.version }));
    const accepted = ok(await dispatcher.post<CommandResult>(`${T}/consignment/dispatch`, { id: o.id, version: a.version, splits }));
    const order = ok(await dispatcher.get<KitDocument>(`${T}/consignment/detail?id=${o.id}`));
    const notes = await Promise.all((order.notes as { id: string }[]).map(async (n) => ok(await dispatcher.get<KitDocument>(`${T}/consignmentbill/detail?id=${n.id}`))));
    return { order: { ...order, version: accepted.version }, notes };
  };
  const board = (notes: KitDocument[], carNo: string, extra: Record<string, unknown> = {}) =>
    dispatcher.post<BoardDispatchResult>(`${T}/dispatch/board-dispatch`, { notes: notes.map((n) => ({ id: n.id, version: n.version })), carNo, lineCode: 'L01', ...extra });
  const detail = async (doc: string, id: string) => ok(await dispatcher.get<KitDocument>(`${T}/${doc}/detail?id=${id}`));
  let vehicle = 0;
  /** a vehicle of its own for each dispatch that is not about schedules */
  const nextPlate = () => plates[4 + (vehicle++ % 6)]!;
  const windowAt = (day: number) => ({ plannedStart: `2026-12-${String(day).padStart(2, '0')}T08:00:00+08:00`, plannedEnd: `2026-12-${String(day).padStart(2, '0')}T18:00:00+08:00` });
  let day = 1;

  it('walks order -> split notes -> dispatch -> loading -> arrival -> review -> signing; the order follows its notes; timeline and chain as of', async () => {
    const { order, notes } = await acceptedOrder({}, [{ noteNo: 2, materialCode: 'M0007', qty: 4 }]);
    expect(order.state).toBe('Accepted');
    expect(notes.map((n) => n.state)).toEqual(['Open', 'Open']);
    // the split: 6 + 4 of M0007, every other unit on note 1; weights go with quantities
    expect((notes[1]!.lines as { materialCode: string; qty: number; weg: number }[])).toEqual([expect.objectContaining({ materialCode: 'M0007', qty: 4, weg: 40 })]);
    expect(notes[0]!.totals).toMatchObject({ qty: 11, weg: 96 });
    expect(notes.map((n) => [n.billType, n.orderBillNo, n.customerCode])).toEqual([[2, order.billNo, 'C001'], [2, order.billNo, 'C001']]);

    // the board: one atomic dispatch; the vehicle's driver and carrier by default
    const put = ok(await board(notes, plates[0]!, windowAt(day++)));
    expect(put.dispatch.state).toBe('Issued');
    expect(put.notes.map((n) => n.state)).toEqual(['Dispatched', 'Dispatched']);
    const dispatch = await detail('dispatch', put.dispatch.id);
    expect(dispatch).toMatchObject({ carNo: plates[0], driverCode: 'D01', carrierCode: 'CR01', lineCode: 'L01' });

    // freight: each amount explained, the explanation adding up to the amount on the bill and on each note
    const freight = ok(await dispatcher.get<FreightExplanation>(`${T}/dispatch/freight?id=${dispatch.id}`));
    expect(freight.freight).toBe(dispatch.freight);
    const sum = (xs: number[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toNumber();
    expect(sum(freight.lines.map((l) => l.amount))).toBe(freight.freight);
    for (const l of freight.lines) expect(l.amount).toBe(new Decimal(l.quantity).mul(l.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber());
    // M0007 by the route's weight rate, M0008 by its goods price per m³, packages at the package price
    expect(freight.lines.filter((l) => l.noteId === notes[0]!.id).map((l) => [l.materialCode, l.source, l.priceCode, l.basis])).toEqual([
      ['M0007', 'basicpay', 'P-L01', 'WEIGHT'],
      ['M0007', 'basicpackge', 'PK', 'PACKAGE'],
      ['M0008', 'basicgoodsforpay', 'G-L01-M0008', 'VOLUME'],
      ['M0008', 'basicpackge', 'PK', 'PACKAGE'],
    ]);
    for (const n of freight.notes) expect((await detail('consignmentbill', n.noteId)).freight).toBe(n.freight);
    await drain();
    expect((await detail('consignment', order.id)).state).toBe('Dispatched');

    // loading, then the arrival confirmation (loadingBillEdit)
    const lb = ok(await dispatcher.post<CommandResult>(`${T}/loadingbill/submit`, { billDate: '2026-12-01', dispatchId: dispatch.id, details: notes.map((n) => ({ noteId: n.id, noteBillNo: n.billNo, packages: 1 })) }));
    const loaded = ok(await dispatcher.post<CommandResult>(`${T}/loadingbill/load`, { id: lb.id, version: lb.version }));
    expect((await detail('loadingbill', lb.id))).toMatchObject({ dispatchBillNo: dispatch.billNo, carNo: plates[0] });
    expect((await detail('consignmentbill', notes[0]!.id)).state).toBe('Loaded');
    await drain();
    expect((await detail('consignment', order.id)).state).toBe('Loaded');
    ok(await dispatcher.post(`${T}/loadingbill/arrive`, { id: lb.id, version: loaded.version, arrivedAt: new Date().toISOString() }));
    const loading = await detail('loadingbill', lb.id);
    const arrival = await detail('arrivalbill', String(loading.arrivalBillId));
    expect(arrival).toMatchObject({ state: 'AwaitingReview', loadingBillNo: lb.billNo, dispatchBillNo: dispatch.billNo });
    const arrivedNotes = await Promise.all(notes.map((n) => detail('consignmentbill', n.id)));
    expect(arrivedNotes.map((n) => n.state)).toEqual(['Arrived', 'Arrived']);
    const deliveries = await Promise.all(arrivedNotes.map((n) => detail('deliverybill', String(n.deliveryBillId))));
    expect(deliveries.map((d) => d.state)).toEqual(['AwaitingReview', 'AwaitingReview']);

    // early receipt of note 2's delivery notice, before the review
    ok(await dispatcher.post(`${T}/deliverybill/receive-early`, { id: deliveries[1]!.id, version: deliveries[1]!.version, receiver: '韩梅' }));
    expect((await detail('consignmentbill', notes[1]!.id)).state).toBe('ReceivedEarly');

    // the review confirmation (arrivalBillEdit): an exception needs a remark
    expect((await dispatcher.post(`${T}/arrivalbill/review`, { id: arrival.id, version: arrival.version, reviewResult: 'EXCEPTION' })).body.msg).toMatch(/remark/i);
    ok(await dispatcher.post(`${T}/arrivalbill/review`, { id: arrival.id, version: arrival.version, reviewResult: 'OK' }));
    expect((await detail('consignmentbill', notes[0]!.id)).state).toBe('Reviewed');
    expect((await detail('consignmentbill', notes[1]!.id)).state).toBe('ReceivedEarly');
    const toSign = await detail('deliverybill', deliveries[0]!.id);
    expect(toSign.state).toBe('ToSign');

    // signing: the action must match the quantities; partial signing needs a reason
    const signBase = { signer: '韩梅', signature: crypto.randomUUID(), photos: [{ attachId: crypto.randomUUID() }] };
    const rice = (toSign.lines as { materialCode: string; qty: number }[]).map((l) => (l.materialCode === 'M0007' ? { materialCode: l.materialCode, signedQty: l.qty - 1, refusedQty: 1 } : { materialCode: l.materialCode, signedQty: l.qty, refusedQty: 0 }));
    expect((await dispatcher.post(`${T}/deliverybill/sign`, { id: toSign.id, version: toSign.version, ...signBase, signedLines: rice })).body.msg).toMatch(/partial/i);
    expect((await dispatcher.post(`${T}/deliverybill/sign-partially`, { id: toSign.id, version: toSign.version, ...signBase, signedLines: rice })).status).toBe(400);
    ok(await dispatcher.post(`${T}/deliverybill/sign-partially`, { id: toSign.id, version: toSign.version, ...signBase, signedLines: rice, reason: '一袋破损' }));
    const d2 = await detail('deliverybill', deliveries[1]!.id);
    ok(await dispatcher.post(`${T}/deliverybill/sign`, { id: d2.id, version: d2.version, ...signBase }));
    const signed = await Promise.all(notes.map((n) => detail('consignmentbill', n.id)));
    expect(signed.map((n) => n.state)).toEqual(['PartiallySigned', 'Signed']);
    expect(signed[0]).toMatchObject({ signer: '韩梅', reason: '一袋破损', signature: signBase.signature });
    await drain();
    expect((await detail('consignment', order.id)).state).toBe('PartiallySigned');

    // the auditor's timeline: every event of the order and its documents, in the store's global order
    const timeline = ok(await auditor.get<TimelineEntry[]>(`${T}/consignment/timeline?id=${order.id}`));
    const types = new Set(timeline.map((e) => e.documentType));
    expect([...types].sort()).toEqual(['arrivalbill', 'consignment', 'consignmentbill', 'deliverybill', 'dispatch', 'loadingbill']);
    const positions = timeline.map((e) => BigInt(e.globalPosition));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['ConsignmentCreated', 'ConsignmentAccepted', 'ConsignmentBillCreated', 'DispatchBillIssued', 'LoadingBillLoaded', 'ArrivalBillReviewed', 'DeliveryBillPartiallySigned', 'ConsignmentPartiallySigned']));
    expect(timeline.every((e) => e.billNo && e.actor.account && e.correlationId)).toBe(true);

    // the chain as it stood right after the dispatch was issued
    const issued = timeline.find((e) => e.type === 'DispatchBillIssued')!;
    const then = ok(await auditor.get<ChainView>(`${T}/consignment/chain?id=${order.id}&at=${issued.globalPosition}`));
    const stateOf = (c: ChainView, type: string) => c.documents.filter((d) => d.documentType === type).map((d) => d.state);
    expect(stateOf(then, 'dispatch')).toEqual(['Issued']);
    expect(stateOf(then, 'loadingbill')).toEqual([]);
    expect(stateOf(then, 'consignment')).toEqual(['Accepted']);
    const now = ok(await auditor.get<ChainView>(`${T}/consignment/chain?id=${order.id}`));
    expect(stateOf(now, 'consignmentbill').sort()).toEqual(['PartiallySigned', 'Signed']);
    expect(stateOf(now, 'consignment')).toEqual(['PartiallySigned']);

    // scoped like every document read: the cargo owner of C001 reads its own order's chain, not another owner's
    expect((await owner.get(`${T}/consignment/timeline?id=${order.id}`)).status).toBe(200);
    const other = await acceptedOrder({ customerCode: 'C002' });
    expect((await owner.get(`${T}/consignment/timeline?id=${other.order.id}`)).status).toBe(404);
    expect((await owner.get(`${T}/consignment/chain?id=${other.order.id}`)).status).toBe(404);
    const otherTenant = await t.client().as('100002', 'dispatcher');
    expect((await otherTenant.get(`${T}/consignment/timeline?id=${order.id}`)).status).toBe(404);
  });

  it('refusal: all refused with a reason; the order is Refused', async () => {
    const { order, notes } = await acceptedOrder();
    const put = ok(await board(notes, nextPlate(), windowAt(day++)));
    const lb = ok(await dispatcher.post<CommandResult>(`${T}/loadingbill/submit`, { billDate: '2026-12-01', dispatchId: put.dispatch.id, details: notes.map((n) => ({ noteId: n.id })) }));
    const l = ok(await dispatcher.post<CommandResult>(`${T}/loadingbill/load`, { id: lb.id, version: lb.version }));
    ok(await dispatcher.post(`${T}/loadingbill/arrive`, { id: lb.id, version: l.version }));
    const arrival = await detail('arrivalbill', String((await detail('loadingbill', lb.id)).arrivalBillId));
    ok(await dispatcher.post(`${T}/arrivalbill/review`, { id: arrival.id, version: arrival.version, reviewResult: 'OK' }));
    const d = await detail('deliverybill', String((await detail('consignmentbill', notes[0]!.id)).deliveryBillId));
    expect((await dispatcher.post(`${T}/deliverybill/refuse`, { id: d.id, version: d.version, signer: '韩梅', signature: 'x' })).status).toBe(400);
    ok(await dispatcher.post(`${T}/deliverybill/refuse`, { id: d.id, version: d.version, signer: '韩梅', signature: 'x', reason: '门店关闭' }));
    expect((await detail('consignmentbill', notes[0]!.id)).state).toBe('Refused');
    await drain();
    expect((await detail('consignment', order.id)).state).toBe('Refused');
  });

  it('refuses each dispatch rule by name, and writes nothing', async () => {
    const refusal = async (a: Promise<Answer<unknown>>) => {
      const r = await a;
      return [r.status, r.body.msg];
    };
    const count = async () => ok(await dispatcher.get<{ total: number }>(`${T}/dispatch/list?size=10`)).total;
    const before = await count();
    const { notes } = await acceptedOrder();
    dispatcher.lang = 'en';
    expect(await refusal(board(notes, '沪B00002'))).toEqual([409, expect.stringMatching(/沪B00002.*invalid/)]);
    expect(await refusal(board(notes, '沪B00001'))).toEqual([409, 'ID card rule: the ID card of driver DBAD has a wrong check digit']);
    expect(await refusal(board(notes, '沪B00003'))).toEqual([409, 'Plate rule: the plate of vehicle 沪B00003 must be 7 characters (ordinary) or 8 (new energy)']);
    expect(await refusal(board(notes, plates[4]!, { driverCode: 'NOPE' }))).toEqual([409, expect.stringMatching(/NOPE/)]);
    expect(await refusal(board(notes, plates[9]!, { lineCode: 'L02' }))).toEqual([409, expect.stringMatching(/L02.*M0007/)]);
    const frozen = await acceptedOrder({ customerCode: 'C002' });
    expect(await refusal(board(frozen.notes, nextPlate()))).toEqual([409, expect.stringMatching(/frozen for customer C002/)]);
    const capped = await acceptedOrder({ customerCode: 'C003' }, [{ noteNo: 2, materialCode: 'M0007', qty: 1 }]);
    expect(await refusal(board(capped.notes, nextPlate()))).toEqual([409, expect.stringMatching(/C003.*at most 1.*carries 2/)]);
    // the cap is per dispatch: one note at a time goes
    ok(await board([capped.notes[0]!], nextPlate(), windowAt(day++)));
    // overlapping schedules: the vehicle, then the driver (on another vehicle)
    const w = windowAt(day++);
    ok(await board(notes, plates[1]!, w));
    const next = await acceptedOrder();
    expect(await refusal(board(next.notes, plates[1]!, { plannedStart: w.plannedStart.replace('08:00', '17:00'), plannedEnd: w.plannedEnd.replace('18:00', '20:00') }))).toEqual([409, expect.stringMatching(/Vehicle .*taken/)]);
    expect(await refusal(board(next.notes, plates[2]!, { ...w, driverCode: 'D02' }))).toEqual([409, expect.stringMatching(/Driver D02 is taken/)]);
    // a note no longer awaiting dispatch, or seen at an older version: named with its state
    expect(await refusal(board(notes, plates[3]!, windowAt(day++)))).toEqual([409, expect.stringMatching(/Dispatched/)]);
    // each refusal above wrote nothing: only the two that went are new
    expect(await count()).toBe(before + 2);
    // a vehicle schedule (scheduling) books the same schedule
    const s = ok(await dispatcher.post<CommandResult>(`${T}/scheduling/submit`, { billDate: '2026-12-01', carNo: plates[3]!, purpose: 'MAINTENANCE', planStart: '2026-12-20T08:00:00+08:00', planEnd: '2026-12-20T12:00:00+08:00' }));
    ok(await dispatcher.post(`${T}/scheduling/confirm`, { id: s.id, version: s.version }));
    expect(await refusal(board(next.notes, plates[3]!, { plannedStart: '2026-12-20T10:00:00+08:00', plannedEnd: '2026-12-20T11:00:00+08:00' }))).toEqual([409, expect.stringMatching(/taken.*PB/)]);
  });

  it('cancelling an issued dispatch puts its notes back to await dispatch and frees the vehicle and driver; once loaded it cannot be cancelled', async () => {
    const { notes } = await acceptedOrder();
    const car = nextPlate();
    const w = windowAt(day++);
    const put = ok(await board(notes, car, w));
    const issued = await detail('dispatch', put.dispatch.id);
    expect(issued.state).toBe('Issued');
    expect((await dispatcher.post(`${T}/dispatch/cancel`, { id: issued.id, version: issued.version - 1, reason: '车辆故障' })).status).toBe(409);
    ok(await dispatcher.post(`${T}/dispatch/cancel`, { id: issued.id, version: issued.version, reason: '车辆故障' }));
    expect(await detail('dispatch', issued.id)).toMatchObject({ state: 'Cancelled', cancelReason: '车辆故障' });
    const freed = await Promise.all(notes.map((n) => detail('consignmentbill', n.id)));
    expect(freed.map((n) => [n.state, n.undispatchedFrom])).toEqual(notes.map(() => ['Open', issued.billNo]));
    // the same vehicle and its driver in the same window: free again
    const again = ok(await board(freed, car, w));
    const lb = ok(await dispatcher.post<CommandResult>(`${T}/loadingbill/submit`, { billDate: '2026-12-01', dispatchId: again.dispatch.id, details: freed.map((n) => ({ noteId: n.id })) }));
    ok(await dispatcher.post(`${T}/loadingbill/load`, { id: lb.id, version: lb.version }));
    const loaded = await detail('dispatch', again.dispatch.id);
    dispatcher.lang = 'en';
    const refused = await dispatcher.post(`${T}/dispatch/cancel`, { id: loaded.id, version: loaded.version, reason: 'too late' });
    expect([refused.status, refused.body.msg]).toEqual([409, expect.stringContaining(String(loaded.billNo))]);
    expect((await detail('dispatch', loaded.id)).state).toBe('Issued');
  });

  it('the race: 8 concurrent board dispatches of the same notes onto different vehicles: one wins, the others 409, no note on two vehicles', async () => {
    const orders = await Promise.all([0, 1, 2].map(() => acceptedOrder()));
    const notes = orders.flatMap((o) => o.notes);
    const w = windowAt(25);
    const answers = await Promise.all(plates.slice(0, 8).map((carNo, i) => board(notes, carNo, { ...w, plannedStart: w.plannedStart.replace('2026-12-25', `2027-01-${String(i + 1).padStart(2, '0')}`), plannedEnd: w.plannedEnd.replace('2026-12-25', `2027-01-${String(i + 1).padStart(2, '0')}`), driverCode: `D0${(i % 4) + 1}` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data as BoardDispatchResult;
    const after = await Promise.all(notes.map((n) => detail('consignmentbill', n.id)));
    expect(new Set(after.map((n) => n.dispatchId))).toEqual(new Set([winner.dispatch.id]));
    expect(after.every((n) => n.version === notes.find((x) => x.id === n.id)!.version + 1)).toBe(true);
    // the losers left no draft behind
    const issued = ok(await dispatcher.get<{ records: { id: string; state: string }[] }>(`${T}/dispatch/list?size=50`)).records;
    expect(issued.filter((d) => d.state === 'Draft')).toEqual([]);
  });
});
