/** Server messages of authorization (buttons, API permissions, data scopes), in zh, en and mo. */
export const authzMessages = {
  zh: {
    validation: {
      unknownResource: '{{label}}必须是实体名称、consignment 或 *',
      scopeColumn: '{{label}}与规则类型不符：本人可见按创建人，部门规则按创建部门',
    },
    errors: {
      grantExceeds: '不能授予自己没有的权限：{{codes}}',
    },
  },
  en: {
    validation: {
      unknownResource: '{{label}} must be an entity name, consignment or *',
      scopeColumn: '{{label}} does not fit the scope type: own records go by creator, department rules by department',
    },
    errors: {
      grantExceeds: 'You cannot grant what you do not hold yourself: {{codes}}',
    },
  },
  mo: {
    validation: {
      unknownResource: '{{label}}必須是實體名稱、consignment 或 *',
      scopeColumn: '{{label}}與規則類型不符：本人可見按建立人，部門規則按建立部門',
    },
    errors: {
      grantExceeds: '不能授予自己沒有的權限：{{codes}}',
    },
  },
};
