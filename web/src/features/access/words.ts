import { L, type Words } from '@tpl/contracts/light';

/**
 * Users' rights' words: the registrations screen's and the role editor's (the menu tree's tools,
 * and the buttons no description names, an entity's by the kind of action).
 */
export const accessWords = {
  registrations: {
    page: {
      title: L('注册申请', 'Registrations', '註冊申請'),
      hint: L('第三方登录用户提交的注册申请，通过后即可用第三方账号或密码登录。', 'Applications from third-party sign-in users; once approved they sign in with that account or their password.', '第三方登入用戶提交的註冊申請，通過後即可用第三方帳號或密碼登入。'),
    },
    filters: {
      status: L('状态', 'Status', '狀態'),
      all: L('全部', 'All', '全部'),
      account: L('账号名称', 'Account name', '帳號名稱'),
      search: L('查询', 'Search', '查詢'),
      reset: L('重置', 'Reset', '重設'),
    },
    columns: {
      actions: L('操作', 'Actions', '操作'),
      decision: L('处理', 'Decision', '處理'),
    },
    approve: {
      title: L('通过注册申请：{{account}}', 'Approve the registration of {{account}}', '通過註冊申請：{{account}}'),
      ok: L('通过', 'Approve', '通過'),
      roleRequired: L('请选择所属角色', 'Please select Roles', '請選擇所屬角色'),
      done: L('已通过，用户 {{account}} 已创建', 'Approved: user {{account}} was created', '已通過，用戶 {{account}} 已建立'),
    },
    reject: {
      title: L('驳回注册申请：{{account}}', 'Reject the registration of {{account}}', '駁回註冊申請：{{account}}'),
      ok: L('驳回', 'Reject', '駁回'),
      reasonRequired: L('请输入驳回原因', 'Please input the reason', '請輸入駁回原因'),
      done: L('已驳回', 'Rejected', '已駁回'),
    },
    empty: L('没有注册申请', 'No registrations', '沒有註冊申請'),
  },
  roleEditor: {
    allocate: L('分配资源', 'Allocate resources', '分配資源'),
    allocateTitle: L('分配资源：{{name}}', 'Allocate resources: {{name}}', '分配資源：{{name}}'),
    allocateConfirm: L(
      '确定为角色「{{name}}」分配所选资源? 新增 {{added}} 项，取消 {{removed}} 项',
      'Allocate the ticked resources to the role "{{name}}"? {{added}} added, {{removed}} taken away',
      '確定為角色「{{name}}」分配所選資源? 新增 {{added}} 項，取消 {{removed}} 項',
    ),
    search: L('搜索菜单或按钮', 'Search menus and buttons', '搜尋選單或按鈕'),
    button: L('按钮', 'Button', '按鈕'),
    expandAll: L('全部展开', 'Expand all', '全部展開'),
    collapseAll: L('全部收起', 'Collapse all', '全部收起'),
    selected: L('已选 {{count}} 项', '{{count}} selected', '已選 {{count}} 項'),
    empty: L('没有匹配的菜单或按钮', 'No menu or button matches', '沒有符合的選單或按鈕'),
    hint: L('勾选菜单时其下按钮与上级菜单一并选中；取消勾选时其下按钮一并取消。', 'Ticking a menu ticks its buttons and the menus above it; unticking it unticks its buttons.', '勾選選單時其下按鈕與上級選單一併選中；取消勾選時其下按鈕一併取消。'),
    buttons: {
      add: L('新增', 'New', '新增'),
      edit: L('修改', 'Edit', '修改'),
      delete: L('删除', 'Delete', '刪除'),
      import: L('导入', 'Import', '匯入'),
      export: L('导出', 'Export', '匯出'),
      reset_password: L('重置密码', 'Reset password', '重設密碼'),
      domain_login: L('启用/停用域登录', 'Enable / disable domain login', '啟用/停用域登入'),
    },
    flow: {
      modelSave: L('保存流程模型', 'Save process models', '儲存流程模型'),
      modelRemove: L('删除流程模型', 'Delete process models', '刪除流程模型'),
      deploy: L('部署流程', 'Deploy processes', '部署流程'),
      suspend: L('挂起/激活流程', 'Suspend / activate processes', '掛起/啟用流程'),
      remove: L('删除流程定义', 'Delete process definitions', '刪除流程定義'),
      claim: L('签收任务', 'Claim tasks', '簽收任務'),
      approve: L('同意', 'Approve', '同意'),
      reject: L('驳回', 'Reject', '駁回'),
      delegate: L('委派', 'Delegate', '委派'),
      transfer: L('转办', 'Transfer', '轉辦'),
      copy: L('抄送', 'Copy to', '抄送'),
      reviewConfig: L('审批配置', 'Review settings', '審批配置'),
    },
    special: {
      all: L('全部权限', 'All permissions', '全部權限'),
      registration_approve: L('通过注册申请', 'Approve registrations', '通過註冊申請'),
      registration_reject: L('驳回注册申请', 'Reject registrations', '駁回註冊申請'),
      monthbill_generate: L('生成月账单', 'Generate month bills', '生成月賬單'),
    },
  },
} satisfies Words;
