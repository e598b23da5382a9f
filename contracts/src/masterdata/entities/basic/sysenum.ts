import { defineEntity, uniqueInRows, flag, num, rows, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * System enumeration (spec 02 sysenum; fields not shown): a code and its values, each with a
 * label in the three languages. A tenant's own enumerations are records; the enumerations the
 * descriptions define (a strategy's rule, a document's state…) are answered read-only beside
 * them by `GET …/sysenum/values?code=`. docs/DOMAIN.md "The message catalogue".
 */
export const sysenum = defineEntity({
  name: 'sysenum',
  service: 'bl-basic',
  title: L('系统枚举', 'System enumeration', '系統枚舉'),
  codeField: 'code',
  nameField: 'name',
  defaultSort: 'sort',
  lookup: { route: 'values', rows: 'items', sort: 'sort' },
  owner: { by: 'operator' },
  fields: {
    code: text(L('枚举编码', 'Enumeration code', '枚舉編碼'), { required: true, max: 64, filter: true, pattern: /^[A-Za-z][\w.-]*$/ }),
    name: text(L('枚举名称', 'Enumeration name', '枚舉名稱'), { required: true, max: 100, filter: true }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    items: rows(L('枚举值', 'Values', '枚舉值'), {
      value: text(L('值', 'Value', '值'), { required: true, max: 64 }),
      zh: text(L('名称（中文）', 'Label (Chinese)', '名稱（中文）'), { required: true, max: 100 }),
      en: text(L('名称（英文）', 'Label (English)', '名稱（英文）'), { required: true, max: 100 }),
      mo: text(L('名称（繁体）', 'Label (Traditional Chinese)', '名稱（繁體）'), { required: true, max: 100 }),
      sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    }),
    invalid: flag(L('停用', 'Disabled', '停用')),
  },
  example: { items: [{ value: 'A', zh: '甲', en: 'A', mo: '甲', sort: 1 }] },
  refine: uniqueInRows('items', 'value'),
});
