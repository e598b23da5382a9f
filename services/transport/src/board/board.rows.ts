import { BOARD_DISPATCH_DOC, BOARD_NOTE_DOC, documentByName, documentTotals, type BoardDispatch, type BoardNote } from '@tpl/contracts';
import type { OwnerScope, RowScope } from '@tpl/identity';

/** A row of trn_board_docs as read. */
export type BoardRow = {
  tenant_id: string;
  id: string;
  doc_type: string;
  bill_no: string;
  state: string;
  version: number;
  content: Record<string, unknown>;
  facts: Record<string, unknown>;
  customer_code: string | null;
  created_by: string | null;
  created_dept: string | null;
  is_deleted: boolean;
  position: string;
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const first = (...values: unknown[]) => values.map(str).find((v) => v !== null) ?? null;

export const noteOf = (r: BoardRow): BoardNote => {
  const c = r.content;
  const def = documentByName(BOARD_NOTE_DOC);
  return {
    id: r.id,
    billNo: r.bill_no,
    state: r.state,
    version: r.version,
    customerCode: str(c.customerCode),
    lineCode: first(r.facts.lineCode, c.lineCode),
    orderId: first(c.orderId, c.consignmentId),
    orderBillNo: first(c.orderBillNo, c.consignmentBillNo),
    consigneeName: first(obj(c.consignee).name, c.consigneeName),
    billDate: str(c.billDate),
    plannedDate: str(c.plannedDate),
    totals: def ? documentTotals(def, c) : {},
    dispatchId: first(r.facts.dispatchId),
    dispatchBillNo: first(r.facts.dispatchBillNo),
    carNo: first(r.facts.carNo),
    freight: typeof r.facts.freight === 'number' ? r.facts.freight : null,
    removed: r.is_deleted,
    position: String(r.position),
  };
};

/** The notes a dispatch bill carries: its lines name them. */
export const noteIdsOf = (content: Record<string, unknown>): string[] => {
  const rows = content.details ?? content.lines;
  const lines = Array.isArray(rows) ? (rows as unknown[]) : [];
  return lines.map((l) => first(obj(l).noteId, obj(l).consignmentBillId, obj(l).billId)).filter((v): v is string => v !== null);
};

export const dispatchOf = (r: BoardRow): BoardDispatch => {
  const c = r.content;
  return {
    id: r.id,
    billNo: r.bill_no,
    state: r.state,
    version: r.version,
    carNo: str(c.carNo),
    // what the issue resolved (the vehicle's driver and carrier, the notes' line, the window) over what the bill asked
    driverCode: first(r.facts.driverCode, c.driverCode),
    carrierCode: first(r.facts.carrierCode, c.carrierCode),
    lineCode: first(r.facts.lineCode, c.lineCode),
    plannedStart: first(r.facts.plannedStart, c.plannedStart),
    plannedEnd: first(r.facts.plannedEnd, c.plannedEnd),
    noteIds: noteIdsOf(c),
    removed: r.is_deleted,
    position: String(r.position),
  };
};

/** Who listens, and what they may see: the tenant, the data scope of each document type, the cargo owners. */
export type BoardViewer = { tenantId: string; scopes: Record<string, RowScope>; owners: OwnerScope };

/**
 * Whether a board row is the viewer's to see: the same rule as the documents' lists (tenant,
 * the data scope of its type over who made it and where, the cargo owner over its customer).
 * A dispatch bill names no customer: an owner's user sees the notes of its own, not the vehicles'
 * bills. Pure: the stream and the tests share it.
 */
export const visibleTo = (viewer: BoardViewer, r: Pick<BoardRow, 'tenant_id' | 'doc_type' | 'created_by' | 'created_dept' | 'customer_code'>): boolean => {
  if (r.tenant_id !== viewer.tenantId) return false;
  const scope = viewer.scopes[r.doc_type];
  if (!scope) return false;
  if (!scope.all && !(scope.users.includes(r.created_by ?? '') || scope.depts.includes(r.created_dept ?? ''))) return false;
  if (!viewer.owners.all && !(r.customer_code !== null && viewer.owners.customers.includes(r.customer_code))) return false;
  return true;
};

export const BOARD_DOCS = [BOARD_NOTE_DOC, BOARD_DISPATCH_DOC] as const;
