import { STOCK_EVENT_TYPES, inventorylossbill, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec } from '@tpl/documents/test';
import { account, facts, row } from '../../test/stock-facts';
import { lossDecisions } from './loss.decisions';

// The inventory loss's own decisions, given/when/then: given its facts and the stock, when it is audited or posted, then a refusal or the write-off.
const spec = documentSpec(inventorylossbill, lossDecisions(undefined), { id: 'd1', billNo: 'BS001' });
const line = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 3, ...o });
const created = (...details: Record<string, unknown>[]) =>
  spec.created({ customerCode: 'C1', warehouseAreaCode: 'A', lossType: 'DAMAGED', lossReason: '破损', details: details.length ? details : [line()] });
const audited = (...details: Record<string, unknown>[]) => [created(...details), spec.acted('audit')];

describe('inventory loss decisions', () => {
  it("writes off only what the row holds unallocated in the bill's area, when audited and again when posted", () => {
    const given = facts([account('C1', 'M1', 4, row({ qty: 5, djQty: 1 }))]);
    spec.given([created()], given).when({ act: 'audit' }).then({ doc: { state: 'Audited' } });
    spec.given([created(line({ qty: 5 }))], given).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { wanted: 5, available: 4 } });
    spec.given(audited(line({ batchNo: 'L9' })), given).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.stockRowNotFound' });
    spec.given(audited(line({ qty: 99 })), given).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' } });
  });

  it('posting takes the pieces out at the posting time (StockAdjusted, its bill type)', () => {
    const { effects } = spec
      .given(audited(line(), line({ barcode: 'X2', qty: 1 })), facts([account('C1', 'M1', 4, row({ qty: 5 }), row({ barcode: 'X2', qty: 1 }))]))
      .when({ act: 'post' })
      .then({ effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 4 }] });
    const fact = (effects[0] as { events: { type: string; data: StockFact }[] }).events[0]!;
    expect(fact.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(fact.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '34', isCost: 0 });
    expect(fact.data.lines.map((l) => [l.movement, l.barcode, l.qty, l.endQty, l.source.documentType])).toEqual([
      ['ADJUST', 'X1', -3, 2, 'inventorylossbill'],
      ['ADJUST', 'X2', -1, 0, 'inventorylossbill'],
    ]);
    // nothing leaves before the post
    spec.given([created()], facts([account('C1', 'M1', 4, row({ qty: 5 }))])).when({ act: 'audit' }).then({ effects: [] });
  });

  it("a posted loss cannot be removed (the spec's message); a cancelled one can", () => {
    spec.given([...audited(), spec.acted('post')], facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([created(), spec.acted('cancel')], facts([])).when({ remove: true }).then([{ type: 'InventoryLossRemoved', data: {} }]);
  });
});
