import { loadSheet } from '../../web/src/features/warehouse/load.model';
import { noteRows } from '../../web/src/features/transport/confirmation.model';

// The read-only screens' sums: the load sheet (/loadHandle/loadbillFormShow) and the arrival and review confirmations' notes.

describe('the load sheet', () => {
  it('takes each bill on the load with its packages from the load and its goods and weight from the bill, and totals them without binary fractions', () => {
    const sheet = loadSheet(
      [{ osBillNo: 'CK1', packages: 3 }, { osBillNo: 'CK2', packages: 2 }],
      [
        { billNo: 'CK1', details: [{ materialCode: 'M1', batchNo: 'B1', qty: 2, weg: 0.1 }, { materialCode: 'M2', qty: 1, weg: 0.2 }] },
        { billNo: 'CK2', details: [{ materialCode: 'M1', qty: 5, weg: 0.3 }] },
      ],
    );
    expect(sheet.bills.map((b) => [b.osBillNo, b.packages, b.weight, b.goods.length])).toEqual([['CK1', 3, 0.3, 2], ['CK2', 2, 0.3, 1]]);
    expect(sheet.bills[0]!.goods[1]).toEqual({ materialCode: 'M2', batchNo: '', qty: 1, weg: 0.2 });
    expect({ packages: sheet.packages, weight: sheet.weight }).toEqual({ packages: 5, weight: 0.6 });
  });

  it('still lists a bill it could not read (no goods, no weight)', () => {
    expect(loadSheet([{ osBillNo: 'CK9' }], [undefined])).toEqual({ bills: [{ osBillNo: 'CK9', bill: undefined, packages: 0, goods: [], weight: 0 }], packages: 0, weight: 0 });
  });
});

describe("a confirmation screen's notes", () => {
  it("shows each note's number and packages from the bill, its consignee and weight from the note, and their totals", () => {
    const rows = noteRows(
      [{ noteId: 'n1', noteBillNo: 'YD1', packages: 40 }, { noteId: 'n2', noteBillNo: 'YD2', packages: 1 }],
      [{ consignee: { name: '杭州西湖商城', address: '延安路100号' }, totals: { weg: 200.1 } }, { consignee: { name: '苏州超市' }, totals: { weg: 0.2 } }],
    );
    expect(rows.lines).toEqual([
      { noteBillNo: 'YD1', consignee: '杭州西湖商城', address: '延安路100号', packages: 40, weight: 200.1 },
      { noteBillNo: 'YD2', consignee: '苏州超市', address: '', packages: 1, weight: 0.2 },
    ]);
    expect({ packages: rows.packages, weight: rows.weight }).toEqual({ packages: 41, weight: 200.3 });
  });

  it('leaves the weight empty while a note is not read yet', () => {
    expect(noteRows([{ noteId: 'n1', noteBillNo: 'YD1' }], [undefined]).lines[0]).toEqual({ noteBillNo: 'YD1', consignee: '', address: '', packages: 0, weight: undefined });
  });
});
