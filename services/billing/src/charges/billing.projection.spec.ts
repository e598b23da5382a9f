import type { StoredEvent } from '@tpl/event-store';
import { billingProjection, billingStatements } from './billing.projection';

const meta = (occurredAt = '2026-10-03T02:00:00.000Z') => ({ tenantId: '100001', actor: { userId: 'u', account: 'a', name: 'A' }, occurredAt, correlationId: 'c', causationId: 'c' });
const ev = (type: string, data: unknown, cursor: string, streamName = 'X-100001-00000000-0000-0000-0000-000000000001', version = 1): StoredEvent => ({ id: `e-${cursor}`, streamName, version, globalPosition: cursor.split(':')[1]!, cursor, type, data, metadata: meta() });
const rowsOf = (s: { values: unknown[] }) => JSON.parse(String(s.values[0])) as Record<string, unknown>[];
const line = (o: Record<string, unknown>) => ({
  customerCode: 'C001', materialCode: 'M1', barcode: 'B1', warehousePlaceCode: 'A-01-01', batchNo: '', djQty: 0, beforeQty: 0, endQty: 0, beforeDjQty: 0, endDjQty: 0,
  source: { documentType: 'isinstockbill', documentId: 'd1', billNo: 'RK1', lineNumber: 1 }, ...o,
});

describe('billing projection: the facts billed, from events only', () => {
  it('given a receipt and a shipment, then each line that changes a quantity is kept with its read cursor, flags and row attributes', () => {
    const received = ev('StockReceived', { effectiveAt: '2026-10-03T02:00:00.000Z', instockStatus: 1, outstockStatus: 0, isCost: 1, streamType: '12', lines: [line({ movement: 'RECEIVE', qty: 10, qtyWeg: 500, boardQty: 40, warehouseAreaCode: 'SH1-A' })] }, '700:5');
    const allocated = ev('StockAllocated', { effectiveAt: '2026-10-04T02:00:00.000Z', instockStatus: 0, outstockStatus: 0, isCost: 0, streamType: '22', lines: [line({ movement: 'ALLOCATE', qty: 0, djQty: 4 })] }, '701:6');
    const shipped = ev('StockShipped', { effectiveAt: '2026-10-05T02:00:00.000Z', instockStatus: 0, outstockStatus: 1, isCost: 1, streamType: '22', lines: [line({ movement: 'SHIP', qty: -4, djQty: -4 })] }, '702:7');
    const statements = billingStatements([received, allocated, shipped]);
    const [rows, lines] = statements;
    expect(rowsOf(rows!)).toEqual([expect.objectContaining({ customer_code: 'C001', qty_weg: 500, board_qty: 40, area_code: 'SH1-A' })]);
    // the allocation moves no quantity: not a billed line
    expect(rowsOf(lines!).map((l) => [l.movement, l.qty, l.tx, l.pos, l.instock, l.outstock, l.is_cost])).toEqual([
      ['RECEIVE', 10, '700', '5', 1, 0, 1],
      ['SHIP', -4, '702', '7', 0, 1, 1],
    ]);
    // a shipment names no attributes: its weight comes from its row's (the join in the statement)
    expect(lines!.text).toContain('COALESCE(r.qty_weg, s.qty_weg, 0)');
  });

  it('agreement versions are kept one per event, stamped; removals too', () => {
    const stream = 'Lgagreement-100001-00000000-0000-0000-0000-0000000000aa';
    const created = ev('LgagreementCreated', { id: 'x', data: { code: 'AG1', customerCode: 'C001', startDate: '2026-01-01', endDate: '2026-12-31', dayUnitCost: 1.2, tiers: [{ lowerLimit: 0, upLimit: 10, price: 2 }] } }, '800:9', stream, 1);
    const removed = ev('LgagreementRemoved', { code: 'AG1' }, '801:10', stream, 2);
    const [agreements] = billingStatements([created, removed]);
    expect(rowsOf(agreements!).map((a) => [a.seq, a.code, a.removed, a.basis, a.stamp])).toEqual([
      [1, 'AG1', false, 'WEIGHT', '20261003100000000000'],
      [2, null, true, 'WEIGHT', '20261003100000000000'],
    ]);
  });

  it('other-charge documents: content and status facts; the projection handles exactly its types', () => {
    const made = ev('ValueAddServiceBillCreated', { id: 'v', billNo: 'ZZ1', content: { customerCode: 'C001', billDate: '2026-10-09', amount: 12.5 } }, '900:11');
    const audited = ev('ValueAddServiceBillAudited', {}, '901:12', made.streamName, 2);
    const [others] = billingStatements([made, audited]);
    expect(rowsOf(others!).map((o) => [o.doc_type, o.kind, o.bill_no, o.amount, o.counted])).toEqual([
      ['valueaddservicebill', 'content', 'ZZ1', 12.5, null],
      ['valueaddservicebill', 'status', null, null, true],
    ]);
    expect(billingProjection.handles).toEqual(expect.arrayContaining(['StockReceived', 'LgagreementChanged', 'WarehouseareaCreated', 'RentWarehouseBillCancelled']));
  });

  it('packing materials: the outbound bill\'s owner, area and number, and each packing line of its ship step keyed by the event (a repeated event is kept once)', () => {
    const stream = 'OutboundBill-100001-00000000-0000-0000-0000-0000000000bb';
    const made = ev('OutboundBillCreated', { id: 'o', billNo: 'CK1', content: { customerCode: 'C001', warehouseAreaCode: 'SH1-A', billDate: '2026-10-18' } }, '950:1', stream, 1);
    const shipped = ev('OutboundBillShipped', { shippedAt: '2026-10-18T02:00:00.000Z', packMaterials: [{ materialCode: 'PK001', qty: 25 }, { materialCode: 'PK003', qty: 1 }] }, '955:2', stream, 5);
    const loaded = ev('OutboundBillShipped', { shippedAt: '2026-10-19T02:00:00.000Z', loadingOrderNumber: 'ZC1' }, '956:3', stream, 6);
    const statements = billingStatements([made, shipped, loaded, shipped]);
    const docs = statements.find((st) => st.text.includes('bl_pack_docs'))!;
    const lines = statements.find((st) => st.text.includes('bl_pack_lines'))!;
    expect(rowsOf(docs).map((d) => [d.doc_type, d.bill_no, d.customer_code, d.area_code])).toEqual([['osoutstockbill', 'CK1', 'C001', 'SH1-A']]);
    // a ship step without packing materials (a load bill's) records none; the same event twice gives the same keys, kept once
    expect(rowsOf(lines).map((l) => [l.event_id, l.line_idx, l.material_code, l.qty, l.effective_at])).toEqual([
      ['e-955:2', 0, 'PK001', 25, '2026-10-18T02:00:00.000Z'],
      ['e-955:2', 1, 'PK003', 1, '2026-10-18T02:00:00.000Z'],
      ['e-955:2', 0, 'PK001', 25, '2026-10-18T02:00:00.000Z'],
      ['e-955:2', 1, 'PK003', 1, '2026-10-18T02:00:00.000Z'],
    ]);
    expect(lines.text).toContain('ON CONFLICT DO NOTHING');
    expect(billingProjection.handles).toEqual(expect.arrayContaining(['OutboundBillShipped', 'TemporaryPackagePacked', 'OutboundBillCreated']));
  });

  it('an agreement\'s package-material prices are kept with its version', () => {
    const created = ev('LgagreementCreated', { id: 'x', data: { code: 'AG1', customerCode: 'C001', startDate: '2026-01-01', endDate: '2026-12-31', packagePrices: [{ materialCode: 'PK001', price: 3.5 }, { price: 1 }] } }, '960:1');
    const [agreements] = billingStatements([created]);
    expect(rowsOf(agreements!)[0]!.pack_prices).toEqual([{ materialCode: 'PK001', price: 3.5 }]);
  });
});
