import { STOCK_EVENT_TYPES, voucherbill, type StockFact } from '@tpl/contracts';
import { SPEC_NOW, documentSpec, folded } from '@tpl/documents/test';
import { account, facts, place, row } from '../../test/stock-facts';
import { voucherDecisions, type Voucher, type VoucherFacts } from './voucher.decisions';

// The voucher's own decisions, given/when/then: given its facts and the stock, when it is saved, posted or reversed, then a refusal or what the stock ledger and the original are told.
const decisions = voucherDecisions(undefined);
const spec = documentSpec(voucherbill, decisions, { id: 'v1', billNo: 'PZ001' });
const reversal = documentSpec(voucherbill, decisions, { id: 'v2', billNo: 'PZ002' });
const line = (o: Record<string, unknown> = {}) => ({ barcode: 'X1', materialCode: 'M1', batchNo: 'L1', warehousePlaceCode: 'A-01', qty: 4, price: 2.5, ...o });
const header = (o: Record<string, unknown> = {}) => ({ billDate: '2026-11-24', customerCode: 'C1', warehouseAreaCode: 'A', voucherKind: 'MOVE', reason: '货位调整', targetWarehousePlaceCode: 'A-02', ...o });
const voucher = (o: Record<string, unknown> = {}, ...details: Record<string, unknown>[]) => spec.created({ ...header(o), details: details.length ? details : [line()] });
const places = [place('A-01', 'A'), place('A-02', 'A')];
const stock = (...rows: Parameters<typeof row>[0][]) => account('C1', 'M1', 3, ...(rows.length ? rows : [{}]).map(row));
const with_ = (f: ReturnType<typeof facts>, original?: Voucher): VoucherFacts => ({ ...f, original });
const lines = (effect: unknown) => (effect as { events: { type: string; data: StockFact }[] }).events[0]!;

/** The original, posted (and, where given, reversed), as the reversal's `load` reads it. */
const posted = (o: Record<string, unknown> = {}, ...details: Record<string, unknown>[]) => [voucher(o, ...details), spec.acted('post')];
const originalOf = (facts_: Parameters<typeof folded>[2]) => folded(voucherbill, decisions, facts_, { id: 'v1', billNo: 'PZ001' });
/** The reversing voucher as "Reverse" makes it from the original (the description's copy). */
const reversalContent = (original: Record<string, unknown>, o: Record<string, unknown> = {}) => {
  const copied = voucherbill.sources.voucherbill.copy(original);
  return { ...copied, details: copied.details as Record<string, unknown>[], billDate: '2026-11-25', voucherOffRemark: '录错库位', ...o };
};

describe('voucher decisions', () => {
  it('keeps each line\'s amount as price x qty exact to the cent, the voucher type, and the "from" location when all lines share one', () => {
    const doc = spec.given([voucher({}, line({ price: 0.1, qty: 3 }), line({ barcode: 'X2', price: 1.005, qty: 1 }))]).document();
    expect(doc.details?.map((l) => [l.lineNumber, l.amount])).toEqual([[1, 0.3], [2, 1.01]]);
    expect(doc).toMatchObject({ voucherType: 'NORMAL', sourceWarehousePlaceCode: 'A-01', totals: { qty: 4, amount: 1.31 } });
    // a gain or a loss has no target; lines at two locations have no one "from"
    const gain = spec.given([voucher({ voucherKind: 'GAIN' }, line(), line({ warehousePlaceCode: 'A-03' }))]).document();
    expect(gain.targetWarehousePlaceCode).toBeUndefined();
    expect(gain.sourceWarehousePlaceCode).toBeUndefined();
    // a line of an ordinary voucher reverses nothing, whatever it was sent with
    expect(spec.given([voucher({}, line({ sourceVoucherLineNumber: 7 }))]).document().details?.[0]?.sourceVoucherLineNumber).toBeUndefined();
  });

  it('posts a move only of free stock in the bill\'s area, to a location of the same warehouse free for the owner, never to where it is', () => {
    spec.given([voucher()], facts([stock({ djQty: 7 })], places)).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock', vars: { wanted: 4, available: 3 } });
    spec.given([voucher()], facts([stock()], [...places, place('A-02', 'A', { customerCode: 'C9' })])).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherOwner' });
    spec.given([voucher({ targetWarehousePlaceCode: 'Z-01' })], facts([stock()], [...places, place('Z-01', 'Z')])).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.placeOtherWarehouse' });
    spec.given([], facts([])).when({ create: { ...header({ targetWarehousePlaceCode: 'A-01' }), details: [line()] } }).thenRefused({ code: 400, key: 'warehouse.errors.samePlace' });
    spec.given([voucher()], facts([stock()], places)).when({ act: 'cancel' }).then({ doc: { state: 'Cancelled' }, effects: [] });
  });

  it('posting moves the lines to the target, or adds or takes their quantity, at the posting time (its bill type, the line it came from)', () => {
    const { effects } = spec.given([voucher()], facts([stock()], places)).when({ act: 'post' }).then({ doc: { state: 'Posted' }, effects: [{ stream: 'StockAccount-t1-C1~M1', expectedVersion: 3 }] });
    const moved = lines(effects[0]);
    expect(moved.type).toBe(STOCK_EVENT_TYPES.moved);
    expect(moved.data).toMatchObject({ effectiveAt: SPEC_NOW, streamType: '37' });
    expect(moved.data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.source.billNo])).toEqual([['MOVE_OUT', 'A-01', -4, 6, 'PZ001'], ['MOVE_IN', 'A-02', 4, 4, 'PZ001']]);

    const gain = spec.given([voucher({ voucherKind: 'GAIN' })], facts([stock({ qty: 0 })])).when({ act: 'post' }).outcome();
    expect(lines(gain.effects[0]).data.lines.map((l) => [l.movement, l.qty, l.endQty, l.source.lineNumber])).toEqual([['ADJUST', 4, 4, 1]]);
    const loss = spec.given([voucher({ voucherKind: 'LOSS' })], facts([stock()])).when({ act: 'post' }).outcome();
    expect(lines(loss.effects[0]).data.lines.map((l) => [l.movement, l.qty, l.endQty])).toEqual([['ADJUST', -4, 6]]);
    // only what is free, never below zero; a gain needs the row
    spec.given([voucher({ voucherKind: 'LOSS' })], facts([stock({ qty: 5, djQty: 2 })])).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.insufficientStock' });
    spec.given([voucher({ voucherKind: 'GAIN' }, line({ batchNo: 'L9' }))], facts([stock()])).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.stockRowNotFound' });
  });

  it('a posted or reversed voucher cannot be removed (the spec\'s message); a draft can', () => {
    spec.given(posted(), facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([...posted(), spec.acted('reversed', { voucherOffRemark: 'x', reversalBillNo: 'PZ002' })], facts([])).when({ remove: true }).thenRefused({ code: 409, key: 'warehouse.errors.storedNoDelete' });
    spec.given([voucher()], facts([])).when({ remove: true }).then([{ type: 'VoucherRemoved', data: {} }]);
  });

  describe('reversal', () => {
    const original = originalOf(posted());

    it('"Reverse" copies every line, each naming its line, and the reversing voucher is saved only against a posted ordinary voucher, whole and as it was', () => {
      const content = reversalContent(original);
      expect(content).toMatchObject({ sourceVoucherBillNo: 'PZ001', customerCode: 'C1', voucherKind: 'MOVE', targetWarehousePlaceCode: 'A-02', details: [{ barcode: 'X1', qty: 4, sourceVoucherLineNumber: 1 }] });
      reversal.given([], with_(facts([]), original)).when({ create: content }).then({ doc: { voucherType: 'REVERSAL', details: [{ sourceVoucherLineNumber: 1 }] } });
      // not posted, or a reversal itself
      reversal.given([], with_(facts([]), originalOf([voucher()]))).when({ create: content }).thenRefused({ code: 409, key: 'warehouse.errors.voucherNotReversible', keyVars: { state: 'voucherbill.states.Draft' } });
      const aReversal = folded(voucherbill, decisions, [reversal.created(content), reversal.acted('post')], { id: 'v2', billNo: 'PZ002' });
      expect(voucherbill.sources.voucherbill.when(aReversal)).toBe(false);
      reversal.given([], with_(facts([]), aReversal)).when({ create: reversalContent(aReversal) }).thenRefused({ code: 409, key: 'warehouse.errors.voucherNotReversible' });
      // a line changed, left out or named twice; the header changed
      reversal.given([], with_(facts([]), original)).when({ create: { ...content, details: [{ ...content.details[0], qty: 3 }] } }).thenRefused({ code: 409, key: 'warehouse.errors.voucherReversalNotWhole', vars: { billNo: 'PZ001', line: 1 } });
      const two = originalOf(posted({}, line(), line({ barcode: 'X2' })));
      const twoLines = reversalContent(two);
      reversal.given([], with_(facts([]), two)).when({ create: { ...twoLines, details: [twoLines.details[0]] } }).thenRefused({ code: 409, key: 'warehouse.errors.voucherReversalNotWhole', vars: { line: 2 } });
      reversal.given([], with_(facts([]), two)).when({ create: { ...twoLines, details: [twoLines.details[0], { ...twoLines.details[1], sourceVoucherLineNumber: 1 }] } }).thenRefused({ code: 409, key: 'warehouse.errors.voucherReversalNotWhole', vars: { line: 2 } });
      reversal.given([], with_(facts([]), original)).when({ create: { ...content, targetWarehousePlaceCode: 'A-03' } }).thenRefused({ code: 409, key: 'warehouse.errors.voucherReversalHeader' });
    });

    it('posting a reversal of a move moves the pieces back and marks the original reversed with its note, in the same transaction', () => {
      const drafted = [reversal.created(reversalContent(original))];
      const after = facts([stock({ qty: 6 }, { warehousePlaceCode: 'A-02', qty: 4 })], places);
      const { effects } = reversal.given(drafted, with_(after, original)).when({ act: 'post' }).then({
        doc: { state: 'Posted', voucherType: 'REVERSAL' },
        effects: [{ stream: 'StockAccount-t1-C1~M1' }, { document: 'voucherbill', id: 'v1', action: 'reversed', fields: { voucherOffRemark: '录错库位', reversalBillNo: 'PZ002' } }],
      });
      expect(lines(effects[0]).data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.source.billNo])).toEqual([['MOVE_OUT', 'A-02', -4, 0, 'PZ002'], ['MOVE_IN', 'A-01', 4, 10, 'PZ002']]);
      // the original as the system action lands on it
      spec.given(posted(), facts([])).when({ act: 'reversed', fields: { voucherOffRemark: '录错库位', reversalBillNo: 'PZ002' } }).then({
        doc: { state: 'Reversed', voucherType: 'REVERSED', voucherOffRemark: '录错库位', voucherOffTime: SPEC_NOW, voucherOffBy: { account: 'keeper' } },
      });
    });

    it('a reversal whose stock has moved on since is refused naming the line; a voucher is reversed once', () => {
      const drafted = [reversal.created(reversalContent(original))];
      // 3 of the 4 moved went elsewhere, or are allocated
      reversal.given(drafted, with_(facts([stock({ qty: 6 }, { warehousePlaceCode: 'A-02', qty: 1 })], places), original)).when({ act: 'post' }).thenRefused({
        code: 409, key: 'warehouse.errors.voucherLineMovedOn', vars: { line: 1, place: 'A-02', barcode: 'X1', wanted: 4, available: 1 },
      });
      reversal.given(drafted, with_(facts([stock({ qty: 6 }, { warehousePlaceCode: 'A-02', qty: 4, djQty: 2 })], places), original)).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.voucherLineMovedOn', vars: { available: 2 } });
      // reversed already (by another reversing voucher posted first)
      const reversed = originalOf([...posted(), spec.acted('reversed', { voucherOffRemark: 'x', reversalBillNo: 'PZ003' })]);
      expect(reversed).toMatchObject({ state: 'Reversed', voucherType: 'REVERSED' });
      reversal.given(drafted, with_(facts([stock({}, { warehousePlaceCode: 'A-02' })], places), reversed)).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.voucherNotReversible', keyVars: { state: 'voucherbill.states.Reversed' } });
    });

    it('the reversal of a gain takes the pieces out again (only if still free); of a loss puts them back', () => {
      const gain = originalOf(posted({ voucherKind: 'GAIN' }));
      const gainBack = [reversal.created(reversalContent(gain))];
      const out = reversal.given(gainBack, with_(facts([stock()]), gain)).when({ act: 'post' }).outcome();
      expect(lines(out.effects[0]).data.lines.map((l) => [l.movement, l.qty, l.endQty])).toEqual([['ADJUST', -4, 6]]);
      reversal.given(gainBack, with_(facts([stock({ qty: 3 })]), gain)).when({ act: 'post' }).thenRefused({ code: 409, key: 'warehouse.errors.voucherLineMovedOn', vars: { line: 1 } });
      const loss = originalOf(posted({ voucherKind: 'LOSS' }));
      // the row was emptied by the loss and is gone from the ledger's rows: it comes back
      const back = reversal.given([reversal.created(reversalContent(loss))], with_(facts([account('C1', 'M1', 4)], places), loss)).when({ act: 'post' }).outcome();
      expect(lines(back.effects[0]).data.lines.map((l) => [l.movement, l.warehousePlaceCode, l.qty, l.endQty, l.warehouseAreaCode])).toEqual([['ADJUST', 'A-01', 4, 4, 'A']]);
    });
  });
});
