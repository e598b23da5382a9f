import { account, row } from '../../test/stock-facts';
import { heldKey, holdLines, rowsToHold } from './category-stock';

// The category's automatic status change on stock, given/when/then: given an account's rows, when the change is due, then the rows it holds and their lines.
const CUTOFF = '2026-11-17T00:00:00.000Z';
const stock = account(
  'C1', 'M1', 6,
  row({ barcode: 'OLD', inboundAt: '2026-11-10T08:00:00.000Z' }),
  row({ barcode: 'EDGE', inboundAt: CUTOFF }),
  row({ barcode: 'NEW', inboundAt: '2026-11-20T08:00:00.000Z' }),
  row({ barcode: 'PROMISED', inboundAt: '2026-11-10T08:00:00.000Z', djQty: 2 }),
  row({ barcode: 'FROZEN', inboundAt: '2026-11-10T08:00:00.000Z', status: 'FROZEN' }),
  row({ barcode: 'EMPTY', inboundAt: '2026-11-10T08:00:00.000Z', qty: 0 }),
  row({ barcode: 'NODATE', inboundAt: null }),
  row({ barcode: 'RELEASED', inboundAt: '2026-11-10T08:00:00.000Z' }),
);

describe('category status change on stock', () => {
  it('holds available, unallocated rows that came in at or before the cutoff and were never held by it', () => {
    const rows = rowsToHold(stock, CUTOFF, new Set([heldKey({ barcode: 'RELEASED', batchNo: 'L1' })]));
    expect(rows.map((r) => r.barcode)).toEqual(['OLD', 'EDGE']);
  });

  it('records them as status lines naming the category, no quantity moving', () => {
    const lines = holdLines(stock, rowsToHold(stock, CUTOFF, new Set()), 'QUALITY_INSPECTION', 'COLD');
    expect(lines.map((l) => [l.movement, l.barcode, l.status, l.qty, l.endQty])).toEqual([
      ['STATUS', 'OLD', 'QUALITY_INSPECTION', 0, 10],
      ['STATUS', 'EDGE', 'QUALITY_INSPECTION', 0, 10],
      ['STATUS', 'RELEASED', 'QUALITY_INSPECTION', 0, 10],
    ]);
    expect(lines[0]!.source).toEqual({ documentType: 'category', documentId: 'COLD', billNo: 'COLD' });
    expect(holdLines(stock, [], 'FROZEN', 'COLD')).toEqual([]);
  });
});
