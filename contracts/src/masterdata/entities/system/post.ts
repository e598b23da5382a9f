import { defineEntity, num, oneOf, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Post (job position) a user holds. */
export const post = defineEntity({
  name: 'post',
  service: 'bl-system',
  title: L('岗位', 'Post', '崗位'),
  codeField: 'postCode',
  nameField: 'postName',
  defaultSort: 'sort',
  owner: { by: 'operator' },
  fields: {
    category: oneOf(L('岗位类型', 'Post category', '崗位類型'), {
      SENIOR: L('高层管理', 'Senior management', '高層管理'),
      MIDDLE: L('中层管理', 'Middle management', '中層管理'),
      STAFF: L('基层员工', 'Staff', '基層員工'),
    }, { required: true, filter: true }),
    postCode: text(L('岗位编码', 'Post code', '崗位編碼'), { required: true, max: 40, filter: true }),
    postName: text(L('岗位名称', 'Post name', '崗位名稱'), { required: true, max: 50, filter: true }),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
  },
});
