import { STOCK_EVENT_TYPES, type StockFact } from '@tpl/contracts';
import { account, act, doc, facts, key, meta, remove, row } from '../inside/given';
import { checkLoss, lossDecisions, lossEffects } from './loss.decisions';

// The inventory loss's own decisions, given/when/then: given the lines and the stock, when it is audited or posted, then a refusal or the write-off.
const line = (o: Record<string, unknown> = {}) => ({ lineNumber: 1, barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 3, ...o });
const loss = (state: string, ...details: Record<string, unknown>[]) => doc({ billNo: 'BS001', state, lossType: 'DAMAGED', lossReason: '破损', details: details.length ? details : [line()] });
const d = lossDecisions(undefined);

describe('inventory loss decisions', () => {
  it('writes off only what the row holds unallocated in the bill\'s area, when audited and again when posted', () => {
    const given = facts([account('C1', 'M1', 4, row({ qty: 5, djQty: 1 }))]);
    expect(checkLoss(loss('Draft'), given)).toBeUndefined();
    expect(d.check!(act('audit'), loss('Draft', line({ qty: 5 })), given, meta)).toMatchObject({ key: 'warehouse.errors.insufficientStock', vars: { wanted: 5, available: 4 } });
    expect(key(d.check!(act('post'), loss('Audited', line({ batchNo: 'L9' })), given, meta))).toBe('warehouse.errors.stockRowNotFound');
    expect(key(d.check!(act('cancel'), loss('Audited', line({ qty: 99 })), given, meta))).toBeUndefined();
  });

  it('posting takes the pieces out at the posting time (StockAdjusted, its bill type)', () => {
    const effects = d.effects!(act('post'), loss('Posted', line(), line({ lineNumber: 2, barcode: 'X2', qty: 1 })), facts([account('C1', 'M1', 4, row({ qty: 5 }), row({ barcode: 'X2', qty: 1 }))]), meta);
    expect(effects).toHaveLength(1);
    const fact = (effects[0] as { expectedVersion: number; events: { type: string; data: StockFact }[] }).events[0]!;
    expect(fact.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(fact.data).toMatchObject({ effectiveAt: meta.now, streamType: '34', isCost: 0 });
    expect(fact.data.lines.map((l) => [l.movement, l.barcode, l.qty, l.endQty, l.source.documentType])).toEqual([
      ['ADJUST', 'X1', -3, 2, 'inventorylossbill'],
      ['ADJUST', 'X2', -1, 0, 'inventorylossbill'],
    ]);
    // nothing leaves before the post
    expect(d.effects!(act('audit'), loss('Audited'), facts([]), meta)).toEqual([]);
    expect(lossEffects(loss('Posted'), facts([account('C1', 'M1', 4, row({ qty: 5 }))]), meta)[0]).toMatchObject({ expectedVersion: 4 });
  });

  it('a posted loss cannot be removed (the spec\'s message)', () => {
    expect(key(d.check!(remove, loss('Posted'), facts([]), meta))).toBe('warehouse.errors.storedNoDelete');
    expect(d.check!(remove, loss('Cancelled'), facts([]), meta)).toBeUndefined();
  });
});
