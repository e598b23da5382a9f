import { ANY_RESOURCE, DATA_SCOPE_TYPES, documentScopeResources } from '../../../api/access';
import { defineEntity, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';
// filled by the registry (which lists this file), read when a scope is validated
import { registeredEntityNames } from '../../../entities/entity-names';

/** The resources a data scope may name: any entity, a document type, or every one (`*`). */
export const dataScopeResources = (): string[] => [ANY_RESOURCE, ...documentScopeResources(), ...registeredEntityNames()];

/**
 * Data scope (spec 01 section 6: 1 all, 2 own, 3 own department, 4 department and below,
 * 5 custom): which rows of a resource the roles it is allocated to may see. Own reads the
 * created-by user; the department types read the created-in department; custom lists
 * departments (created-in department) or users (created by).
 */
export const datascope = defineEntity({
  name: 'datascope',
  service: 'bl-system',
  title: L('数据权限', 'Data scope', '數據權限'),
  codeField: 'scopeCode',
  nameField: 'scopeName',
  owner: { by: 'operator' },
  fields: {
    scopeCode: text(L('权限编号', 'Scope code', '權限編號'), { required: true, max: 64, filter: true }),
    scopeName: text(L('权限名称', 'Scope name', '權限名稱'), { required: true, max: 50, filter: true }),
    resourceCode: text(L('适用资源', 'Resource', '適用資源'), { required: true, max: 64, filter: true }),
    scopeType: oneOf(L('规则类型', 'Scope type', '規則類型'), {
      [DATA_SCOPE_TYPES.all]: L('全部可见', 'All', '全部可見'),
      [DATA_SCOPE_TYPES.own]: L('本人可见', 'Own records only', '本人可見'),
      [DATA_SCOPE_TYPES.dept]: L('所在部门可见', 'Own department', '所在部門可見'),
      [DATA_SCOPE_TYPES.deptAndBelow]: L('所在部门及子级可见', 'Department and below', '所在部門及子級可見'),
      [DATA_SCOPE_TYPES.custom]: L('自定义', 'Custom', '自訂'),
    }, { required: true, filter: true }),
    scopeColumn: oneOf(L('规则字段', 'Column', '規則欄位'), {
      createUser: L('创建人', 'Created by', '建立人'),
      createDept: L('创建部门', 'Created in department', '建立部門'),
    }),
    scopeDepts: ref(L('自定义部门', 'Custom departments', '自訂部門'), 'dept', { multiple: true, list: false }),
    scopeUsers: ref(L('自定义人员', 'Custom users', '自訂人員'), 'user', { multiple: true, list: false }),
  },
  example: { resourceCode: 'material', scopeType: DATA_SCOPE_TYPES.own },
  refine: (d, ctx) => {
    if (typeof d.resourceCode === 'string' && !dataScopeResources().includes(d.resourceCode)) {
      ctx.addIssue({ code: 'custom', path: ['resourceCode'], message: 'validation.unknownResource' });
    }
    const type = d.scopeType;
    const column = d.scopeColumn;
    // own reads who created the row, the department types where it was created
    if ((type === DATA_SCOPE_TYPES.own && column === 'createDept') || ((type === DATA_SCOPE_TYPES.dept || type === DATA_SCOPE_TYPES.deptAndBelow) && column === 'createUser')) {
      ctx.addIssue({ code: 'custom', path: ['scopeColumn'], message: 'validation.scopeColumn' });
    }
    if (type === DATA_SCOPE_TYPES.custom) {
      const byUser = column === 'createUser';
      const list = (byUser ? d.scopeUsers : d.scopeDepts) as unknown[] | undefined;
      if (!list?.length) ctx.addIssue({ code: 'custom', path: [byUser ? 'scopeUsers' : 'scopeDepts'], message: 'validation.requiredSelect' });
    }
  },
});
