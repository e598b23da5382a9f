import { startHost, type Host } from '@tpl/host';
import type { Board, BoardNote } from '@tpl/contracts';
import { ApiClient, data } from '../support/api-client';
import { BoardListener } from '../support/board-stream';
import { startTestHost, type TestHost } from '../support/host';

/**
 * The dispatcher board (issue 14 item 4) against PostgreSQL, with TWO hosts on one database:
 * a dispatch made through host A reaches a listener of host B's stream (pushed from what the
 * database says, not from A's process), narrowed to tenant and cargo owner; a stale drop is a
 * 409 naming the note and its state, and the board then shows where the note really is.
 */
describe('dispatcher board: projection, stream across hosts, races', () => {
  let t: TestHost;
  let b: Host;
  let a: ApiClient;
  let onB: ApiClient;

  /** Waits (no timing asserted) until the board answers what `ready` wants. */
  const boardWhen = async (c: ApiClient, ready: (b: Board) => boolean, query = ''): Promise<Board> => {
    for (let i = 0; ; i++) {
      const r = await c.get<Board>(`/api/bl-transport/board${query}`);
      expect(r.status).toBe(200);
      if (ready(r.body.data)) return r.body.data;
      if (i > 300) throw new Error('the board never got there');
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  /** A window far from the demo's own dispatches (which hold every demo vehicle from the seed's hour). */
  const slot = (n: number) => ({ lineCode: 'L-SH', plannedStart: `2030-01-${String(n).padStart(2, '0')}T01:00:00.000Z`, plannedEnd: `2030-01-${String(n).padStart(2, '0')}T03:00:00.000Z` });
  const open = (board: Board) => board.notes.filter((n) => n.state === 'Open');

  beforeAll(async () => {
    t = await startTestHost('postgres', '/nonexistent', true);
    b = await startHost({ port: 0, host: '127.0.0.1', databaseUrl: t.db.databaseUrl, dataDir: t.db.dataDir, webDist: '/nonexistent', seedDemo: false, seedSamples: false }, { logLevels: ['error'] });
    a = await t.client().as('100001', 'dispatcher');
    onB = await new ApiClient(b.url).as('100001', 'dispatcher');
  });
  afterAll(async () => {
    await b?.close();
    await t?.stop();
  });

  it("the board shows the demo's notes by state with their versions, and filters by customer, line and day", async () => {
    const board = await boardWhen(a, (x) => open(x).length >= 3 && x.dispatches.length > 0);
    expect(BigInt(board.position)).toBeGreaterThan(0n);
    const n = open(board)[0]!;
    expect(n).toEqual(expect.objectContaining({ billNo: expect.stringMatching(/^YD/), version: expect.any(Number), customerCode: expect.any(String), carNo: null }));
    const dispatched = board.notes.find((x) => x.state === 'Dispatched')!;
    expect(dispatched.carNo).toBeTruthy();
    expect(board.dispatches.some((d) => d.noteIds.includes(dispatched.id) && d.carNo === dispatched.carNo)).toBe(true);
    const byCustomer = await a.get<Board>(`/api/bl-transport/board?customerCode=${n.customerCode}`);
    expect(byCustomer.body.data.notes.every((x) => x.customerCode === n.customerCode)).toBe(true);
    const none = await a.get<Board>('/api/bl-transport/board?lineCode=NO-SUCH-LINE&date=2001-01-01');
    expect(none.body.data.notes).toEqual([]);
    expect((await a.get('/api/bl-transport/board?date=tomorrow')).status).toBe(400);
  });

  it("a dispatch through host A reaches host B's stream; the owner of another customer and another tenant hear nothing of it; a stale drop is a 409", async () => {
    const board = await boardWhen(a, (x) => open(x).length >= 2);
    // the owner's customer first, so its listener has something to hear
    const notes = [...open(board)].sort((x, y) => Number(y.customerCode === 'C001') - Number(x.customerCode === 'C001'));
    const [first, second] = notes as [BoardNote, BoardNote];
    const listener = new BoardListener(onB, board.position);
    const owner = await new ApiClient(b.url).as('100001', 'owner');
    const ownerListener = new BoardListener(owner, board.position);
    // another tenant's board has a position of its own (never the store's global one)
    const otherClient = await new ApiClient(b.url).as('100002', 'dispatcher');
    const other = new BoardListener(otherClient, data(await otherClient.get<Board>('/api/bl-transport/board')).position);
    await Promise.all([listener.opened, ownerListener.opened, other.opened]);

    const r = await a.post<{ dispatch: { billNo: string }; notes: { id: string; state: string; version: number }[] }>('/api/bl-transport/dispatch/board-dispatch', {
      notes: [{ id: first.id, version: first.version }],
      carNo: '沪A12345',
      ...slot(1),
    });
    expect(r.body.msg).toBe('Operation successful');
    expect(r.status).toBe(200);
    const moved = await listener.next((c) => c.notes.some((n) => n.id === first.id && n.state === 'Dispatched'));
    expect(moved.notes.find((n) => n.id === first.id)).toEqual(expect.objectContaining({ carNo: '沪A12345', dispatchBillNo: r.body.data.dispatch.billNo }));
    expect(moved.dispatches.some((d) => d.billNo === r.body.data.dispatch.billNo && d.noteIds.includes(first.id))).toBe(true);

    // the same note again at the version the board showed: lost the race, 409 naming the note and its state
    const stale = await onB.post('/api/bl-transport/dispatch/board-dispatch', { notes: [{ id: first.id, version: first.version }], carNo: '沪C66881', ...slot(2) });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain(first.billNo);
    // and the board then shows where it really is
    const fresh = await boardWhen(onB, (x) => x.notes.some((n) => n.id === first.id && n.state === 'Dispatched'));
    expect(fresh.notes.find((n) => n.id === first.id)!.carNo).toBe('沪A12345');

    // a second move, so every listener has had a chance to hear both
    const r2 = await a.post('/api/bl-transport/dispatch/board-dispatch', { notes: [{ id: second.id, version: second.version }], carNo: '沪C66881', ...slot(3) });
    expect(r2.body.msg).toBe('Operation successful');
    await listener.next((c) => c.notes.some((n) => n.id === second.id && n.state === 'Dispatched'));
    // the owner (bound to C001) hears of its own customer's notes only; the other tenant of none
    if (first.customerCode === 'C001') await ownerListener.next((c) => c.notes.some((n) => n.id === first.id));
    const ownerHeard = ownerListener.changes().flatMap((c) => [...c.notes.map((n) => n.customerCode), ...c.dispatches.map(() => 'dispatch-bill')]);
    expect(ownerHeard.every((code) => code === 'C001')).toBe(true);
    expect(other.changes()).toEqual([]);
    // its position is its own: nothing of this tenant's moves reset or moved it
    expect(other.events.filter((e) => e.event === 'reset')).toEqual([]);
    for (const l of [listener, ownerListener, other]) l.close();
  });

  it('a listener that opens behind the board is sent what it missed; a stream without a session is refused', async () => {
    const late = new BoardListener(onB, '0');
    const change = await late.next((c) => c.notes.length > 0);
    expect(change.after).toBe('0');
    late.close();
    const res = await fetch(`${b.url}/api/bl-transport/board/stream`);
    expect(res.status).toBe(401);
  });
});
