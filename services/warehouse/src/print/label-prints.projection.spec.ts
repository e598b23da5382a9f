import type { StoredEvent } from '@tpl/event-store';
import { LABELS_PRINTED, LABELS_REPRINTED, labelPrintsStream } from './label-print';
import { documentIdOfLabelStream, labelPrintRowOf, labelPrintsProjection } from './label-prints.projection';

// The tenant-wide printed labels: given the label facts of a bill's stream, then the rows listed.
const meta = { tenantId: '100001', actor: { userId: 'u1', account: 'keeper', name: '王库管' }, occurredAt: '2026-11-24T02:00:00.000Z', correlationId: 'c', causationId: 'k' };
const fact = (version: number, type: string, data: unknown, id?: string): StoredEvent => ({
  ...(id ? { id } : {}),
  streamName: labelPrintsStream('100001', 'b7c0a3f2-0000-4000-8000-000000000001'),
  version,
  globalPosition: String(version),
  type,
  data,
  metadata: meta,
});

describe('the printed labels list (projection)', () => {
  it("names the bill a label stream belongs to", () => {
    expect(documentIdOfLabelStream(labelPrintsStream('100001', 'abc-1'), '100001')).toBe('abc-1');
  });

  it('lists a print with its bill, labels counted over its rows, who and when; a reprint with the print it repeated', () => {
    const rows = { billNo: 'RK1', rows: [{ lineNumber: 1, printQty: 60, labels: 2 }, { lineNumber: 2, printQty: 5, labels: 1 }] };
    expect(labelPrintRowOf(fact(1, LABELS_PRINTED, { documentType: 'isinstockbill', ...rows }, 'e1'))).toEqual({
      tenantId: '100001', eventId: 'e1', docType: 'isinstockbill', docId: 'b7c0a3f2-0000-4000-8000-000000000001', billNo: 'RK1',
      seq: 1, kind: 'print', of: null, labels: 3, at: '2026-11-24T02:00:00.000Z', by: 'keeper', byName: '王库管',
    });
    expect(labelPrintRowOf(fact(2, LABELS_REPRINTED, { documentType: 'packagetemporarybill', billNo: 'LB1', rows: [{ lineNumber: 0, printQty: 5, labels: 1 }], of: 1 }))).toMatchObject({
      eventId: `${labelPrintsStream('100001', 'b7c0a3f2-0000-4000-8000-000000000001')}@2`, docType: 'packagetemporarybill', seq: 2, kind: 'reprint', of: 1, labels: 1,
    });
  });

  it('reads a print recorded before bill types were named as an inbound bill\'s receipt labels', () => {
    expect(labelPrintRowOf(fact(1, LABELS_PRINTED, { documentType: '', billNo: 'RK9', rows: [] })).docType).toBe('isinstockbill');
  });

  it('writes one statement for a batch (a rebuild gives the same rows), none for other facts, and a fact twice once', () => {
    const a = fact(1, LABELS_PRINTED, { documentType: 'isinstockbill', billNo: 'RK1', rows: [{ lineNumber: 1, printQty: 1, labels: 1 }] }, 'e1');
    const b = fact(2, LABELS_REPRINTED, { documentType: 'isinstockbill', billNo: 'RK1', rows: [{ lineNumber: 1, printQty: 1, labels: 1 }], of: 1 }, 'e2');
    const [statement, ...more] = labelPrintsProjection.project([a, b]);
    expect(more).toEqual([]);
    expect(statement).toContain("'e1'");
    expect(statement).toContain("'e2'");
    expect(statement).toContain('ON CONFLICT (tenant_id, event_id) DO NOTHING');
    expect(labelPrintsProjection.project([{ ...a, type: 'SomethingElse' }])).toEqual([]);
    expect(labelPrintsProjection.project([a])).toEqual(labelPrintsProjection.project([a]));
  });
});
