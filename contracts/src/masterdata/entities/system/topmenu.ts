import { defineEntity, num, ref, text } from '../../../entities/define';

/** Top menu: the module tabs across the top of the console. */
export const topmenu = defineEntity({
  name: 'topmenu',
  service: 'bl-system',
  title: ['顶部菜单', 'Top menu', '頂部選單'],
  codeField: 'menuCode',
  nameField: 'menuName',
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    menuCode: text(['菜单编号', 'Menu code', '選單編號'], { required: true, max: 64, filter: true }),
    menuName: text(['菜单名称', 'Menu name', '選單名稱'], { required: true, max: 50, filter: true }),
    icon: text(['菜单图标', 'Icon', '選單圖示'], { max: 100 }),
    menus: ref(['包含菜单', 'Menus', '包含選單'], 'menu', { multiple: true, list: false }),
    sort: num(['排序', 'Sort order', '排序'], 'integer'),
  },
});
