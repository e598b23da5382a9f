import { defineEntity, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * API permission: a URL pattern (Ant style: `*` one segment, `**` any depth) that only the
 * roles granted it may call, grouped by category; scope type ALL covers every API. A URL no
 * permission covers stays open to every signed-in user (docs/DOMAIN.md, Authorization).
 */
export const apiscope = defineEntity({
  name: 'apiscope',
  service: 'bl-system',
  title: L('接口权限', 'API permission', '介面權限'),
  codeField: 'resourceCode',
  nameField: 'scopeName',
  example: { resourceUrl: '/api/bl-basic/example/**', scopeType: 'URL' },
  owner: { by: 'operator' },
  fields: {
    categoryId: ref(L('权限分类', 'Category', '權限分類'), 'apiscopecategory', { required: true, filter: true }),
    resourceCode: text(L('权限编号', 'Permission code', '權限編號'), { required: true, max: 64, filter: true }),
    scopeName: text(L('权限名称', 'Permission name', '權限名稱'), { required: true, max: 50, filter: true }),
    resourceUrl: text(L('权限路径', 'API path', '權限路徑'), { required: true, max: 255, pattern: /^\/\S*$/, patternKey: 'validation.invalid' }),
    resourceDesc: text(L('权限描述', 'Description', '權限描述'), { max: 255, list: false }),
    scopeType: oneOf(L('规则类型', 'Scope type', '規則類型'), {
      ALL: L('全部接口', 'All APIs', '全部介面'),
      URL: L('指定路径', 'By path', '指定路徑'),
    }, { required: true }),
  },
});
