import { defineEntity, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Role: a tree by parentId; roleAlias is the unique code used in permissions. */
export const role = defineEntity({
  name: 'role',
  service: 'bl-system',
  title: L('角色', 'Role', '角色'),
  codeField: 'roleAlias',
  nameField: 'roleName',
  tree: { parentField: 'parentId' },
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    roleName: text(L('角色名称', 'Role name', '角色名稱'), { required: true, max: 50, filter: true }),
    roleAlias: text(L('角色别名', 'Role alias', '角色別名'), { required: true, max: 50, filter: true }),
    parentId: ref(L('上级角色', 'Parent role', '上級角色'), 'role'),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    // resources allocated to the role (spec: "roles can be allocated resources, after confirmation")
    menus: ref(L('菜单权限', 'Menus and buttons', '選單權限'), 'menu', { multiple: true, list: false }),
    apiScopes: ref(L('接口权限', 'API permissions', '介面權限'), 'apiscope', { multiple: true, list: false }),
    dataScopes: ref(L('数据权限', 'Data scopes', '數據權限'), 'datascope', { multiple: true, list: false }),
  },
});
