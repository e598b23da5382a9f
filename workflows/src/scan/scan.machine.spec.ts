import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import type { ScanBill, ScanMode } from '@tpl/contracts';
import { keptDone, progressOf, scanMachine, taskKey, type ScanEvent, type ScanSubmitInput } from './scan.machine';

// Scan mode's flow: given a bill (what the scan read answers), when the keeper scans and
// confirms, then the state it expects next, its error, and the calls it asks the console for.
type Snap = SnapshotFrom<typeof scanMachine>;
const BUSY = ['loadingBill', 'submitting', 'finishing'];

/** `bill`: what each read answers (a function: the n-th read's answer); `saved`: what an earlier visit kept on the phone */
const given = (
  mode: ScanMode,
  bill: ScanBill | Error | ((n: number) => ScanBill | Error),
  outcome: (input: ScanSubmitInput, n: number) => { version: number; state: string } | Error = (_i, n) => ({ version: 3 + n, state: 'Next' }),
  saved?: Record<string, number>,
) => {
  const calls: ScanSubmitInput[] = [];
  const loads: string[] = [];
  const actor = createActor(
    scanMachine.provide({
      actors: {
        loadBill: fromPromise(async ({ input }) => {
          loads.push(input.billNo);
          const read = typeof bill === 'function' ? bill(loads.length) : bill;
          if (read instanceof Error) throw read;
          return { bill: read, done: saved };
        }),
        submit: fromPromise(async ({ input }) => {
          calls.push(input);
          const out = outcome(input, calls.length);
          if (out instanceof Error) throw out;
          return out;
        }),
      },
    }),
    { input: { mode } },
  ).start();
  /** sends the events in turn, each one after the machine has settled (no call under way) */
  const when = async (...events: (ScanEvent | string)[]): Promise<Snap> => {
    for (const e of events) {
      actor.send(typeof e === 'string' ? { type: 'SCAN', value: e } : e);
      await waitFor(actor, (s) => !BUSY.some((b) => s.matches(b)));
    }
    return actor.getSnapshot();
  };
  return { actor, when, calls, loads };
};

const inbound: ScanBill = {
  id: 'b1',
  billNo: 'RK1',
  version: 3,
  state: 'Received',
  tasks: [{ lineNumber: 1, barcode: 'RK1-001', materialCode: 'M1', materialName: '大米', batchNo: 'L1', qty: 5 }],
};
const twoLines: ScanBill = {
  ...inbound,
  state: 'Draft',
  tasks: [...inbound.tasks, { lineNumber: 2, barcode: 'RK1-002', materialCode: 'M2', materialName: '面', batchNo: '', qty: 2 }],
};
const held: ScanBill = {
  id: 'o1',
  billNo: 'CK1',
  version: 4,
  state: 'Allocated',
  tasks: [
    { lineNumber: 1, barcode: 'RK9-001', materialCode: 'M1', materialName: '大米', batchNo: 'PB', warehousePlaceCode: 'B-04-01', qty: 4 },
    { lineNumber: 1, barcode: 'RK8-001', materialCode: 'M1', materialName: '大米', batchNo: 'PA', warehousePlaceCode: 'B-04-02', qty: 6 },
  ],
};

describe('scan machine', () => {
  it('expects a bill first; an empty scan is an error that goes back to it', async () => {
    const { actor, when } = given('putaway', inbound);
    expect(actor.getSnapshot().value).toBe('bill');
    const s = await when('   ');
    expect(s.value).toBe('error');
    expect(s.context.error).toEqual({ key: 'warehouse.scan.errors.emptyScan' });
    expect((await when({ type: 'DISMISS' })).value).toBe('bill');
  });

  it('put-away: place, item, quantity, confirm is one submitted placement; then the next place, until nothing is left', async () => {
    const { when, calls, loads } = given('putaway', inbound, (_i, n) => ({ version: 3 + n, state: n === 1 ? 'PuttingAway' : 'Stored' }));
    expect((await when('RK1')).value).toBe('place');
    expect(loads).toEqual(['RK1']);
    expect((await when('B-01-01')).value).toBe('item');
    expect((await when('rk1-001')).value).toBe('quantity');
    const tooMany = await when('9');
    expect(tooMany.value).toBe('error');
    expect(tooMany.context.error).toEqual({ key: 'warehouse.scan.errors.qtyTooHigh', vars: { qty: 9, left: 5 } });
    // the next input answers the error: taken where it was (the quantity)
    const confirm = await when('3');
    expect(confirm.value).toBe('confirm');
    expect(confirm.context.qty).toBe(3);
    expect(calls).toEqual([]);
    const next = await when({ type: 'CONFIRM' });
    expect(calls).toEqual([{ mode: 'putaway', bill: inbound, entries: [{ task: inbound.tasks[0], place: 'B-01-01', qty: 3 }] }]);
    expect(next.value).toBe('place');
    expect(next.context.bill).toMatchObject({ version: 4, state: 'PuttingAway' });
    const done = await when('B-01-02', 'RK1-001', '2', { type: 'CONFIRM' });
    expect(done.value).toBe('done');
    expect(calls[1]).toMatchObject({ bill: { version: 4 }, entries: [{ place: 'B-01-02', qty: 2 }] });
  });

  it('a wrong item is an error naming the code; dismissed, the item is expected again', async () => {
    const { when } = given('putaway', inbound);
    const wrong = await when('RK1', 'B-01-01', 'XYZ');
    expect(wrong.value).toBe('error');
    expect(wrong.context).toMatchObject({ error: { key: 'warehouse.scan.errors.wrongItem', vars: { code: 'XYZ' } }, resume: 'item' });
    const back = await when({ type: 'DISMISS' });
    expect(back.value).toBe('item');
    expect(back.context.error).toBeUndefined();
  });

  it('receive: every line counted at its quantity is confirmed here, then one receive call with all of them', async () => {
    const { when, calls } = given('receive', twoLines, () => ({ version: 4, state: 'Received' }));
    // receive needs no place
    expect((await when('RK1')).value).toBe('item');
    const short = await when('RK1-001', '4');
    expect(short.context.error).toEqual({ key: 'warehouse.scan.errors.qtyMustEqual', vars: { left: 5 } });
    expect((await when('5', { type: 'CONFIRM' })).value).toBe('item');
    expect(calls).toEqual([]);
    // a line already confirmed is no longer an item to scan
    expect((await when('RK1-001')).context.error).toMatchObject({ key: 'warehouse.scan.errors.wrongItem' });
    const done = await when({ type: 'DISMISS' }, 'RK1-002', '2', { type: 'CONFIRM' });
    expect(done.value).toBe('done');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.entries.map((e) => [e.task.lineNumber, e.qty])).toEqual([[1, 5], [2, 2]]);
    expect(done.context.bill).toMatchObject({ state: 'Received' });
  });

  it('pick: the place of a held row (the next one named on a wrong scan), its barcode there, what is held; then one pick call', async () => {
    const { when, calls } = given('pick', held, () => ({ version: 5, state: 'Picked' }));
    const wrongPlace = await when('CK1', 'B-09-09');
    expect(wrongPlace.context.error).toEqual({ key: 'warehouse.scan.errors.wrongPlace', vars: { expected: 'B-04-01', code: 'B-09-09' } });
    // the barcode of the row held at the other place is not the item here
    const otherRow = await when('b-04-01', 'RK8-001');
    expect(otherRow.context).toMatchObject({ place: 'B-04-01', error: { key: 'warehouse.scan.errors.wrongItem' } });
    expect((await when('RK9-001', '4', { type: 'CONFIRM' })).value).toBe('place');
    expect(calls).toEqual([]);
    const done = await when('B-04-02', 'RK8-001', '6', { type: 'CONFIRM' });
    expect(done.value).toBe('done');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ mode: 'pick', bill: { id: 'o1', version: 4 } });
    expect(calls[0]!.entries.map((e) => [e.place, e.qty])).toEqual([['B-04-01', 4], ['B-04-02', 6]]);
  });

  it('a bill that cannot be loaded is an error with the server message, back to the bill', async () => {
    const { when } = given('receive', new Error('There is no bill "X"'));
    const s = await when('X');
    expect(s.value).toBe('error');
    expect(s.context).toMatchObject({ error: { message: 'There is no bill "X"' }, resume: 'bill' });
    expect((await when({ type: 'DISMISS' })).value).toBe('bill');
  });

  it('a refused submission keeps what was confirmed: dismissed, it is sent again', async () => {
    let refuse = true;
    const { when, calls } = given('receive', inbound, () => {
      if (refuse) return new Error('409 stale');
      return { version: 9, state: 'Received' };
    });
    const failed = await when('RK1', 'RK1-001', '5', { type: 'CONFIRM' });
    expect(failed.value).toBe('error');
    expect(failed.context.error).toEqual({ message: '409 stale' });
    refuse = false;
    expect((await when({ type: 'DISMISS' })).value).toBe('done');
    expect(calls).toHaveLength(2);
  });


  it('a refused put-away reads the bill again and starts the placement over: the next scan of a place is taken at once', async () => {
    const after: ScanBill = { ...inbound, version: 7, state: 'PuttingAway' };
    let refuse = true;
    const { when, calls, loads } = given('putaway', (n) => (n === 1 ? inbound : after), (_i, n) => (refuse ? new Error('Location "A-01-01" is not in warehouse area "SH1-B"') : { version: 7 + n, state: 'Stored' }));
    const failed = await when('RK1', 'A-01-01', 'RK1-001', '5', { type: 'CONFIRM' });
    expect(failed.value).toBe('error');
    expect(failed.context).toMatchObject({ error: { message: 'Location "A-01-01" is not in warehouse area "SH1-B"' }, resume: 'place', place: undefined, task: undefined, qty: undefined });
    // read again: the version the next call is made at
    expect(loads).toEqual(['RK1', 'RK1']);
    expect(failed.context.bill).toMatchObject({ version: 7 });
    refuse = false;
    // the right place, scanned with the error still shown, is taken as the place
    const place = await when('B-02-04');
    expect(place.value).toBe('item');
    expect(place.context.place).toBe('B-02-04');
    const done = await when('RK1-001', '5', { type: 'CONFIRM' });
    expect(done.value).toBe('done');
    expect(calls.map((c) => [c.bill.version, c.entries[0]!.place])).toEqual([[3, 'A-01-01'], [7, 'B-02-04']]);
  });

  it('a refused receive keeps the confirmations that still fit the bill read again; Enter sends it again, another scan is said', async () => {
    let refuse = true;
    const { when, calls, loads } = given('receive', (n) => ({ ...inbound, state: 'Draft', version: 3 + n }), () => (refuse ? new Error('409 stale') : { version: 9, state: 'Received' }));
    const failed = await when('RK1', 'RK1-001', '5', { type: 'CONFIRM' });
    expect(failed.value).toBe('error');
    expect(failed.context).toMatchObject({ error: { message: '409 stale' }, resume: 'finish', done: { [taskKey(inbound.tasks[0]!)]: 5 }, bill: { version: 5 } });
    expect(loads).toHaveLength(2);
    // a scan when there is nothing left to scan: said, not dropped
    const extra = await when('RK1-001');
    expect(extra.value).toBe('error');
    expect(extra.context.error).toEqual({ key: 'warehouse.scan.errors.allScanned' });
    refuse = false;
    // Enter (an empty scan) sends the bill again, at the version read
    const done = await when('');
    expect(done.value).toBe('done');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ bill: { version: 5 }, entries: [{ qty: 5 }] });
  });

  it('a refused pick whose bill changed under it keeps only the confirmations of rows still held, and asks for the rest', async () => {
    const changed: ScanBill = { ...held, version: 8, tasks: [held.tasks[1]!, { ...held.tasks[0]!, barcode: 'RK7-001', batchNo: 'PC' }] };
    const { when } = given('pick', (n) => (n === 1 ? held : changed), () => new Error('409 stale'));
    const failed = await when('CK1', 'B-04-01', 'RK9-001', '4', { type: 'CONFIRM' }, 'B-04-02', 'RK8-001', '6', { type: 'CONFIRM' });
    expect(failed.context).toMatchObject({ resume: 'place', done: { [taskKey(held.tasks[1]!)]: 6 } });
    // the row now held at B-04-01 is the one to pick; scanning its place is taken
    expect((await when('B-04-01')).value).toBe('item');
  });

  it('a scan while a confirmation waits is said, not dropped; BACK steps back; RESTART forgets the bill', async () => {
    const { when } = given('putaway', inbound);
    const waiting = await when('RK1', 'B-01-01', 'RK1-001', '1');
    expect(waiting.value).toBe('confirm');
    const scanned = await when('B-01-02');
    expect(scanned.context.error).toEqual({ key: 'warehouse.scan.errors.confirmFirst' });
    expect((await when({ type: 'DISMISS' })).value).toBe('confirm');
    expect((await when({ type: 'BACK' })).value).toBe('quantity');
    expect((await when({ type: 'BACK' })).value).toBe('item');
    expect((await when({ type: 'BACK' })).value).toBe('place');
    const fresh = await when({ type: 'RESTART' });
    expect(fresh.value).toBe('bill');
    expect(fresh.context).toMatchObject({ mode: 'putaway', done: {}, bill: undefined, billNo: undefined });
  });

  it('shows progress across visits: what the server did before, and what an earlier visit confirmed on the phone', async () => {
    const partly: ScanBill = { ...inbound, state: 'PuttingAway', tasks: [{ ...inbound.tasks[0]!, qty: 2, doneQty: 3 }, { ...inbound.tasks[0]!, lineNumber: 2, barcode: 'RK1-002', qty: 0, doneQty: 5 }] };
    const put = await given('putaway', partly).when('RK1');
    expect(progressOf(put.context)).toEqual({ done: 8, total: 10, percent: 80 });
    expect(put.value).toBe('place');

    const key = taskKey(twoLines.tasks[0]!);
    const back = await given('receive', twoLines, undefined, { [key]: 5, 'gone|x||': 3 }).when('RK1');
    expect(back.context.done).toEqual({ [key]: 5 });
    expect(progressOf(back.context)).toEqual({ done: 5, total: 7, percent: 71 });
    // only the line not yet confirmed is asked for
    expect((await given('receive', twoLines, undefined, { [key]: 5 }).when('RK1', 'RK1-001')).context.error).toMatchObject({ key: 'warehouse.scan.errors.wrongItem' });
    // kept confirmations never pass what the task has
    expect(keptDone(twoLines, { [key]: 50 })).toEqual({ [key]: 5 });
  });
});
