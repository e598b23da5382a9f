import { STOCK_EVENT_TYPES, secproductive, type KitDocument, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec } from '@tpl/documents/test';
import { accountId, emptyAccount, rowKey, type AccountState, type PostingFacts, type StockRowState } from '@tpl/warehouse';
import { taskDecisions, topUpLots, type TaskFacts } from './task.decisions';

// The production task's own decisions, given/when/then: given its facts, the BOM and the stock, when it is made, released, issued, received, then a refusal or what it records and posts.
const spec = documentSpec(secproductive, taskDecisions(undefined), { id: 'd1', billNo: 'SC001' });

const row = (o: Partial<StockRowState>): StockRowState => ({
  customerCode: 'C1', materialCode: 'RAW1', barcode: 'X1', warehousePlaceCode: 'A-01', batchNo: 'L1', qty: 10, djQty: 0,
  qtyWeg: 1, boardQty: 0, unitVolume: 0, status: 'AVAILABLE', expiringDate: '2027-01-01', inboundAt: '2026-11-01T08:00:00.000Z', warehouseAreaCode: 'A', ...o,
});
const account = (materialCode: string, version: number, ...rows: StockRowState[]): AccountState => {
  const a = emptyAccount('C1', materialCode);
  a.version = version;
  for (const r of rows) a.rows.set(rowKey(r), { ...r, materialCode });
  return a;
};
const stock = (accounts: AccountState[], places: { code: string; warehouseAreaCode: string; customerCode?: string }[] = []): TaskFacts => ({
  stock: {
    accounts: new Map(accounts.map((a) => [accountId(a.customerCode, a.materialCode), a])),
    places: new Map(places.map((p) => [p.code, p])),
  } as PostingFacts,
});
const bom = (o: Partial<KitDocument> = {}): TaskFacts => ({ bom: { id: 'b1', billNo: 'BM001', state: 'Audited', customerCode: 'C1', ...o } as KitDocument, stock: stock([]).stock });

// a BOM of 2 RAW1 + 1 RAW2 per run giving 1 KIT, run 3 times (what `complete` computes from it)
const content = (o: Record<string, unknown> = {}) => ({
  billDate: '2026-11-24', customerCode: 'C1', warehouseAreaCode: 'A', bomNo: 'BM001', runs: 3,
  needs: [
    { lineNumber: 1, materialCode: 'RAW1', qty: 6, issuedQty: 0, pendingQty: 6 },
    { lineNumber: 2, materialCode: 'RAW2', qty: 3, issuedQty: 0, pendingQty: 3 },
  ],
  products: [{ lineNumber: 1, materialCode: 'KIT', qty: 3, receivedQty: 0, pendingQty: 3 }],
  details: [
    { barcode: 'X1', materialCode: 'RAW1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4 },
    { barcode: 'X2', materialCode: 'RAW1', batchNo: 'L2', warehousePlaceCode: 'A-02', qty: 2 },
    { barcode: 'Y1', materialCode: 'RAW2', batchNo: 'R1', warehousePlaceCode: 'A-03', qty: 3 },
  ],
  ...o,
});
const inStock = () => stock([account('RAW1', 5, row({ barcode: 'X1', qty: 4 }), row({ barcode: 'X2', batchNo: 'L2', warehousePlaceCode: 'A-02', qty: 9 })), account('RAW2', 2, row({ barcode: 'Y1', batchNo: 'R1', warehousePlaceCode: 'A-03', qty: 3 }))]);
const released = () => [spec.created(content()), spec.acted('audit')];
const issued = (issues: { lineNumber: number; qty: number }[]) => spec.acted('issue', { issues, issuedAt: SPEC_NOW });
const factsOf = (effects: readonly unknown[]) => effects.filter((e): e is { stream: string; events: { type: string; data: StockFact }[] } => typeof e === 'object' && e !== null && 'stream' in e);

describe('production task decisions', () => {
  it('is made only from a confirmed BOM of its own owner', () => {
    spec.given([], bom()).when({ create: content() }).then({ doc: { state: 'Draft' } });
    spec.given([], bom({ state: 'Draft' })).when({ create: content() }).thenRefused({ code: 409, key: 'production.errors.bomNotFound', vars: { bomNo: 'BM001' } });
    spec.given([], { stock: stock([]).stock }).when({ create: content() }).thenRefused({ code: 409, key: 'production.errors.bomNotFound' });
    spec.given([], bom({ customerCode: 'C2' })).when({ create: content() }).thenRefused({ code: 409, key: 'production.errors.bomOtherOwner', vars: { bomNo: 'BM001', owner: 'C2' } });
  });

  it('is released only when its lots add up to the needs, material by material, and are in stock', () => {
    spec.given([spec.created(content())], inStock()).when({ act: 'audit' }).then({ doc: { state: 'Audited' } });
    const short = content({ details: [{ barcode: 'X1', materialCode: 'RAW1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4 }, { barcode: 'Y1', materialCode: 'RAW2', batchNo: 'R1', warehousePlaceCode: 'A-03', qty: 3 }] });
    spec.given([spec.created(short)], inStock()).when({ act: 'audit' }).thenRefused({ code: 409, key: 'production.errors.notCovered', vars: { materialCode: 'RAW1', needed: 6, planned: 4 } });
    const other = content({ details: [...(content().details as object[]), { barcode: 'Z1', materialCode: 'ODD', warehousePlaceCode: 'A-04', qty: 1 }] });
    spec.given([spec.created(other)], inStock()).when({ act: 'audit' }).thenRefused({ code: 409, key: 'production.errors.notNeeded', vars: { materialCode: 'ODD' } });
    const thin = stock([account('RAW1', 5, row({ barcode: 'X1', qty: 3 }), row({ barcode: 'X2', batchNo: 'L2', warehousePlaceCode: 'A-02', qty: 9 })), account('RAW2', 2, row({ barcode: 'Y1', batchNo: 'R1', warehousePlaceCode: 'A-03', qty: 3 }))]);
    spec.given([spec.created(content())], thin).when({ act: 'audit' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { wanted: 4, available: 3 } });
  });

  it('issues in parts, never beyond what is pending on a lot, each part taken out of its stock row through the ledger', () => {
    const { effects, doc } = spec
      .given(released(), inStock())
      .when({ act: 'issue', fields: { issues: [{ lineNumber: 1, qty: 3 }, { lineNumber: 3, qty: 3 }], issuedAt: SPEC_NOW } })
      .then({ doc: { state: 'InProduction' }, effects: [{ stream: 'StockAccount-t1-C1~RAW1', expectedVersion: 5 }, { stream: 'StockAccount-t1-C1~RAW2', expectedVersion: 2 }] });
    const [raw1] = factsOf(effects);
    expect(raw1!.events[0]!.type).toBe(STOCK_EVENT_TYPES.adjusted);
    expect(raw1!.events[0]!.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '63' });
    expect(raw1!.events[0]!.data.lines.map((l) => [l.movement, l.barcode, l.qty, l.endQty, l.source.documentType, l.source.billNo])).toEqual([['ADJUST', 'X1', -3, 1, 'secproductive', 'SC001']]);
    // pending on every lot and every need
    expect(doc!.details!.map((l) => [l.lineNumber, l.issuedQty, l.pendingQty])).toEqual([[1, 3, 1], [2, 0, 2], [3, 3, 0]]);
    expect((doc!.needs as { materialCode: string; issuedQty: number; pendingQty: number }[]).map((n) => [n.materialCode, n.issuedQty, n.pendingQty])).toEqual([['RAW1', 3, 3], ['RAW2', 3, 0]]);
    // the rest of lot 1 and no more
    spec.given([...released(), issued([{ lineNumber: 1, qty: 3 }])], inStock()).when({ act: 'issue', fields: { issues: [{ lineNumber: 1, qty: 2 }] } })
      .thenRefused({ code: 409, key: 'production.errors.overIssue', vars: { line: 1, pending: 1, wanted: 2 } });
    spec.given(released(), inStock()).when({ act: 'issue', fields: { issues: [{ lineNumber: 2, qty: 1 }, { lineNumber: 2, qty: 2 }] } })
      .thenRefused({ code: 409, key: 'production.errors.overIssue', vars: { line: 2, pending: 2, wanted: 3 } });
    spec.given(released(), inStock()).when({ act: 'issue', fields: { issues: [{ lineNumber: 9, qty: 1 }] } }).thenRefused({ code: 409, key: 'production.errors.lineNotFound' });
  });

  it('receives finished lots in parts into locations of its area, each recording the raw lots issued so far; the last of it completes the task', () => {
    const places = [{ code: 'A-09', warehouseAreaCode: 'A' }, { code: 'B-01', warehouseAreaCode: 'B' }, { code: 'A-10', warehouseAreaCode: 'A', customerCode: 'C9' }];
    const goods = stock([account('KIT', 0)], places);
    // nothing issued: nothing made
    spec.given(released(), goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-09', qty: 1 }] } })
      .thenRefused({ code: 409, key: 'production.errors.nothingIssued' });
    const partly = [...released(), issued([{ lineNumber: 1, qty: 4 }, { lineNumber: 3, qty: 2 }])];
    const { events, effects, doc } = spec.given(partly, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-09', qty: 2 }], receivedAt: SPEC_NOW } })
      .then({ doc: { state: 'InProduction' }, effects: [{ stream: 'StockAccount-t1-C1~KIT', expectedVersion: 0 }] });
    expect(events[0]!.data).toMatchObject({
      customerCode: 'C1',
      taskBillNo: 'SC001',
      receipts: [{ lineNumber: 1, batchNo: 'K1', materialCode: 'KIT', qty: 2 }],
      sources: [{ materialCode: 'RAW1', batchNo: 'L1', barcode: 'X1', qty: 4 }, { materialCode: 'RAW2', batchNo: 'R1', barcode: 'Y1', qty: 2 }],
    });
    const fact = factsOf(effects)[0]!.events[0]!;
    expect(fact.type).toBe(STOCK_EVENT_TYPES.received);
    expect(fact.data.lines.map((l) => [l.movement, l.barcode, l.warehousePlaceCode, l.batchNo, l.qty, l.endQty])).toEqual([['RECEIVE', 'SC001-001', 'A-09', 'K1', 2, 2]]);
    expect((doc!.products as { receivedQty: number; pendingQty: number }[]).map((p) => [p.receivedQty, p.pendingQty])).toEqual([[2, 1]]);
    // beyond what is pending, another area, another owner's location
    spec.given(partly, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-09', qty: 4 }] } })
      .thenRefused({ code: 409, key: 'production.errors.overReceipt', vars: { line: 1, pending: 3, wanted: 4 } });
    spec.given(partly, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'B-01', qty: 1 }] } })
      .thenRefused({ code: 409, key: 'warehouse.errors.placeOtherArea' });
    spec.given(partly, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-10', qty: 1 }] } })
      .thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner' });

    // everything issued and the last finished goods received: the task completes itself
    const all = [...released(), issued([{ lineNumber: 1, qty: 4 }, { lineNumber: 2, qty: 2 }, { lineNumber: 3, qty: 3 }]), spec.acted('receive', { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-09', qty: 2 }] })];
    const last = spec.given(all, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K2', warehousePlaceCode: 'A-09', qty: 1 }] } }).then({});
    expect(last.effects.at(-1)).toEqual({ document: 'secproductive', id: 'd1', action: 'complete', fields: {} });
    // received in full but a lot still pending: not complete yet
    const notAll = [...released(), issued([{ lineNumber: 1, qty: 4 }, { lineNumber: 3, qty: 3 }])];
    const open = spec.given(notAll, goods).when({ act: 'receive', fields: { receipts: [{ lineNumber: 1, batchNo: 'K1', warehousePlaceCode: 'A-09', qty: 3 }] } }).then({});
    expect(open.effects.some((e) => 'action' in e)).toBe(false);
  });

  it('is cancelled only before anything is issued (after it, the machine refuses: a 409)', () => {
    spec.given(released(), inStock()).when({ act: 'cancel', fields: { reason: '客户取消' } }).then({ doc: { state: 'Cancelled' } });
    spec.given([...released(), issued([{ lineNumber: 1, qty: 1 }])], inStock()).when({ act: 'cancel', fields: { reason: '客户取消' } }).thenRefused({ code: 409 });
  });

  it("suggests the lots a draft's needs are short of, first expiring first, beside what the keeper picked", () => {
    const accounts = inStock().stock.accounts;
    // RAW1: lot X1 expires before X2; the keeper picked 1 of X2, the rest comes from X1 then X2; RAW2 from Y1
    (accounts.get(accountId('C1', 'RAW1'))!.rows.get(rowKey(row({ barcode: 'X2', batchNo: 'L2', warehousePlaceCode: 'A-02' })))!).expiringDate = '2027-06-01';
    const picked = content({ details: [{ barcode: 'X2', materialCode: 'RAW1', batchNo: 'L2', warehousePlaceCode: 'A-02', qty: 1 }] });
    const topped = topUpLots(picked, accounts, '2026-11-24');
    expect((topped.details as Record<string, unknown>[]).map((l) => [l.materialCode, l.barcode, l.qty])).toEqual([
      ['RAW1', 'X2', 2], ['RAW1', 'X1', 4], ['RAW2', 'Y1', 3],
    ]);
    // covered already: kept as it is
    expect(topUpLots(content(), accounts, '2026-11-24')).toEqual(content());
  });
});
