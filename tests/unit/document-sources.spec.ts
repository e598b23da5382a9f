import {
  canMakeFrom,
  documentByName,
  documentContentSchemaOf,
  documentTotals,
  documents,
  documentsMadeFrom,
  dispatchDocument as dispatch,
  isinstockbill,
  loadbill,
  loadingbill,
  osoutstockbill,
  stocksortingbill,
  voucherbill,
  type DocumentDef,
} from '@tpl/contracts';

/**
 * Each step of a chain starts from the document before it (issue 28 item 3): a description's
 * `sources` say what a new document copies from its source. Given a source as the detail call
 * folds it, when copied, then the new document holds the source's header and only what is left of
 * its lines, and it is a content the target's own schema accepts (with the bill date the form
 * fills), so the form opens valid and the server takes it as it is.
 */
const ID = '0b4f6c1e-8d2a-4c55-9a3e-2f1d7c9b8a10';
const folded = (def: DocumentDef, content: Record<string, unknown>, o: Record<string, unknown> = {}) => ({
  id: ID,
  billNo: `${def.billNo.prefix}2026112800001`,
  version: 3,
  state: def.lifecycle.initial,
  ...content,
  totals: documentTotals(def, content),
  ...o,
});
const accepted = (target: DocumentDef, copied: Record<string, unknown>) =>
  documentContentSchemaOf(target).safeParse({ billDate: '2026-11-28', ...(target.header.picker ? { picker: '张三' } : {}), ...copied });

describe('made from the document before it', () => {
  it('a receipt takes what is left of its booking, line by line, pointing back at each booked line', () => {
    const booking = folded(documentByName('orderisinstockbill')!, {
      customerCode: 'C001',
      warehouseAreaCode: 'SH1-A',
      stockType: 'NORMAL',
      supplierCode: 'S01',
      details: [
        { lineNumber: 1, materialCode: 'M0007', batchNo: 'B1', unitCode: 'CTN', qty: 100, receivedQty: 40, qtyWeg: 6, volume: 2, expiringDate: '2027-06-01' },
        { lineNumber: 2, materialCode: 'M0002', qty: 50, receivedQty: 50, qtyWeg: 5 },
      ],
    }, { state: 'Receiving' });
    const copied = isinstockbill.sources!.orderisinstockbill!.copy(booking);
    expect(copied).toMatchObject({ customerCode: 'C001', warehouseAreaCode: 'SH1-A', stockType: 'NORMAL', supplierCode: 'S01', applyNo: booking.billNo });
    expect(copied.details).toEqual([
      // applyCode: the booking the line came from, filled by the chain
      { materialCode: 'M0007', batchNo: 'B1', unitCode: 'CTN', qty: 60, qtyWeg: 6, volume: 1.2, expiringDate: '2027-06-01', applyCode: booking.billNo, applyLineNumber: 1 },
    ]);
    expect(accepted(isinstockbill, copied).success).toBe(true);
  });

  it('a booking received in full leaves nothing to copy, so the form asks for lines', () => {
    const booking = folded(documentByName('orderisinstockbill')!, { customerCode: 'C001', warehouseAreaCode: 'SH1-A', details: [{ lineNumber: 1, materialCode: 'M1', qty: 5, receivedQty: 5 }] });
    const copied = isinstockbill.sources!.orderisinstockbill!.copy(booking);
    expect(copied.details).toEqual([]);
    expect(accepted(isinstockbill, copied).success).toBe(false);
  });

  it('an outbound bill takes what is left of its order', () => {
    const order = folded(documentByName('orderosoutstockbill')!, {
      customerCode: 'C002',
      warehouseAreaCode: 'SH1-B',
      stockType: 'NORMAL',
      details: [{ lineNumber: 1, materialCode: 'M0010', qty: 30, shippedQty: 12.5, qtyWeg: 2 }],
    });
    const copied = osoutstockbill.sources!.orderosoutstockbill!.copy(order);
    expect(copied).toMatchObject({ customerCode: 'C002', applyNo: order.billNo, details: [{ materialCode: 'M0010', qty: 17.5, qtyWeg: 2, applyLineNumber: 1 }] });
    expect(accepted(osoutstockbill, copied).success).toBe(true);
  });

  it('a picking list starts from an allocated bill, a load bill from a finished picking list or a picked bill', () => {
    const bill = folded(osoutstockbill, { customerCode: 'C001', warehouseAreaCode: 'SH1-B', carNo: '沪A12345', platformNumber: 'D3', details: [{ lineNumber: 1, materialCode: 'M1', qty: 2 }] });
    const list = stocksortingbill.sources!.osoutstockbill!.copy(bill);
    expect(list).toEqual({ warehouseAreaCode: 'SH1-B', details: [{ osBillNo: bill.billNo }] });
    expect(accepted(stocksortingbill, list).success).toBe(true);
    const sorting = folded(stocksortingbill, { warehouseAreaCode: 'SH1-B', picker: '张三', details: [{ osBillNo: 'CK1' }, { osBillNo: 'CK2' }] }, { state: 'Done' });
    const load = loadbill.sources!.stocksortingbill!.copy(sorting);
    expect(load).toEqual({ warehouseAreaCode: 'SH1-B', details: [{ osBillNo: 'CK1' }, { osBillNo: 'CK2' }] });
    const fromBill = loadbill.sources!.osoutstockbill!.copy(bill);
    expect(fromBill).toEqual({ warehouseAreaCode: 'SH1-B', carNo: '沪A12345', platformNumber: 'D3', details: [{ osBillNo: bill.billNo }] });
    expect(accepted(loadbill, fromBill).success).toBe(true);
  });

  it('a dispatch bill takes a note awaiting dispatch at the version seen, and a loading bill the dispatch bill\'s notes', () => {
    const note = folded(documentByName('consignmentbill')!, { customerCode: 'C001', lineCode: 'L01', lines: [{ materialCode: 'M1', name: 'x', qty: 4, weg: 20, volume: 0.5, packages: 4 }] }, { state: 'Open', version: 2 });
    const bill = dispatch.sources!.consignmentbill!.copy(note);
    expect(bill).toEqual({ lineCode: 'L01', details: [{ noteId: ID, noteBillNo: note.billNo, noteVersion: 2, customerCode: 'C001', qty: 4, weg: 20, volume: 0.5, packages: 4 }] });
    expect(accepted(dispatch, { ...bill, carNo: '沪A12345' }).success).toBe(true);
    const issued = folded(dispatch, { carNo: '沪A12345', details: [{ noteId: ID, noteBillNo: 'YD1', packages: 4 }] }, { state: 'Issued' });
    const loading = loadingbill.sources!.dispatch!.copy(issued);
    expect(loading).toEqual({ dispatchId: ID, dispatchBillNo: issued.billNo, carNo: '沪A12345', details: [{ noteId: ID, noteBillNo: 'YD1', packages: 4 }] });
    expect(accepted(loadingbill, loading).success).toBe(true);
  });

  it('a reversing voucher takes every line of a posted ordinary voucher, each naming its line, and is never made from a reversal', () => {
    const posted = folded(voucherbill, {
      customerCode: 'C001', warehouseAreaCode: 'SH1-A', voucherKind: 'MOVE', reason: '货位调整', targetWarehousePlaceCode: 'A-02-01', voucherType: 'NORMAL',
      details: [{ lineNumber: 1, barcode: 'RK1-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 2, price: 12.5, amount: 25, account: '1405' }],
    }, { state: 'Posted' });
    const how = voucherbill.sources.voucherbill;
    const copied = how.copy(posted);
    expect(copied).toEqual({
      customerCode: 'C001', warehouseAreaCode: 'SH1-A', voucherKind: 'MOVE', targetWarehousePlaceCode: 'A-02-01', reason: '货位调整', sourceVoucherBillNo: posted.billNo,
      details: [{ barcode: 'RK1-001', materialCode: 'M0002', batchNo: 'B1', warehousePlaceCode: 'A-01-01', qty: 2, price: 12.5, account: '1405', sourceVoucherLineNumber: 1 }],
    });
    // the reversal's own note is the person's to give: the form asks for it
    expect(accepted(voucherbill, copied).success).toBe(false);
    expect(accepted(voucherbill, { ...copied, voucherOffRemark: '录错库位' }).success).toBe(true);
    expect(canMakeFrom(how, posted)).toBe(true);
    expect(canMakeFrom(how, { ...posted, voucherType: 'REVERSAL' })).toBe(false);
    expect(canMakeFrom(how, { ...posted, state: 'Reversed' })).toBe(false);
  });

  it('every source of the registry is a registered type, and each is offered from a state it has', () => {
    const pairs = documents.flatMap((d) => documentsMadeFrom(d.name).map(({ target, how }) => [d, target, how] as const));
    expect(pairs.length).toBeGreaterThanOrEqual(7);
    for (const [source, , how] of pairs) for (const s of how.states) expect(Object.keys(source.lifecycle.states)).toContain(s);
  });
});
