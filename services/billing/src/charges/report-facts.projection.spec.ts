import type { StoredEvent } from '@tpl/event-store';
import { reportFactsProjection, reportFactStatements } from './report-facts.projection';

const meta = { tenantId: '100001', actor: { userId: 'u', account: 'a', name: 'A' }, occurredAt: '2026-11-03T02:00:00.000Z', correlationId: 'c', causationId: 'c' };
const ev = (type: string, data: unknown, cursor: string, streamName: string, version = 1): StoredEvent => ({ id: `e-${cursor}`, streamName, version, globalPosition: cursor.split(':')[1]!, cursor, type, data, metadata: meta });
const rowsOf = (s: { values: unknown[] }) => JSON.parse(String(s.values[0])) as Record<string, unknown>[];
const stream = (type: string, n: string) => `${type}-100001-00000000-0000-0000-0000-0000000000${n}`;

describe('billing report facts: what the reports class and narrow by, from events only', () => {
  it('given a cost lading made, changed and audited, then each fact is kept with its cursor, the content whole on Created / Changed', () => {
    const s = stream('CostLading', '01');
    const content = { workDate: '2026-11-03', workerType: 'PORTER', porterCode: 'P001', workType: 'IN', costQty: 12.5, price: 8, amount: 100 };
    const [docs] = reportFactStatements([
      ev('CostLadingCreated', { id: 'x', billNo: 'GZ1', content }, '10:1', s, 1),
      ev('CostLadingChanged', { content: { ...content, costQty: 10, amount: 80 }, changes: {} }, '11:2', s, 2),
      ev('CostLadingAudited', {}, '12:3', s, 3),
    ]);
    expect(rowsOf(docs!).map((d) => [d.doc_type, d.seq, d.fact, d.bill_no, (d.content as { amount?: number } | null)?.amount ?? null, d.tx, d.pos])).toEqual([
      ['costlading', 1, 'Created', 'GZ1', 100, '10', '1'],
      ['costlading', 2, 'Changed', null, 80, '11', '2'],
      ['costlading', 3, 'Audited', null, null, '12', '3'],
    ]);
  });

  it('given a handling bill and a value-added bill, then their facts are kept by document name (direction and lines in the content)', () => {
    const [docs] = reportFactStatements([
      ev('HandlingBillCreated', { id: 'h', billNo: 'ZX1', content: { direction: 'INSIDE', amount: 30 } }, '20:1', stream('HandlingBill', '02')),
      ev('ValueAddServiceBillCreated', { id: 'v', billNo: 'ZZ1', content: { details: [{ costtypeCode: 'TRANSPORT', amount: 90 }] } }, '21:2', stream('ValueAddServiceBill', '03')),
      ev('ValueAddServiceBillCancelled', {}, '22:3', stream('ValueAddServiceBill', '03'), 2),
    ]);
    expect(rowsOf(docs!).map((d) => [d.doc_type, d.fact, d.content])).toEqual([
      ['handlingbill', 'Created', { direction: 'INSIDE', amount: 30 }],
      ['valueaddservicebill', 'Created', { details: [{ costtypeCode: 'TRANSPORT', amount: 90 }] }],
      ['valueaddservicebill', 'Cancelled', null],
    ]);
  });

  it('given materials and cost types, then their codes and the attributes the reports class by are kept; a removal too', () => {
    const m = stream('Material', '04');
    const [refs] = reportFactStatements([
      ev('MaterialCreated', { id: 'm', data: { code: 'MPK01', name: '纸箱', type: '包材', categoryCode: 'PAPER', price: 3 } }, '30:1', m, 1),
      ev('CosttypeCreated', { id: 'c', data: { code: 'TRANSPORT', name: '短驳运费', category: 'TRANSPORT' } }, '31:2', stream('Costtype', '05')),
      ev('MaterialRemoved', { code: 'MPK01' }, '32:3', m, 2),
    ]);
    expect(rowsOf(refs!).map((r) => [r.entity, r.seq, r.code, r.attrs, r.removed])).toEqual([
      ['material', 1, 'MPK01', { type: '包材', categoryCode: 'PAPER', name: '纸箱' }, false],
      ['costtype', 1, 'TRANSPORT', { category: 'TRANSPORT', name: '短驳运费' }, false],
      ['material', 2, null, { type: null, categoryCode: null, name: null }, true],
    ]);
  });

  it('handles exactly the documents and master data it keeps; other events give no statement', () => {
    expect(reportFactsProjection.handles).toEqual(expect.arrayContaining(['CostLadingAudited', 'HandlingBillChanged', 'ValueAddServiceBillReviewed', 'MaterialChanged', 'CosttypeRemoved']));
    expect(reportFactsProjection.handles).not.toContain('LadingBillCreated');
    expect(reportFactStatements([ev('CustomerCreated', { id: 'c', data: { code: 'C001' } }, '40:1', stream('Customer', '06'))])).toEqual([]);
  });
});
