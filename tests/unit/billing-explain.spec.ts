import type { ChargeItem } from '@tpl/contracts';
import { chargesOf, handlingRows, money, stampTime, versionOf } from '../../web/src/features/billing/explain.model';
import { demoMonthPlan, previousMonth } from '@tpl/warehouse';

const fact = (billNo: string, lineNumber: number, weight: number) => ({
  documentType: 'isinstockbill', documentId: billNo, billNo, lineNumber, eventId: `e-${billNo}`, movement: 'RECEIVE', materialCode: 'M0007', effectiveAt: '2026-10-03T02:00:00.000Z', qty: weight * 100, weight,
});
const item = (day: string, facts: ReturnType<typeof fact>[], amount: number): ChargeItem => ({
  kind: 'INBOUND', line: 1, month: '2026-10', day, warehouseAreaCode: 'SH1-A', basis: null, quantity: facts.reduce((s, f) => s + f.weight, 0), qty: 0, weight: 0, stage: null, price: 30, amount,
  agreementCode: 'AG-C001-2026', agreementVersion: '20261001080000000000', adjustment: false, facts,
});

// The explain drawer's pure parts and the demo month's plan, given/when/then.
describe('month bill explain (console)', () => {
  it('offers the charges of a line that are not zero, in the bill order, with their amounts', () => {
    expect(chargesOf({ lineNumber: 1, lineType: 'AREA', inCost: 210, outCost: 0, storageCost: 248.7, otherCost: 0 })).toEqual([
      { kind: 'STORAGE', field: 'storageCost', amount: 248.7 },
      { kind: 'INBOUND', field: 'inCost', amount: 210 },
    ]);
    expect(chargesOf({ lineNumber: 2, lineType: 'OTHER', otherCost: -5 })).toEqual([{ kind: 'OTHER', field: 'otherCost', amount: -5 }]);
    expect(chargesOf({ lineNumber: 3, lineType: 'AREA' })).toEqual([]);
  });

  it('flattens handling items into their stream lines; the first line of each day carries the day (row span)', () => {
    const rows = handlingRows([item('2026-10-03', [fact('RK1', 1, 3.6), fact('RK1', 2, 1.6)], 156), item('2026-10-12', [fact('RK2', 1, 1.8)], 54)]);
    expect(rows.map((r) => [r.billNo, r.lineNumber, r.day, r.price, r.itemAmount, r.span])).toEqual([
      ['RK1', 1, '2026-10-03', 30, 156, 2],
      ['RK1', 2, '2026-10-03', 30, 156, 0],
      ['RK2', 1, '2026-10-12', 30, 54, 1],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('shows money with two decimals and the agreement with its version', () => {
    expect([money(7.8), money(0), money(-5), money(null)]).toEqual(['7.80', '0.00', '-5.00', '']);
    // the version stamp reads as the time it was written, never as its twenty digits
    expect(versionOf({ agreementCode: 'AG-C001-2026', agreementVersion: '20261001080000000000' })).toBe('AG-C001-2026 · 2026-10-01 08:00:00');
    expect(stampTime('20261128141004695000')).toBe('2026-11-28 14:10:04');
    expect(stampTime('v2')).toBe('v2');
    expect(versionOf({ agreementCode: null, agreementVersion: null })).toBe('');
  });

  it('plans the demo month in the month before today, across a year end too', () => {
    expect(previousMonth('2026-11-26')).toBe('2026-10');
    expect(previousMonth('2027-01-02')).toBe('2026-12');
    const days = demoMonthPlan('2027-01-02').map((s) => ('receipt' in s ? s.receipt.day : s.shipment.day));
    expect(days).toEqual(['2026-12-03', '2026-12-05', '2026-12-12', '2026-12-18', '2026-12-20', '2027-01-01', '2027-01-02']);
  });
});
