import { L, type Words } from '../i18n/labels';

/**
 * Server messages of authorization (buttons, API permissions, data scopes).
 */
export const authzWords = {
  validation: {
    unknownResource: L('{{label}}必须是实体名称、consignment 或 *', '{{label}} must be an entity name, consignment or *', '{{label}}必須是實體名稱、consignment 或 *'),
    scopeColumn: L('{{label}}与规则类型不符：本人可见按创建人，部门规则按创建部门', '{{label}} does not fit the scope type: own records go by creator, department rules by department', '{{label}}與規則類型不符：本人可見按建立人，部門規則按建立部門'),
  },
  errors: {
    grantExceeds: L('不能授予自己没有的权限：{{codes}}', 'You cannot grant what you do not hold yourself: {{codes}}', '不能授予自己沒有的權限：{{codes}}'),
    buttonRequired: L('你的角色没有此操作的按钮权限', 'Your roles do not hold the button for this action', '你的角色沒有此操作的按鈕權限'),
    apiForbidden: L('你的角色没有调用此接口的权限', 'Your roles are not granted this API', '你的角色沒有呼叫此介面的權限'),
    tenantMismatch: L('请求指定的租户与登录的租户不一致', 'The request names a tenant other than the one you signed in to', '請求指定的租戶與登入的租戶不一致'),
  },
} satisfies Words;
