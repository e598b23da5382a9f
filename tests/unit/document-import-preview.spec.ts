import { orderisinstockbill } from '@tpl/contracts';
import { importColumnsOf, previewCell } from '../../web/src/features/documents/model';

/** The console's import preview (issue 30): which columns it shows and how a cell reads. */
describe('the import preview in the console', () => {
  const names = { customer: { C001: '安可食品' }, material: { M0001: '大米 5kg' } };
  const field = (key: string) => importColumnsOf(orderisinstockbill, { rows: [{ row: 2, key: 'PO', values: { [key]: 'x' } }] })[0]!.field;

  it("shows the import's columns that some row gives, in the file's order (header, then a line's, the remark)", () => {
    const rows = [
      { row: 2, key: 'PO-1', values: { 'details.qty': 1, customerCode: 'C001', remark: 'r' } },
      { row: 3, key: 'PO-1', values: { 'details.materialCode': 'M0001', sourceBillNo: 'PO-1' } },
    ];
    expect(importColumnsOf(orderisinstockbill, { rows }).map((c) => c.key)).toEqual(['customerCode', 'sourceBillNo', 'details.materialCode', 'details.qty', 'remark']);
  });

  it('reads a code with its name, an enumeration in words, and leaves what it does not know as written', () => {
    const words = (v: string) => (v === 'NORMAL' ? '正常' : v);
    expect(previewCell(field('customerCode'), 'C001', names, words, '是', '否')).toBe('C001 安可食品');
    expect(previewCell(field('details.materialCode'), 'M0001', names, words, '是', '否')).toBe('M0001 大米 5kg');
    // a code naming no record stays a code (its error says why)
    expect(previewCell(field('details.materialCode'), 'M9999', names, words, '是', '否')).toBe('M9999');
    expect(previewCell(field('stockType'), 'NORMAL', names, words, '是', '否')).toBe('正常');
    expect(previewCell(field('details.qty'), 12.5, names, words, '是', '否')).toBe('12.5');
    expect(previewCell(field('details.qty'), undefined, names, words, '是', '否')).toBe('');
  });
});
