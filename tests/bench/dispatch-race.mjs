// Dispatch race: N notes onto 20 vehicles by 8 concurrent dispatchers (each its own session,
// every one trying every note in its own order, onto vehicles and time slots in its own order,
// skipping what the live board already shows taken: a note on a vehicle, a booked slot),
// the server in its own process on PostgreSQL. Printed: successes, 409s, elapsed, and the check
// that no note is on two vehicles (nor two bills) and no vehicle holds two bills in one slot.
// Baseline in the same run: the same number of dispatches by one dispatcher, no contention.
// Usage: node tests/bench/dispatch-race.mjs [notes=100]
import { performance } from 'node:perf_hooks';
import { withTempDatabase } from './lib.mjs';
import { client, makeFleet, makeNotes, serve, windowOf } from './board-lib.mjs';

const NOTES = Number(process.argv[2] ?? 100);
const VEHICLES = 20;
const DISPATCHERS = 8;
const SLOTS = Math.ceil(NOTES / VEHICLES);

const shuffled = (xs, seed) => {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

await withTempDatabase('tpl_bench_race', async (databaseUrl) => {
  const server = await serve(databaseUrl);
  try {
    const admin = await client(server.url, 'admin', 'admin');
    const cars = await makeFleet(admin, VEHICLES);
    const one = await client(server.url);
    const baselineNotes = await makeNotes(one, NOTES, 'base');
    const raceNotes = await makeNotes(one, NOTES, 'race');

    // baseline: one dispatcher, note i onto vehicle i % 20 in slot i / 20 (days 0-9)
    let t = performance.now();
    for (const [i, n] of baselineNotes.entries()) {
      const r = await one.post('/api/bl-transport/dispatch/board-dispatch', { notes: [{ id: n.id, version: n.version }], carNo: cars[i % VEHICLES], lineCode: 'L-SH', ...windowOf(Math.floor(i / VEHICLES), 0) });
      if (r.code !== 200) throw new Error(`baseline ${n.billNo}: ${r.code} ${r.msg}`);
    }
    const baseline = performance.now() - t;

    // the race: 8 dispatchers, every note, each its own order of notes and of (vehicle, slot) pairs on days 20+
    const sessions = await Promise.all(Array.from({ length: DISPATCHERS }, () => client(server.url)));
    const pairs = cars.flatMap((carNo) => Array.from({ length: SLOTS }, (_, slot) => ({ carNo, slot })));
    const won = [];
    let refused = 0;
    let other = 0;
    // what the live board shows every dispatcher: notes already on a vehicle, (vehicle, slot) pairs already booked
    const taken = new Set();
    const busy = new Set();
    t = performance.now();
    await Promise.all(
      sessions.map(async (c, d) => {
        for (const n of shuffled(raceNotes, 7 + d)) {
          for (const p of shuffled(pairs, 31 * (d + 1) + n.billNo.length)) {
            if (taken.has(n.id)) break;
            if (busy.has(`${p.carNo}@${p.slot}`)) continue;
            const r = await c.post('/api/bl-transport/dispatch/board-dispatch', { notes: [{ id: n.id, version: n.version }], carNo: p.carNo, lineCode: 'L-SH', ...windowOf(20 + p.slot, 0) });
            if (r.code === 200) {
              won.push({ note: n.id, carNo: p.carNo, slot: p.slot, dispatch: r.data.dispatch.billNo });
              taken.add(n.id);
              busy.add(`${p.carNo}@${p.slot}`);
              break;
            }
            if (r.code === 409) {
              refused++;
              // the note itself moved (its number is named): no vehicle will take it
              if (r.msg.includes(n.billNo)) {
                taken.add(n.id);
                break;
              }
              // the vehicle (or its driver) is booked for that slot
              busy.add(`${p.carNo}@${p.slot}`);
            } else other++;
          }
        }
      }),
    );
    const elapsed = performance.now() - t;

    // the check, from the server's own read model once it caught up: each note on at most one live bill, the one that won
    let board;
    for (;;) {
      board = (await admin.get('/api/bl-transport/board')).data;
      const live = board.dispatches.filter((x) => x.state !== 'Cancelled');
      if (won.every((w) => live.some((x) => x.billNo === w.dispatch))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const bills = board.dispatches.filter((x) => x.state !== 'Cancelled' && x.noteIds.some((id) => raceNotes.some((n) => n.id === id)));
    const perNote = new Map();
    for (const b of bills) for (const id of b.noteIds) perNote.set(id, [...(perNote.get(id) ?? []), b.carNo]);
    const onTwo = [...perNote.values()].filter((v) => v.length > 1).length;
    const perSlot = new Map();
    for (const b of bills) perSlot.set(`${b.carNo}@${b.plannedStart}`, (perSlot.get(`${b.carNo}@${b.plannedStart}`) ?? 0) + 1);
    const doubleBooked = [...perSlot.values()].filter((v) => v > 1).length;
    const noteRows = board.notes.filter((x) => raceNotes.some((n) => n.id === x.id));
    const mismatched = noteRows.filter((x) => x.state === 'Dispatched' && perNote.get(x.id)?.[0] !== x.carNo).length;

    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`dispatch race (${NOTES} notes, ${VEHICLES} vehicles, PostgreSQL, host in its own process)`);
    console.log(`  baseline, 1 dispatcher:  ${NOTES} dispatched in ${s(baseline)} (${((NOTES * 1000) / baseline).toFixed(1)}/s)`);
    console.log(`  race, ${DISPATCHERS} dispatchers:    ${won.length} successes, ${refused} refused (409), ${other} other answers, ${s(elapsed)} (${((won.length * 1000) / elapsed).toFixed(1)} successes/s)`);
    console.log(`  notes on two vehicles: ${onTwo}; vehicle slots booked twice: ${doubleBooked}; notes whose board vehicle disagrees with their bill: ${mismatched}; notes dispatched: ${perNote.size}/${NOTES}`);
    if (onTwo || doubleBooked || mismatched) process.exitCode = 1;
  } finally {
    await server.stop();
  }
});
