import { defineEntity, num, text } from '../../entities/define';

/** Process category (spec 02 3.1 workflow category: categoryId, categoryName, code); models and definitions carry its code as categoryId. */
export const flowcategory = defineEntity({
  name: 'flowcategory',
  service: 'bl-flow',
  title: ['流程分类', 'Process category', '流程分類'],
  codeField: 'code',
  nameField: 'categoryName',
  owner: { by: 'operator' },
  fields: {
    code: text(['分类编码', 'Category code', '分類編碼'], { required: true, max: 40, filter: true }),
    categoryName: text(['分类名称', 'Category name', '分類名稱'], { required: true, max: 100, filter: true }),
    sort: num(['排序', 'Sort', '排序'], 'integer', { min: 0 }),
  },
});
