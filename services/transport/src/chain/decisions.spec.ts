import type { KitDocument } from '@tpl/contracts';
import type { DocumentCommand } from '@tpl/documents';
import { deliveryDecisions, dispatchDecisions, orderDecisions, type DispatchFacts } from './decisions';

// given a document and its facts, when an action is asked, then what the kit records and causes in the same transaction
const meta = { now: '2026-11-23T00:00:00.000Z', actor: { userId: 'u', account: 'dispatcher', name: 'D' } };
const act = (action: string, fields: Record<string, unknown> = {}): DocumentCommand => ({ type: 'Act', data: { id: 'x', expectedVersion: 1, action, fields } });
const doc = (o: Record<string, unknown>) => ({ id: 'd1', tenantId: 't1', billNo: 'B1', state: 'Draft', version: 1, ...o }) as unknown as KitDocument;

describe('the order accepted into notes', () => {
  const order = doc({ billNo: 'TY1', customerCode: 'C001', consignee: { name: 'n' }, deliveryMode: 'HOME_DELIVERY', plannedDate: '2026-11-24', lines: [{ materialCode: 'M1', name: 'Rice', qty: 10, weg: 100 }] });
  it('fills one id per note and creates each note in the same transaction', () => {
    const filled = orderDecisions.fill!(act('dispatch', { splits: [{ noteNo: 2, materialCode: 'M1', qty: 4 }] }), order, undefined, meta) as { notes: { id: string }[] };
    expect(filled.notes).toHaveLength(2);
    const after = { ...order, splits: [{ noteNo: 2, materialCode: 'M1', qty: 4 }], notes: filled.notes };
    const effects = orderDecisions.effects!(act('dispatch'), after, undefined, meta);
    expect(effects).toEqual([
      expect.objectContaining({ create: 'consignmentbill', id: filled.notes[0]!.id, content: expect.objectContaining({ orderId: 'd1', orderBillNo: 'TY1', noteNo: 1, lines: [expect.objectContaining({ qty: 6, weg: 60 })] }) }),
      expect.objectContaining({ create: 'consignmentbill', id: filled.notes[1]!.id, content: expect.objectContaining({ noteNo: 2, lines: [expect.objectContaining({ qty: 4, weg: 40 })] }) }),
    ]);
  });
  it('refuses splits beyond the order before anything is written', () => expect(orderDecisions.check!(act('dispatch', { splits: [{ noteNo: 2, materialCode: 'M1', qty: 11 }] }), order, undefined, meta)?.key).toBe('transport.errors.splitExceeds'));
});

describe('the dispatch bill issued', () => {
  const facts = (o: Partial<DispatchFacts> = {}): DispatchFacts => ({
    notes: new Map([['n1', doc({ id: 'n1', billNo: 'YD1', state: 'Open', version: 2, customerCode: 'C001', lines: [{ materialCode: 'M1', qty: 1, weg: 500 }] })]]),
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
  const bill = doc({ carNo: '沪A12345', lineCode: 'L01', details: [{ noteId: 'n1', noteVersion: 2 }] });
  const d = dispatchDecisions(undefined);
  it('resolves the vehicle\'s driver and carrier, the window and the freight', () => {
    expect(d.check!(act('issue'), bill, facts(), meta)).toBeUndefined();
    expect(d.fill!(act('issue'), bill, facts(), meta)).toMatchObject({ driverCode: 'D01', carrierCode: 'CR01', lineCode: 'L01', plannedStart: meta.now, plannedEnd: '2026-11-23T04:00:00.000Z', freight: 50 });
  });
  it('books the vehicle and the driver at the versions read, and dispatches each note with its freight', () => {
    const after = { ...bill, driverCode: 'D01', carrierCode: 'CR01', plannedStart: meta.now, plannedEnd: '2026-11-23T04:00:00.000Z', freight: 50, freightLines: [{ noteId: 'n1', amount: 50 }] } as unknown as KitDocument;
    const effects = d.effects!(act('issue'), after, facts(), meta);
    expect(effects.slice(0, 2)).toEqual([
      expect.objectContaining({ stream: 'Schedule-t1-car-沪A12345', expectedVersion: 3, events: [expect.objectContaining({ type: 'ScheduleBooked' })] }),
      expect.objectContaining({ stream: 'Schedule-t1-driver-D01', expectedVersion: 0 }),
    ]);
    expect(effects[2]).toEqual({ document: 'consignmentbill', id: 'n1', action: 'dispatch', fields: expect.objectContaining({ dispatchId: 'd1', carNo: '沪A12345', driverCode: 'D01', freight: 50 }) });
  });
  it('refuses a note seen at an older version, naming it', () => expect(d.check!(act('issue'), doc({ ...bill, details: [{ noteId: 'n1', noteVersion: 1 }] }), facts(), meta)?.key).toBe('transport.errors.noteStale'));
  it('cannot be cancelled once a note is loaded', () => {
    const loaded = facts({ notes: new Map([['n1', doc({ id: 'n1', billNo: 'YD1', state: 'Loaded' })]]) });
    expect(d.check!(act('cancel'), doc({ ...bill, state: 'Issued' }), loaded, meta)?.key).toBe('transport.errors.dispatchLoaded');
  });
});

describe('the delivery bill signed', () => {
  const bill = doc({ noteId: 'n1', lines: [{ materialCode: 'M1', qty: 5 }], state: 'ToSign' });
  it('records everything signed when no lines are given, and signs the note in the same transaction', () => {
    expect(deliveryDecisions.check!(act('sign', { signer: 'h' }), bill, undefined, meta)).toBeUndefined();
    expect(deliveryDecisions.fill!(act('sign'), bill, undefined, meta)).toEqual({ signedLines: [{ materialCode: 'M1', signedQty: 5, refusedQty: 0 }] });
    expect(deliveryDecisions.effects!(act('sign'), { ...bill, signer: 'h', signature: 's' } as KitDocument, undefined, meta)).toEqual([{ document: 'consignmentbill', id: 'n1', action: 'sign', fields: { signer: 'h', signature: 's' } }]);
  });
  it('an early receipt moves the note too', () => expect(deliveryDecisions.effects!(act('receiveEarly'), { ...bill, receiver: 'r' } as KitDocument, undefined, meta)[0]).toMatchObject({ action: 'receiveEarly', fields: { receiver: 'r' } }));
});
