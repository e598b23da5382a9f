import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import type { ScanBill, ScanMode } from '@tpl/contracts';
import { scanMachine, type ScanEvent, type ScanSubmitInput } from './scan.machine';

// Scan mode's flow: given a bill (what the scan read answers), when the keeper scans and
// confirms, then the state it expects next, its error, and the calls it asks the console for.
type Snap = SnapshotFrom<typeof scanMachine>;
const BUSY = ['loadingBill', 'submitting', 'finishing'];

const given = (mode: ScanMode, bill: ScanBill | Error, outcome: (input: ScanSubmitInput, n: number) => { version: number; state: string } | Error = (_i, n) => ({ version: bill instanceof Error ? 0 : bill.version + n, state: 'Next' })) => {
  const calls: ScanSubmitInput[] = [];
  const loads: string[] = [];
  const actor = createActor(
    scanMachine.provide({
      actors: {
        loadBill: fromPromise(async ({ input }) => {
          loads.push(input.billNo);
          if (bill instanceof Error) throw bill;
          return bill;
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

  it('a failed put-away goes back to its confirmation; BACK steps back; RESTART forgets the bill', async () => {
    const { when } = given('putaway', inbound, () => new Error('Location "Z" is not in warehouse area "SH1-B"'));
    const failed = await when('RK1', 'Z', 'RK1-001', '1', { type: 'CONFIRM' });
    expect(failed.context.error).toEqual({ message: 'Location "Z" is not in warehouse area "SH1-B"' });
    expect((await when({ type: 'DISMISS' })).value).toBe('confirm');
    expect((await when({ type: 'BACK' })).value).toBe('quantity');
    expect((await when({ type: 'BACK' })).value).toBe('item');
    expect((await when({ type: 'BACK' })).value).toBe('place');
    const fresh = await when({ type: 'RESTART' });
    expect(fresh.value).toBe('bill');
    expect(fresh.context).toMatchObject({ mode: 'putaway', done: {}, bill: undefined, billNo: undefined });
  });
});
