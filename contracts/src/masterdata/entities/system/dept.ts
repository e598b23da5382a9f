import { defineEntity, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Department: a tree by parentId (the parent's dept code). */
export const dept = defineEntity({
  name: 'dept',
  service: 'bl-system',
  title: L('部门', 'Department', '部門'),
  codeField: 'code',
  nameField: 'deptName',
  tree: { parentField: 'parentId' },
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    code: text(L('部门编码', 'Department code', '部門編碼'), { required: true, max: 40, filter: true }),
    deptName: text(L('部门名称', 'Department name', '部門名稱'), { required: true, max: 50, filter: true }),
    fullName: text(L('部门全称', 'Full name', '部門全稱'), { max: 200 }),
    parentId: ref(L('上级部门', 'Parent department', '上級部門'), 'dept'),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
  },
});
