import { consignmentDocument, eventTypeOf } from '@tpl/contracts';
import type { StoredEvent } from '@tpl/event-store';
import { boardEventKinds, boardStatements } from './board.projection';
import { changeFor } from './board.hub';
import { visibleTo, type BoardRow, type BoardViewer } from './board.rows';

// the order stands in for any followed document: the fold is generic over descriptions
const def = consignmentDocument;
const kinds = boardEventKinds([def]);
const ID = '11111111-1111-4111-8111-111111111111';
let pos = 0;
const ev = (fact: string, version: number, data: unknown, tenantId = 'T1'): StoredEvent => ({
  streamName: `${def.streamType}-${ID}`,
  version,
  globalPosition: String(++pos),
  type: eventTypeOf(def, fact),
  data,
  metadata: { tenantId, occurredAt: '2026-11-26T08:00:00.000Z', actor: { userId: 'u1', account: 'dispatcher', name: 'D', deptId: 'd1' } } as StoredEvent['metadata'],
});
const rowsOf = (statement: { values: unknown[] }) => JSON.parse(String(statement.values[0])) as Record<string, unknown>[];

describe('board projection (given events, then statements)', () => {
  it('a document created and moved in one batch is inserted once, as it stands after the batch', () => {
    const s = boardStatements(kinds, [
      ev('Created', 1, { id: ID, billNo: 'TY1', content: { customerCode: 'C001', lines: [] } }),
      ev('Audited', 2, {}),
      ev('Dispatched', 3, { plateNo: '沪A12345' }),
    ]);
    expect(s).toHaveLength(2);
    expect(s[1]!.text).toMatch(/^INSERT INTO trn_board_docs/);
    expect(rowsOf(s[1]!)).toEqual([
      expect.objectContaining({ id: ID, bill_no: 'TY1', state: 'Dispatched', version: 3, customer_code: 'C001', created_by: 'u1', created_dept: 'd1', facts: { plateNo: '沪A12345' }, ord: 1, n: 1 }),
    ]);
  });

  it("positions are each tenant's own: its count of moves bumped once per batch, its rows numbered in global order, another tenant's moves never counted", () => {
    const other = (id: string, t: string) => ({ ...ev('Created', 1, { id, billNo: id, content: {} }, t), streamName: `${def.streamType}-${id}` });
    const s = boardStatements(kinds, [
      other('33333333-3333-4333-8333-333333333331', 'T1'),
      other('33333333-3333-4333-8333-333333333332', 'T2'),
      other('33333333-3333-4333-8333-333333333333', 'T2'),
      ev('Audited', 2, {}, 'T1'),
    ]);
    expect(s[0]!.text).toMatch(/^INSERT INTO trn_board_seq/);
    expect(rowsOf(s[0]!)).toEqual([{ tenant_id: 'T1', n: 2 }, { tenant_id: 'T2', n: 2 }]);
    expect(rowsOf(s[1]!).map((r) => [r.tenant_id, r.ord, r.n])).toEqual([['T1', 1, 2], ['T2', 1, 2], ['T2', 2, 2]]);
    expect(rowsOf(s[2]!).map((r) => [r.tenant_id, r.ord, r.n])).toEqual([['T1', 2, 2]]);
    // the store's global position goes into no row
    expect([...rowsOf(s[1]!), ...rowsOf(s[2]!)].filter((r) => 'at' in r || 'position' in r)).toEqual([]);
  });

  it('later events of a document made before the batch are one update: last state, version and position; content replaced only by a change', () => {
    const s = boardStatements(kinds, [ev('Changed', 2, { content: { customerCode: 'C002' }, changes: {} }), ev('Audited', 3, {})]);
    expect(s).toHaveLength(2);
    expect(s[1]!.text).toMatch(/^UPDATE/);
    expect(rowsOf(s[1]!)).toEqual([expect.objectContaining({ id: ID, state: 'Audited', version: 3, has_content: true, customer_code: 'C002', ord: 1, n: 1 })]);
    const only = rowsOf(boardStatements(kinds, [ev('Loaded', 4, {})])[1]!);
    expect(only[0]).toEqual(expect.objectContaining({ state: 'Loaded', has_content: false }));
  });

  it('a removal marks the row; events of other documents are ignored', () => {
    const other = { ...ev('Created', 1, {}), type: 'SomethingElseCreated' };
    const s = boardStatements(kinds, [other, ev('Removed', 5, {})]);
    expect(rowsOf(s[1]!)).toEqual([expect.objectContaining({ deleted: true })]);
    expect(boardStatements(kinds, [other])).toEqual([]);
  });
});

const row = (over: Partial<BoardRow>): BoardRow => ({
  tenant_id: 'T1',
  id: ID,
  doc_type: 'consignmentbill',
  bill_no: 'YD1',
  state: 'Dispatched',
  version: 3,
  content: { customerCode: 'C001' },
  facts: {},
  customer_code: 'C001',
  created_by: 'u1',
  created_dept: 'd1',
  is_deleted: false,
  position: '10',
  ...over,
});
const staff: BoardViewer = { tenantId: 'T1', scopes: { consignmentbill: { all: true }, dispatch: { all: true } }, owners: { all: true } };

describe('who is told of a move (the stream)', () => {
  it('another tenant never; a scoped user only rows made by itself or its department; an owner only its customers', () => {
    expect(visibleTo(staff, row({}))).toBe(true);
    expect(visibleTo(staff, row({ tenant_id: 'T2' }))).toBe(false);
    const own: BoardViewer = { ...staff, scopes: { consignmentbill: { all: false, users: ['u2'], depts: ['d9'] } } };
    expect(visibleTo(own, row({}))).toBe(false);
    expect(visibleTo(own, row({ created_by: 'u2' }))).toBe(true);
    expect(visibleTo(own, row({ created_dept: 'd9' }))).toBe(true);
    expect(visibleTo(own, row({ doc_type: 'dispatch', created_by: 'u2' }))).toBe(false);
    const owner: BoardViewer = { ...staff, owners: { all: false, customers: ['C002'] } };
    expect(visibleTo(owner, row({}))).toBe(false);
    expect(visibleTo(owner, row({ customer_code: 'C002' }))).toBe(true);
    expect(visibleTo(owner, row({ doc_type: 'dispatch', customer_code: null }))).toBe(false);
  });

  it('a listener gets only rows past its own position, split into notes and dispatch bills; nothing when nothing of its moved', () => {
    const moved = [row({ position: '5' }), row({ position: '7', id: '22222222-2222-4222-8222-222222222222' }), row({ position: '8', doc_type: 'dispatch', content: { carNo: '沪A12345', lines: [{ noteId: ID }] } })];
    const change = changeFor(staff, '6', '8', moved)!;
    expect(change.notes.map((n) => n.position)).toEqual(['7']);
    expect(change.dispatches).toEqual([expect.objectContaining({ carNo: '沪A12345', noteIds: [ID], position: '8' })]);
    expect(changeFor(staff, '8', '8', moved)).toBeUndefined();
    expect(changeFor({ ...staff, tenantId: 'T2' }, '0', '8', moved)).toBeUndefined();
  });
});
