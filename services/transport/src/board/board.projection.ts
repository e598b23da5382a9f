import { BOARD_DISPATCH_DOC, BOARD_NOTE_DOC, KIT_FACTS, documentByName, eventTypeOf, type DocumentDef } from '@tpl/contracts';
import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';
import { documentFactStates } from '@tpl/workflows';

/**
 * The dispatcher board's read model: one row per consignment note and per dispatch bill, with
 * the state, version and content the board shows, kept by the asynchronous projector from the
 * documents' own events (never the kit's tables). Each row remembers its tenant's board position
 * when it last moved, so "what moved since position P" is one indexed read: that is what the
 * board's server-sent events push, from every host, after the projector commits.
 *
 * A board position is the tenant's own (trn_board_seq: how many moves of that tenant's board
 * rows the projection has applied), never the store's global position: a global position counts
 * every tenant's events, so a tenant reading it would learn how busy the others are.
 */
export const BOARD_TABLE = 'trn_board_docs';
export const BOARD_SEQ_TABLE = 'trn_board_seq';
export const BOARD_PROJECTION = 'transport-board';

export const boardMigrations: Migration[] = [
  {
    id: 'transport/010-board-docs',
    sql: `
CREATE TABLE IF NOT EXISTS ${BOARD_TABLE} (
  tenant_id text NOT NULL,
  id uuid NOT NULL,
  doc_type text NOT NULL,
  bill_no text NOT NULL,
  state text NOT NULL,
  version int NOT NULL,
  content jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- what the document's action facts carried, merged (last value wins per field)
  facts jsonb NOT NULL DEFAULT '{}'::jsonb,
  customer_code text,
  created_by text,
  created_dept text,
  is_deleted boolean NOT NULL DEFAULT false,
  position bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX IF NOT EXISTS trn_board_docs_position ON ${BOARD_TABLE} (position);
CREATE INDEX IF NOT EXISTS trn_board_docs_type_state ON ${BOARD_TABLE} (tenant_id, doc_type, state);
`,
  },
  {
    // positions become each tenant's own (they were the store's global position): the board is projected again from zero
    id: 'transport/011-board-tenant-positions',
    sql: `
SELECT set_config('tpl.system', 'on', true);
CREATE TABLE IF NOT EXISTS ${BOARD_SEQ_TABLE} (
  tenant_id text PRIMARY KEY,
  seq bigint NOT NULL
);
DROP INDEX IF EXISTS trn_board_docs_position;
CREATE INDEX IF NOT EXISTS trn_board_docs_tenant_position ON ${BOARD_TABLE} (tenant_id, position);
DELETE FROM ${BOARD_TABLE};
UPDATE tpl_checkpoints SET cursor = '0', position = 0, applied_cursor = '0', rebuilding = TRUE, rebuild_started_at = now(), updated_at = now()
 WHERE name = '${BOARD_PROJECTION}';
`,
  },
];

type Kind = { doc: DocumentDef; fact: string; state: string | null };

/** Every event type of the followed documents, with what it means: which document, which fact, the state after it. */
export const boardEventKinds = (defs: readonly DocumentDef[]): Map<string, Kind> => {
  const kinds = new Map<string, Kind>();
  for (const doc of defs) {
    const states = documentFactStates(doc);
    const facts = [...Object.values(KIT_FACTS), ...Object.values(doc.actions).map((a) => a.fact)];
    for (const fact of facts) {
      const type = eventTypeOf(doc, fact);
      if (type in states || fact === KIT_FACTS.created) kinds.set(type, { doc, fact, state: states[type] ?? null });
    }
  }
  return kinds;
};

/** The documents the board follows, as registered (a name not registered is simply not followed). */
export const boardDocuments = (): DocumentDef[] => [BOARD_NOTE_DOC, BOARD_DISPATCH_DOC].map(documentByName).filter((d): d is DocumentDef => d !== undefined);

/** A note taken off its dispatch bill (the bill cancelled): it is on no vehicle any more. */
const UNDISPATCHED = 'Undispatched';
const OFF_VEHICLE = { dispatchId: null, dispatchBillNo: null, carNo: null, driverCode: null, carrierCode: null, freight: null };

type Row = {
  tenant_id: string;
  id: string;
  doc_type: string;
  bill_no: string;
  state: string | null;
  version: number;
  content: Record<string, unknown> | null;
  facts: Record<string, unknown>;
  created_by: string | null;
  created_dept: string | null;
  deleted: boolean;
  /** the global position of the last event folded in: orders the batch's moves, never stored */
  at: string;
  updated_at: string;
};

const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const idOf = (e: StoredEvent) => e.streamName.slice(e.streamName.length - 36);
const customerOf = (content: Record<string, unknown> | null) => (content && typeof content.customerCode === 'string' ? content.customerCode : null);

/**
 * A batch as two statements: the documents created in it (with every later event of the batch
 * already folded in), then one change per document created earlier. Equal to applying the
 * events one by one, in order; pure, so the board rebuilds from zero.
 */
export const boardStatements = (kinds: Map<string, Kind>, events: readonly StoredEvent[]) => {
  const created = new Map<string, Row>();
  const patches = new Map<string, Row>();
  for (const e of events) {
    const kind = kinds.get(e.type);
    if (!kind) continue;
    const data = obj(e.data);
    const { tenantId, occurredAt, actor } = e.metadata;
    const id = kind.fact === KIT_FACTS.created ? String(data.id ?? idOf(e)) : idOf(e);
    const key = `${tenantId}\u0000${id}`;
    if (kind.fact === KIT_FACTS.created) {
      if (created.has(key)) continue;
      patches.delete(key);
      created.set(key, {
        tenant_id: tenantId,
        id,
        doc_type: kind.doc.name,
        bill_no: String(data.billNo ?? ''),
        state: kind.doc.lifecycle.initial,
        version: e.version,
        content: obj(data.content),
        facts: {},
        created_by: actor.userId,
        created_dept: actor.deptId ?? null,
        deleted: false,
        at: e.globalPosition,
        updated_at: occurredAt,
      });
      continue;
    }
    let row = created.get(key) ?? patches.get(key);
    if (!row) {
      row = { tenant_id: tenantId, id, doc_type: kind.doc.name, bill_no: '', state: null, version: e.version, content: null, facts: {}, created_by: null, created_dept: null, deleted: false, at: e.globalPosition, updated_at: occurredAt };
      patches.set(key, row);
    }
    row.version = e.version;
    row.at = e.globalPosition;
    row.updated_at = occurredAt;
    if (kind.state) row.state = kind.state;
    if (kind.fact === KIT_FACTS.removed) row.deleted = true;
    else if (data.content !== undefined && (kind.fact === KIT_FACTS.changed || kind.fact === KIT_FACTS.repaired)) row.content = obj(data.content);
    else if (kind.fact === UNDISPATCHED) row.facts = { ...row.facts, ...OFF_VEHICLE, ...data };
    else if (kind.fact !== KIT_FACTS.changed && kind.fact !== KIT_FACTS.repaired) row.facts = { ...row.facts, ...data };
  }
  // each tenant's moves of the batch, in global order, numbered after its position so far: `ord` of `n`
  const moves = new Map<string, Row[]>();
  for (const r of [...created.values(), ...patches.values()]) moves.set(r.tenant_id, [...(moves.get(r.tenant_id) ?? []), r]);
  const order = new Map<Row, { ord: number; n: number }>();
  for (const rows of moves.values()) {
    rows.sort((a, b) => (BigInt(a.at) < BigInt(b.at) ? -1 : BigInt(a.at) > BigInt(b.at) ? 1 : 0));
    rows.forEach((r, i) => order.set(r, { ord: i + 1, n: rows.length }));
  }
  // the global position orders the moves and goes no further
  const numbered = (r: Row) => {
    const { at: _at, ...rest } = r;
    return { ...rest, ...order.get(r)! };
  };
  // the row's tenant position: the tenant's count after this batch's bump, less the moves after it
  const position = `(SELECT q.seq FROM ${BOARD_SEQ_TABLE} q WHERE q.tenant_id = r.tenant_id) - r.n + r.ord`;
  const statements: { text: string; values: unknown[] }[] = [];
  if (moves.size) {
    statements.push({
      text: `INSERT INTO ${BOARD_SEQ_TABLE} AS s (tenant_id, seq) SELECT t.tenant_id, t.n FROM jsonb_to_recordset($1::jsonb) AS t(tenant_id text, n bigint)
             ON CONFLICT (tenant_id) DO UPDATE SET seq = s.seq + EXCLUDED.seq`,
      values: [JSON.stringify([...moves].map(([tenant_id, rows]) => ({ tenant_id, n: rows.length })))],
    });
  }
  if (created.size) {
    const rows = [...created.values()].map((r) => ({ ...numbered(r), customer_code: customerOf(r.content) }));
    statements.push({
      text: `INSERT INTO ${BOARD_TABLE} (tenant_id, id, doc_type, bill_no, state, version, content, facts, customer_code, created_by, created_dept, is_deleted, position, updated_at)
             SELECT r.tenant_id, r.id, r.doc_type, r.bill_no, r.state, r.version, r.content, r.facts, r.customer_code, r.created_by, r.created_dept, r.deleted, ${position}, r.updated_at
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, id uuid, doc_type text, bill_no text, state text, version int, content jsonb, facts jsonb,
                                                      customer_code text, created_by text, created_dept text, deleted boolean, ord bigint, n bigint, updated_at timestamptz)
             ON CONFLICT (tenant_id, id) DO NOTHING`,
      values: [JSON.stringify(rows)],
    });
  }
  if (patches.size) {
    const rows = [...patches.values()].map((r) => ({ ...numbered(r), has_content: r.content !== null, customer_code: customerOf(r.content) }));
    statements.push({
      text: `UPDATE ${BOARD_TABLE} b SET
               state = COALESCE(p.state, b.state),
               version = p.version,
               content = CASE WHEN p.has_content THEN p.content ELSE b.content END,
               customer_code = CASE WHEN p.has_content THEN p.customer_code ELSE b.customer_code END,
               facts = b.facts || p.facts,
               is_deleted = b.is_deleted OR p.deleted,
               position = (SELECT q.seq FROM ${BOARD_SEQ_TABLE} q WHERE q.tenant_id = p.tenant_id) - p.n + p.ord,
               updated_at = p.updated_at
             FROM jsonb_to_recordset($1::jsonb) AS p(tenant_id text, id uuid, state text, version int, content jsonb, has_content boolean, customer_code text,
                                                     facts jsonb, deleted boolean, ord bigint, n bigint, updated_at timestamptz)
             WHERE b.tenant_id = p.tenant_id AND b.id = p.id`,
      values: [JSON.stringify(rows)],
    });
  }
  return statements;
};

/** The projection as the projector runs it, over the documents registered when it is made. */
export const boardProjection = (defs: readonly DocumentDef[] = boardDocuments()): AsyncProjection => {
  const kinds = boardEventKinds(defs);
  return {
    name: BOARD_PROJECTION,
    tables: [BOARD_TABLE, BOARD_SEQ_TABLE],
    // nothing registered yet: a type no event has, so the projector reads nothing
    handles: kinds.size ? [...kinds.keys()] : ['BoardNothingFollowed'],
    project: (events) => boardStatements(kinds, events),
  };
};
