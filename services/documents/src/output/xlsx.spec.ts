import { cellValue, columnHeader } from './xlsx';

describe('report spreadsheets', () => {
  it("head columns in the caller's language", () => {
    expect(columnHeader('warehouseAreaCode', 'en')).toBe('Warehouse area');
    expect(columnHeader('warehouseAreaCode', 'zh')).toBe('库区');
    expect(columnHeader('insotckTime', 'mo')).toBe('入庫時間');
  });

  it('write numbers as numbers, times in the business time zone (yyyy-MM-dd HH:mm:ss), enumerations in words', () => {
    expect(cellValue({ key: 'qty', kind: 'qty' }, 12.5, 'en')).toBe(12.5);
    expect(cellValue({ key: 'qty', kind: 'qty' }, '7', 'en')).toBe(7);
    expect(cellValue({ key: 'effectiveAt', kind: 'datetime' }, '2026-10-01T16:30:05.000Z', 'en', 'Asia/Shanghai')).toBe('2026-10-02 00:30:05');
    expect(cellValue({ key: 'status', kind: 'status' }, 'FROZEN', 'en')).toBe('Frozen');
    expect(cellValue({ key: 'movement', kind: 'movement' }, 'SHIP', 'zh')).toBe('发运');
    expect(cellValue({ key: 'batchNo', kind: 'text' }, '', 'en')).toBeUndefined();
    expect(cellValue({ key: 'supplierCode', kind: 'text' }, null, 'en')).toBeUndefined();
  });

  it('write a document type and a state in words, not as the codes the rows hold', () => {
    expect(cellValue({ key: 'documentType', kind: 'text', documentType: true }, 'isinstockbill', 'zh')).toBe('入库单');
    expect(cellValue({ key: 'documentType', kind: 'text', documentType: true }, 'osoutstockbill', 'en')).toBe('Outbound bill');
    expect(cellValue({ key: 'state', kind: 'text', stateOf: 'monthbill' }, 'Generated', 'zh')).toBe('已生成');
    // a value with no words stays as it is; a plain text column is never translated
    expect(cellValue({ key: 'documentType', kind: 'text', documentType: true }, 'nosuchtype', 'zh')).toBe('nosuchtype');
    expect(cellValue({ key: 'billNo', kind: 'text' }, 'isinstockbill', 'zh')).toBe('isinstockbill');
    // the stream's type is the causing document's billType: its number and its title
    expect(cellValue({ key: 'streamType', kind: 'text', billType: true }, '12', 'zh')).toBe('12 入库单');
    expect(cellValue({ key: 'streamType', kind: 'text', billType: true }, '0', 'en')).toBe('0 General');
  });
});
