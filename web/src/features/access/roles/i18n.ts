/** The role editor's own words: the menu tree's tools, and the buttons no description names (an entity's by the kind of action). */
export const roleEditorMessages = {
  zh: {
    roleEditor: {
      search: '搜索菜单或按钮',
      button: '按钮',
      expandAll: '全部展开',
      collapseAll: '全部收起',
      selected: '已选 {{count}} 项',
      empty: '没有匹配的菜单或按钮',
      hint: '勾选菜单时其下按钮与上级菜单一并选中；取消勾选时其下按钮一并取消。',
      buttons: { add: '新增', edit: '修改', delete: '删除', import: '导入', export: '导出', reset_password: '重置密码' },
      flow: { modelSave: '保存流程模型', modelRemove: '删除流程模型', deploy: '部署流程', suspend: '挂起/激活流程', remove: '删除流程定义', claim: '签收任务', approve: '同意', reject: '驳回', delegate: '委派', transfer: '转办', copy: '抄送', reviewConfig: '审批配置' },
      special: { all: '全部权限', registration_approve: '通过注册申请', registration_reject: '驳回注册申请', monthbill_generate: '生成月账单' },
    },
  },
  en: {
    roleEditor: {
      search: 'Search menus and buttons',
      button: 'Button',
      expandAll: 'Expand all',
      collapseAll: 'Collapse all',
      selected: '{{count}} selected',
      empty: 'No menu or button matches',
      hint: 'Ticking a menu ticks its buttons and the menus above it; unticking it unticks its buttons.',
      buttons: { add: 'New', edit: 'Edit', delete: 'Delete', import: 'Import', export: 'Export', reset_password: 'Reset password' },
      flow: { modelSave: 'Save process models', modelRemove: 'Delete process models', deploy: 'Deploy processes', suspend: 'Suspend / activate processes', remove: 'Delete process definitions', claim: 'Claim tasks', approve: 'Approve', reject: 'Reject', delegate: 'Delegate', transfer: 'Transfer', copy: 'Copy to', reviewConfig: 'Review settings' },
      special: { all: 'All permissions', registration_approve: 'Approve registrations', registration_reject: 'Reject registrations', monthbill_generate: 'Generate month bills' },
    },
  },
  mo: {
    roleEditor: {
      search: '搜尋選單或按鈕',
      button: '按鈕',
      expandAll: '全部展開',
      collapseAll: '全部收起',
      selected: '已選 {{count}} 項',
      empty: '沒有符合的選單或按鈕',
      hint: '勾選選單時其下按鈕與上級選單一併選中；取消勾選時其下按鈕一併取消。',
      buttons: { add: '新增', edit: '修改', delete: '刪除', import: '匯入', export: '匯出', reset_password: '重設密碼' },
      flow: { modelSave: '儲存流程模型', modelRemove: '刪除流程模型', deploy: '部署流程', suspend: '掛起/啟用流程', remove: '刪除流程定義', claim: '簽收任務', approve: '同意', reject: '駁回', delegate: '委派', transfer: '轉辦', copy: '抄送', reviewConfig: '審批配置' },
      special: { all: '全部權限', registration_approve: '通過註冊申請', registration_reject: '駁回註冊申請', monthbill_generate: '生成月賬單' },
    },
  },
};
