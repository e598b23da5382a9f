import { defineEntity, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Category of API permissions. */
export const apiscopecategory = defineEntity({
  name: 'apiscopecategory',
  service: 'bl-system',
  title: L('接口权限分类', 'API permission category', '介面權限分類'),
  codeField: 'code',
  nameField: 'name',
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    code: text(L('分类编码', 'Category code', '分類編碼'), { required: true, max: 64, filter: true }),
    name: text(L('分类名称', 'Category name', '分類名稱'), { required: true, max: 50, filter: true }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
  },
});
