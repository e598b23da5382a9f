import type { Board, BoardChange, BoardDispatch, BoardNote, BoardQuery, DocumentDef } from '@tpl/contracts';

/**
 * The dispatcher board's rules, pure (tests/unit/dispatcher-board.spec.ts): which columns,
 * how a pushed change is merged, which notes a filter keeps, what a vehicle carries today.
 */

/** The columns: every state of the note's lifecycle, in the order the description lists them. */
export const boardColumns = (noteDef: DocumentDef | undefined): string[] => (noteDef ? Object.keys(noteDef.lifecycle.states) : []);

/** A note can be dropped on a vehicle while it awaits dispatch (the machine's DISPATCH leaves that state). */
export const dispatchableStates = (noteDef: DocumentDef | undefined): string[] =>
  noteDef ? Object.entries(noteDef.lifecycle.states).filter(([, s]) => s.on && Object.keys(s.on).includes('DISPATCH')).map(([name]) => name) : [];

const newer = <T extends { version: number; position: string }>(a: T | undefined, b: T) =>
  !a || b.version > a.version || (b.version === a.version && BigInt(b.position) >= BigInt(a.position));

const mergeRows = <T extends { id: string; version: number; position: string; removed: boolean }>(rows: readonly T[], moved: readonly T[]): T[] => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const m of moved) {
    // an older copy never overwrites a newer one (a push crossing a command's own answer)
    if (!newer(byId.get(m.id), m)) continue;
    if (m.removed) byId.delete(m.id);
    else byId.set(m.id, m);
  }
  return [...byId.values()];
};

const maxPosition = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

/** The board after a pushed change: each row replaced by its newer copy, removed rows dropped. */
export const mergeChange = (board: Board, change: Pick<BoardChange, 'position' | 'notes' | 'dispatches'>): Board => ({
  position: maxPosition(board.position, change.position),
  notes: mergeRows(board.notes, change.notes),
  dispatches: mergeRows(board.dispatches, change.dispatches),
});

/** What a successful drop answered, folded in at once (the push will bring the same or newer). */
export const applyDispatched = (board: Board, carNo: string, result: { dispatch: { id: string; billNo: string }; notes: { id: string; version: number; state: string }[] }): Board => ({
  ...board,
  notes: board.notes.map((n) => {
    const r = result.notes.find((x) => x.id === n.id);
    return r && r.version > n.version ? { ...n, state: r.state, version: r.version, carNo, dispatchId: result.dispatch.id, dispatchBillNo: result.dispatch.billNo } : n;
  }),
});

/** The notes a filter keeps (the server applies the same to its answer; pushed rows go through this). */
export const keepNote = (q: BoardQuery, n: BoardNote): boolean =>
  (!q.customerCode || n.customerCode === q.customerCode) && (!q.lineCode || n.lineCode === q.lineCode) && (!q.date || (n.plannedDate || n.billDate) === q.date);

/** The notes of one column, the most recently moved first. */
export const notesIn = (notes: readonly BoardNote[], state: string, q: BoardQuery): BoardNote[] =>
  notes.filter((n) => n.state === state && keepNote(q, n)).sort((a, b) => (BigInt(b.position) > BigInt(a.position) ? 1 : -1));

/** The notes a vehicle carries now: dispatched onto it and not yet in a final state. */
export const notesOn = (notes: readonly BoardNote[], carNo: string, finalStates: readonly string[]): BoardNote[] =>
  notes.filter((n) => n.carNo === carNo && !finalStates.includes(n.state));

/** A vehicle's schedule on a business day: its live dispatch bills whose window touches the day (no window: today's). */
export const scheduleOf = (dispatches: readonly BoardDispatch[], carNo: string, day: string): BoardDispatch[] =>
  dispatches
    .filter((d) => d.carNo === carNo && d.state !== 'Cancelled' && !d.removed)
    .filter((d) => {
      const start = (d.plannedStart ?? '').slice(0, 10);
      const end = (d.plannedEnd ?? d.plannedStart ?? '').slice(0, 10);
      return !start ? true : start <= day && (end || start) >= day;
    })
    .sort((a, b) => (a.plannedStart ?? '').localeCompare(b.plannedStart ?? ''));

/** The states a note cannot leave (columns whose cards sit on no vehicle). */
export const finalStatesOf = (noteDef: DocumentDef | undefined): string[] =>
  noteDef ? Object.entries(noteDef.lifecycle.states).filter(([name, s]) => s.final || name === 'Cancelled').map(([name]) => name) : [];
