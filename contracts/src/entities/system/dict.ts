import { defineEntity, num, ref, text } from '../define';

/**
 * Dictionary: a tree by parentId. A dictionary (code) and its entries (dictKey, dictValue)
 * share the code, so there is no unique code field; dict() selects read entries by code.
 */
export const dict = defineEntity({
  name: 'dict',
  service: 'bl-system',
  title: ['字典', 'Dictionary', '字典'],
  nameField: 'dictValue',
  tree: { parentField: 'parentId' },
  defaultSort: 'sort',
  fields: {
    code: text(['字典编码', 'Dictionary code', '字典編碼'], { required: true, max: 64, filter: true }),
    dictKey: text(['字典键值', 'Key', '字典鍵值'], { required: true, max: 64 }),
    dictValue: text(['字典名称', 'Value', '字典名稱'], { required: true, max: 100, filter: true }),
    sort: num(['排序', 'Sort order', '排序'], { integer: true }),
    parentId: ref(['上级字典', 'Parent dictionary', '上級字典'], 'dict'),
  },
});
