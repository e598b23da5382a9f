import { defineEntity, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Top menu: the module tabs across the top of the console. */
export const topmenu = defineEntity({
  name: 'topmenu',
  service: 'bl-system',
  title: L('顶部菜单', 'Top menu', '頂部選單'),
  codeField: 'menuCode',
  nameField: 'menuName',
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    menuCode: text(L('菜单编号', 'Menu code', '選單編號'), { required: true, max: 64, filter: true }),
    menuName: text(L('菜单名称', 'Menu name', '選單名稱'), { required: true, max: 50, filter: true }),
    icon: text(L('菜单图标', 'Icon', '選單圖示'), { max: 100 }),
    menus: ref(L('包含菜单', 'Menus', '包含選單'), 'menu', { multiple: true, list: false }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
  },
});
