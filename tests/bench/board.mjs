// Dispatcher board: time from a dispatch command to another dispatcher's receipt of the change
// on the board's server-sent events (the command through the HTTP API, the push from the
// asynchronous projection as the database says, read by a second session), median and p95 over
// N moves, the server in its own process on PostgreSQL. Baseline in the same run: the
// command's own round trip. The projector polls every PROJECTOR_POLL_MS (200) and the stream
// every BOARD_STREAM_POLL_MS (150): the figure is what a dispatcher waits for the other board.
// Usage: node tests/bench/board.mjs [moves=50]
import { performance } from 'node:perf_hooks';
import { withTempDatabase } from './lib.mjs';
import { client, listen, makeNotes, percentile, serve, windowOf } from './board-lib.mjs';

const MOVES = Number(process.argv[2] ?? 50);

await withTempDatabase('tpl_bench_board', async (databaseUrl) => {
  const server = await serve(databaseUrl);
  try {
    const first = await client(server.url);
    const second = await client(server.url);
    const notes = await makeNotes(first, MOVES, 'board');
    // the board caught up with the notes just written: the stream starts after them
    let board;
    for (;;) {
      board = (await second.get('/api/bl-transport/board')).data;
      if (notes.every((n) => board.notes.some((x) => x.id === n.id))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const stream = await listen(second, board.position);
    const roundTrips = [];
    const pushed = [];
    for (const [k, n] of notes.entries()) {
      const heard = stream.waitFor((c) => c.notes.some((x) => x.id === n.id && x.state === 'Dispatched'));
      const t0 = performance.now();
      const r = await first.post('/api/bl-transport/dispatch/board-dispatch', { notes: [{ id: n.id, version: n.version }], carNo: '沪A12345', lineCode: 'L-SH', ...windowOf(k, 0) });
      const t1 = performance.now();
      if (r.code !== 200) throw new Error(`dispatch ${n.billNo}: ${r.code} ${r.msg}`);
      const t2 = await heard;
      roundTrips.push(t1 - t0);
      pushed.push(t2 - t0);
    }
    stream.close();
    const f = (v) => `${v.toFixed(0)} ms`;
    console.log(`board (${MOVES} moves, PostgreSQL, host in its own process)`);
    console.log(`  dispatch command round trip (baseline): median ${f(percentile(roundTrips, 50))}, p95 ${f(percentile(roundTrips, 95))}`);
    console.log(`  command -> other dispatcher's stream:   median ${f(percentile(pushed, 50))}, p95 ${f(percentile(pushed, 95))}, max ${f(Math.max(...pushed))}`);
  } finally {
    await server.stop();
  }
});
