import { documentByName, type Board, type BoardDispatch, type BoardNote } from '@tpl/contracts';
import { EventStreamParser } from '../../web/src/api/eventStream';
import { applyDispatched, boardColumns, dispatchableStates, finalStatesOf, keepNote, mergeChange, notesIn, notesOn, scheduleOf } from '../../web/src/features/transport/board.model';
import { linesToSign, outcomeOf, refuse, signingIssues } from '../../web/src/features/transport/signing.model';

const noteDef = documentByName('consignmentbill');
const note = (over: Partial<BoardNote>): BoardNote => ({
  id: 'n1',
  billNo: 'YD1',
  state: 'Open',
  version: 1,
  customerCode: 'C001',
  lineCode: null,
  orderId: null,
  orderBillNo: null,
  consigneeName: '浦东生鲜超市',
  billDate: '2026-11-26',
  plannedDate: '2026-11-27',
  totals: { qty: 10 },
  dispatchId: null,
  dispatchBillNo: null,
  carNo: null,
  freight: null,
  removed: false,
  position: '10',
  ...over,
});
const bill = (over: Partial<BoardDispatch>): BoardDispatch => ({
  id: 'd1',
  billNo: 'PC1',
  state: 'Issued',
  version: 2,
  carNo: '沪A12345',
  driverCode: 'D001',
  carrierCode: null,
  lineCode: null,
  plannedStart: '2026-11-27T01:00:00.000Z',
  plannedEnd: '2026-11-27T09:00:00.000Z',
  noteIds: ['n1'],
  removed: false,
  position: '12',
  ...over,
});

describe('the board (console model)', () => {
  it('columns are the note states in the description order; a note awaiting dispatch is the one a drop dispatches; final states leave the vehicles', () => {
    expect(boardColumns(noteDef)[0]).toBe(noteDef!.lifecycle.initial);
    expect(boardColumns(noteDef)).toEqual(expect.arrayContaining(['Dispatched', 'Loaded', 'Arrived', 'Signed', 'PartiallySigned', 'Refused', 'Cancelled']));
    expect(dispatchableStates(noteDef)).toEqual([noteDef!.lifecycle.initial]);
    expect(finalStatesOf(noteDef)).toEqual(expect.arrayContaining(['Signed', 'PartiallySigned', 'Refused', 'Cancelled']));
    expect(finalStatesOf(noteDef)).not.toContain('Dispatched');
  });

  it('a pushed change replaces older copies, never newer ones, drops removed rows and moves the position forward only', () => {
    const board: Board = { position: '10', notes: [note({}), note({ id: 'n2', billNo: 'YD2', version: 3, state: 'Dispatched', position: '9' })], dispatches: [] };
    const after = mergeChange(board, { position: '12', notes: [note({ version: 2, state: 'Dispatched', carNo: '沪A12345', position: '11' }), note({ id: 'n2', version: 2, state: 'Open', position: '8' })], dispatches: [bill({})] });
    expect(after.position).toBe('12');
    expect(after.notes.find((n) => n.id === 'n1')).toEqual(expect.objectContaining({ state: 'Dispatched', version: 2, carNo: '沪A12345' }));
    // the stale copy of n2 (version 2 < 3) is ignored
    expect(after.notes.find((n) => n.id === 'n2')).toEqual(expect.objectContaining({ state: 'Dispatched', version: 3 }));
    expect(after.dispatches).toHaveLength(1);
    const removed = mergeChange(after, { position: '5', notes: [note({ version: 4, removed: true, position: '13' })], dispatches: [] });
    expect(removed.notes.map((n) => n.id)).toEqual(['n2']);
    expect(removed.position).toBe('12');
  });

  it("a drop's answer is folded in at once: the note's new state, version and vehicle", () => {
    const board: Board = { position: '10', notes: [note({})], dispatches: [] };
    const after = applyDispatched(board, '沪A12345', { dispatch: { id: 'd1', billNo: 'PC1' }, notes: [{ id: 'n1', version: 2, state: 'Dispatched' }] });
    expect(after.notes[0]).toEqual(expect.objectContaining({ state: 'Dispatched', version: 2, carNo: '沪A12345', dispatchBillNo: 'PC1' }));
  });

  it('filters keep what the server keeps; columns and vehicles list their notes; a schedule is the live bills touching the day', () => {
    const notes = [note({}), note({ id: 'n2', billNo: 'YD2', customerCode: 'C002', state: 'Dispatched', carNo: '沪A12345', position: '20' }), note({ id: 'n3', billNo: 'YD3', state: 'Signed', carNo: '沪A12345' })];
    expect(keepNote({ customerCode: 'C002' }, notes[0]!)).toBe(false);
    expect(keepNote({ date: '2026-11-27' }, notes[0]!)).toBe(true);
    expect(keepNote({ lineCode: 'L1' }, notes[0]!)).toBe(false);
    expect(notesIn(notes, 'Open', {}).map((n) => n.billNo)).toEqual(['YD1']);
    expect(notesOn(notes, '沪A12345', finalStatesOf(noteDef)).map((n) => n.billNo)).toEqual(['YD2']);
    const bills = [bill({}), bill({ id: 'd2', state: 'Cancelled' }), bill({ id: 'd3', plannedStart: '2026-11-29T01:00:00.000Z', plannedEnd: '2026-11-29T02:00:00.000Z' })];
    expect(scheduleOf(bills, '沪A12345', '2026-11-27').map((d) => d.id)).toEqual(['d1']);
    expect(scheduleOf(bills, '沪B00000', '2026-11-27')).toEqual([]);
  });
});

describe('server-sent events on the wire', () => {
  it('frames cut anywhere (even inside a character) come out whole; comments and pings without data are skipped', () => {
    const p = new EventStreamParser();
    const bytes = new TextEncoder().encode('retry: 2000\nevent: ping\ndata: {}\n\n: comment\n\nevent: board\ndata: {"car":"沪A12345"}\n\ndata: a\ndata: b\n\n');
    const out = [...p.push(bytes.slice(0, 7)), ...p.push(bytes.slice(7, 61)), ...p.push(bytes.slice(61))];
    expect(out).toEqual([
      { event: 'ping', data: '{}' },
      { event: 'board', data: '{"car":"沪A12345"}' },
      { event: 'message', data: 'a\nb' },
    ]);
    expect(p.push('event: board\r\ndata: 1\r\n\r\n')).toEqual([{ event: 'board', data: '1' }]);
  });
});

describe('signing (console model, the server rule)', () => {
  const lines = linesToSign({ lines: [{ materialCode: 'M1', name: '大米', qty: 10 }, { materialCode: 'M2', name: '面粉', qty: 0.3 }] });
  it('everything signed unless refused; the rest of a line is signed; the action follows from the quantities', () => {
    expect(outcomeOf(lines)).toBe('sign');
    const partial = [refuse(lines[0]!, 2), lines[1]!];
    expect(partial[0]).toEqual(expect.objectContaining({ signedQty: 8, refusedQty: 2 }));
    expect(outcomeOf(partial)).toBe('signPartially');
    expect(refuse(lines[1]!, 0.1)).toEqual(expect.objectContaining({ signedQty: 0.2, refusedQty: 0.1 }));
    expect(outcomeOf(lines.map((l) => refuse(l, l.qty)))).toBe('refuse');
    expect(refuse(lines[0]!, 99).refusedQty).toBe(10);
  });
  it('a signer, a drawn signature, and a reason when anything is refused', () => {
    expect(signingIssues(lines, '', true, '韩梅')).toEqual([]);
    expect(signingIssues(lines, '', false, ' ')).toEqual(['signing.signer', 'signing.signatureNeeded']);
    expect(signingIssues([refuse(lines[0]!, 1), lines[1]!], '', true, '韩梅')).toEqual(['signing.reasonNeeded']);
    expect(signingIssues([{ ...lines[0]!, signedQty: 9 }], '', true, '韩梅')).toEqual(['signing.overQty']);
  });
});
