import { defineEntity, uniqueInRows, num, ref, rows, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Dictionary: one record per dictionary (its code is unique), holding its entries
 * (dictKey, dictValue, sort) as rows; dictionaries form a tree by parent code for
 * grouping. Every dict-backed select reads GET /api/bl-system/dict/dictionary?code=.
 * (BladeX keeps entries as child records sharing the code; referring by code, a record
 * per dictionary with its entries inside is the same information with a unique key.)
 */
export const dict = defineEntity({
  name: 'dict',
  service: 'bl-system',
  title: L('字典', 'Dictionary', '字典'),
  codeField: 'code',
  nameField: 'dictValue',
  tree: { parentField: 'parentCode' },
  defaultSort: 'sort',
  // Saber's dictionary call: GET /api/bl-system/dict/dictionary?code= answers one dictionary's entries, sorted
  lookup: { route: 'dictionary', rows: 'items', sort: 'sort' },
  owner: { by: 'operator' },
  fields: {
    code: text(L('字典编码', 'Dictionary code', '字典編碼'), { required: true, max: 64, filter: true, pattern: /^[A-Za-z][\w.-]*$/ }),
    dictValue: text(L('字典名称', 'Dictionary name', '字典名稱'), { required: true, max: 100, filter: true }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    parentCode: ref(L('上级字典', 'Parent dictionary', '上級字典'), 'dict'),
    items: rows(L('字典项', 'Entries', '字典項'), {
      dictKey: text(L('字典键值', 'Key', '字典鍵值'), { required: true, max: 64 }),
      dictValue: text(L('字典值', 'Value', '字典值'), { required: true, max: 100 }),
      sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    }),
  },
  example: { items: [{ dictKey: '1', dictValue: 'One', sort: 1 }] },
  refine: uniqueInRows('items', 'dictKey'),
});
