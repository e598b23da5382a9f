import { consignmentDocument, consignmentbill, deliverybill, dispatchDocument } from '@tpl/contracts';
import { documentSpec, folded } from '@tpl/documents/test';
import { deliveryDecisions, dispatchDecisions, orderDecisions, type DispatchFacts } from './decisions';

// given a document's facts and what its load read, when an action is asked, then what the kit records and causes in the same transaction
const now = '2026-11-23T00:00:00.000Z';

describe('the order accepted into notes', () => {
  const spec = documentSpec(consignmentDocument, orderDecisions, { id: 'd1', billNo: 'TY1' });
  const audited = [
    spec.created({ customerCode: 'C001', consignee: { name: 'n' }, deliveryMode: 'HOME_DELIVERY', plannedDate: '2026-11-24', lines: [{ materialCode: 'M1', name: 'Rice', qty: 10, weg: 100 }] }),
    spec.acted('audit'),
  ];

  it('fills one id per note and creates each note in the same transaction', () => {
    const { doc, effects } = spec.given(audited).when({ act: 'dispatch', fields: { splits: [{ noteNo: 2, materialCode: 'M1', qty: 4 }] } }, { now }).then({ doc: { state: 'Accepted' } });
    const notes = doc!.notes!;
    expect(notes).toHaveLength(2);
    expect(effects).toEqual([
      expect.objectContaining({ create: 'consignmentbill', id: notes[0]!.id, content: expect.objectContaining({ orderId: 'd1', orderBillNo: 'TY1', noteNo: 1, lines: [expect.objectContaining({ qty: 6, weg: 60 })] }) }),
      expect.objectContaining({ create: 'consignmentbill', id: notes[1]!.id, content: expect.objectContaining({ noteNo: 2, lines: [expect.objectContaining({ qty: 4, weg: 40 })] }) }),
    ]);
  });

  it('refuses splits beyond the order before anything is written', () => {
    spec.given(audited).when({ act: 'dispatch', fields: { splits: [{ noteNo: 2, materialCode: 'M1', qty: 11 }] } }, { now }).thenRefused({ code: 409, key: 'transport.errors.splitExceeds' });
  });
});

describe('the dispatch bill issued', () => {
  const spec = documentSpec(dispatchDocument, dispatchDecisions(undefined), { id: 'd1', billNo: 'PC1' });
  const notes = documentSpec(consignmentbill, {}, { id: 'n1', billNo: 'YD1' });
  const noteContent = { customerCode: 'C001', lines: [{ materialCode: 'M1', qty: 1, weg: 500 }] };
  /** note YD1, open, changed once (version 2) */
  const open = folded(consignmentbill, {}, [notes.created(noteContent), notes.changed(noteContent)], { id: 'n1', billNo: 'YD1' });
  const dispatched = { dispatchId: 'd1', dispatchBillNo: 'PC1', carNo: '沪A12345' };
  const loaded = folded(consignmentbill, {}, [notes.created(noteContent), notes.acted('dispatch', dispatched), notes.acted('load', { loadingBillId: 'z1', loadedAt: now })], { id: 'n1', billNo: 'YD1' });
  const facts = (o: Partial<DispatchFacts> = {}): DispatchFacts => ({
    notes: new Map([['n1', open]]),
    car: { code: '沪A12345', data: { carNo: '沪A12345', driverCode: 'D01', carrierCode: 'CR01' } },
    driver: { code: 'D01', data: { mobile: '13700137000', idCard: '310101198503120014' } },
    carrier: { code: 'CR01', data: {} },
    line: { code: 'L01', data: { durationHours: 4 } },
    rules: new Map(),
    carBookings: [],
    carVersion: 3,
    driverBookings: [],
    driverVersion: 0,
    prices: { rate: { code: 'P', basis: 'WEIGHT', unitPrice: 100 }, goods: new Map() },
    today: '2026-11-23',
    ...o,
  });
  const drafted = (noteVersion = 2) => spec.created({ billDate: '2026-11-23', carNo: '沪A12345', lineCode: 'L01', details: [{ noteId: 'n1', noteVersion }] });

  it("resolves the vehicle's driver and carrier, the window and the freight", () => {
    const { events } = spec.given([drafted()], facts()).when({ act: 'issue' }, { now }).outcome();
    expect(events[0]).toMatchObject({ type: 'DispatchBillIssued', data: { driverCode: 'D01', carrierCode: 'CR01', lineCode: 'L01', plannedStart: now, plannedEnd: '2026-11-23T04:00:00.000Z', freight: 50 } });
  });

  it('books the vehicle and the driver at the versions read, and dispatches each note with its freight', () => {
    const { effects, doc } = spec.given([drafted()], facts()).when({ act: 'issue' }, { now }).then({
      effects: [
        { stream: 'Schedule-t1-car-沪A12345', expectedVersion: 3, events: [{ type: 'ScheduleBooked' }] },
        { stream: 'Schedule-t1-driver-D01', expectedVersion: 0 },
        { document: 'consignmentbill', id: 'n1', action: 'dispatch', fields: { dispatchId: 'd1', carNo: '沪A12345', driverCode: 'D01', freight: 50 } },
      ],
    });
    expect(effects).toHaveLength(3);
    expect((doc!.freightLines ?? []).map((l) => [l.noteId, l.amount])).toEqual([['n1', 50]]);
  });

  it('refuses a note seen at an older version, naming it', () => {
    spec.given([drafted(1)], facts()).when({ act: 'issue' }, { now }).thenRefused({ code: 409, key: 'transport.errors.noteStale', vars: { billNo: 'YD1', current: 2, expected: 1 } });
  });

  it('cannot be cancelled once a note is loaded', () => {
    const issued = [drafted(), spec.acted('issue', { driverCode: 'D01', plannedStart: now, plannedEnd: '2026-11-23T04:00:00.000Z' })];
    spec.given(issued, facts({ notes: new Map([['n1', loaded]]) })).when({ act: 'cancel' }, { now }).thenRefused({ code: 409, key: 'transport.errors.dispatchLoaded', vars: { billNo: 'PC1', note: 'YD1' } });
  });
});

describe('the delivery bill signed', () => {
  const spec = documentSpec(deliverybill, deliveryDecisions, { id: 'd1', billNo: 'QS1' });
  const made = spec.created({ noteId: 'n1', lines: [{ materialCode: 'M1', qty: 5 }] });
  const toSign = [made, spec.acted('release', { arrivalBillNo: 'DH1' })];

  it('records everything signed when no lines are given, and signs the note in the same transaction', () => {
    spec.given(toSign).when({ act: 'sign', fields: { signer: 'h', signature: 's' } }, { now }).then({
      events: [{ type: 'DeliveryBillSigned', data: { signer: 'h', signedAt: now, signature: 's', signedLines: [{ materialCode: 'M1', signedQty: 5, refusedQty: 0 }] } }],
      effects: [{ document: 'consignmentbill', id: 'n1', action: 'sign', fields: { signer: 'h', signature: 's', signedAt: now } }],
    });
  });

  it('an early receipt moves the note too', () => {
    spec.given([made]).when({ act: 'receiveEarly', fields: { receiver: 'r' } }, { now }).then({ effects: [{ action: 'receiveEarly', fields: { receiver: 'r', receivedAt: now } }] });
  });
});
