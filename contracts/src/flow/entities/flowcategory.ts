import { defineEntity, num, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Process category (spec 02 3.1 workflow category: categoryId, categoryName, code); models and definitions carry its code as categoryId. */
export const flowcategory = defineEntity({
  name: 'flowcategory',
  service: 'bl-flow',
  title: L('流程分类', 'Process category', '流程分類'),
  codeField: 'code',
  nameField: 'categoryName',
  owner: { by: 'operator' },
  fields: {
    code: text(L('分类编码', 'Category code', '分類編碼'), { required: true, max: 40, filter: true }),
    categoryName: text(L('分类名称', 'Category name', '分類名稱'), { required: true, max: 100, filter: true }),
    sort: num(L('排序', 'Sort', '排序'), 'integer', { min: 0 }),
  },
});
