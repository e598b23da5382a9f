import { BOARD_DISPATCH_DOC, BOARD_NOTE_DOC, KIT_FACTS, documentByName, eventTypeOf, type DocumentDef } from '@tpl/contracts';
import type { AsyncProjection, Migration, StoredEvent } from '@tpl/event-store';
import { documentFactStates } from '@tpl/workflows';

/**
 * The dispatcher board's read model: one row per consignment note and per dispatch bill, with
 * the state, version and content the board shows, kept by the asynchronous projector from the
 * documents' own events (never the kit's tables). Each row remembers the global position of the
 * last event folded into it, so "what moved since position P" is one indexed read: that is
 * what the board's server-sent events push, from every host, after the projector commits.
 */
export const BOARD_TABLE = 'trn_board_docs';
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
  position: string;
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
        position: e.globalPosition,
        updated_at: occurredAt,
      });
      continue;
    }
    let row = created.get(key) ?? patches.get(key);
    if (!row) {
      row = { tenant_id: tenantId, id, doc_type: kind.doc.name, bill_no: '', state: null, version: e.version, content: null, facts: {}, created_by: null, created_dept: null, deleted: false, position: e.globalPosition, updated_at: occurredAt };
      patches.set(key, row);
    }
    row.version = e.version;
    row.position = e.globalPosition;
    row.updated_at = occurredAt;
    if (kind.state) row.state = kind.state;
    if (kind.fact === KIT_FACTS.removed) row.deleted = true;
    else if (data.content !== undefined && (kind.fact === KIT_FACTS.changed || kind.fact === KIT_FACTS.repaired)) row.content = obj(data.content);
    else if (kind.fact === UNDISPATCHED) row.facts = { ...row.facts, ...OFF_VEHICLE, ...data };
    else if (kind.fact !== KIT_FACTS.changed && kind.fact !== KIT_FACTS.repaired) row.facts = { ...row.facts, ...data };
  }
  const statements: { text: string; values: unknown[] }[] = [];
  if (created.size) {
    const rows = [...created.values()].map((r) => ({ ...r, customer_code: customerOf(r.content) }));
    statements.push({
      text: `INSERT INTO ${BOARD_TABLE} (tenant_id, id, doc_type, bill_no, state, version, content, facts, customer_code, created_by, created_dept, is_deleted, position, updated_at)
             SELECT r.tenant_id, r.id, r.doc_type, r.bill_no, r.state, r.version, r.content, r.facts, r.customer_code, r.created_by, r.created_dept, r.deleted, r.position, r.updated_at
               FROM jsonb_to_recordset($1::jsonb) AS r(tenant_id text, id uuid, doc_type text, bill_no text, state text, version int, content jsonb, facts jsonb,
                                                      customer_code text, created_by text, created_dept text, deleted boolean, position bigint, updated_at timestamptz)
             ON CONFLICT (tenant_id, id) DO NOTHING`,
      values: [JSON.stringify(rows)],
    });
  }
  if (patches.size) {
    const rows = [...patches.values()].map((r) => ({ ...r, has_content: r.content !== null, customer_code: customerOf(r.content) }));
    statements.push({
      text: `UPDATE ${BOARD_TABLE} b SET
               state = COALESCE(p.state, b.state),
               version = p.version,
               content = CASE WHEN p.has_content THEN p.content ELSE b.content END,
               customer_code = CASE WHEN p.has_content THEN p.customer_code ELSE b.customer_code END,
               facts = b.facts || p.facts,
               is_deleted = b.is_deleted OR p.deleted,
               position = p.position,
               updated_at = p.updated_at
             FROM jsonb_to_recordset($1::jsonb) AS p(tenant_id text, id uuid, state text, version int, content jsonb, has_content boolean, customer_code text,
                                                     facts jsonb, deleted boolean, position bigint, updated_at timestamptz)
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
    tables: [BOARD_TABLE],
    // nothing registered yet: a type no event has, so the projector reads nothing
    handles: kinds.size ? [...kinds.keys()] : ['BoardNothingFollowed'],
    project: (events) => boardStatements(kinds, events),
  };
};
