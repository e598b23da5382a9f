import { defineEntity, flag, num, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Menu and button resources: a tree by parentId (the parent's menu code). */
export const menu = defineEntity({
  name: 'menu',
  service: 'bl-system',
  title: L('菜单', 'Menu', '選單'),
  codeField: 'code',
  nameField: 'name',
  tree: { parentField: 'parentId' },
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    code: text(L('菜单编号', 'Menu code', '選單編號'), { required: true, max: 64, filter: true }),
    name: text(L('菜单名称', 'Menu name', '選單名稱'), { required: true, max: 50, filter: true }),
    alias: text(L('菜单别名', 'Alias', '選單別名'), { max: 50, list: false, verbatim: true }),
    path: text(L('路由地址', 'Route path', '路由地址'), { max: 255 }),
    source: text(L('菜单图标', 'Icon', '選單圖示'), { max: 100 }),
    category: oneOf(L('菜单类型', 'Type', '選單類型'), {
      MENU: L('菜单', 'Menu', '選單'),
      BUTTON: L('按钮', 'Button', '按鈕'),
    }, { required: true, filter: true }),
    action: oneOf(L('按钮位置', 'Button position', '按鈕位置'), {
      TOOLBAR: L('工具栏', 'Toolbar', '工具列'),
      ROW: L('操作栏', 'Row actions', '操作欄'),
      BOTH: L('工具栏和操作栏', 'Toolbar and row', '工具列和操作欄'),
      NONE: L('不显示', 'None', '不顯示'),
    }, { list: false }),
    isOpen: flag(L('新窗口打开', 'Open in new window', '新視窗開啟'), { list: false }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    isShow: flag(L('显示', 'Visible', '顯示')),
    parentId: ref(L('上级菜单', 'Parent menu', '上級選單'), 'menu'),
  },
});
