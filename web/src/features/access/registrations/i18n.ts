/** The registrations screen's own words; field labels and statuses come from the shared resources (registration.*). */
export const registrationsMessages = {
  zh: {
    registrations: {
      page: { title: '注册申请', hint: '第三方登录用户提交的注册申请，通过后即可用第三方账号或密码登录。' },
      filters: { status: '状态', all: '全部', account: '账号名称', search: '查询', reset: '重置' },
      columns: { actions: '操作', decision: '处理' },
      approve: { title: '通过注册申请：{{account}}', ok: '通过', roleRequired: '请选择所属角色', done: '已通过，用户 {{account}} 已创建' },
      reject: { title: '驳回注册申请：{{account}}', ok: '驳回', reasonRequired: '请输入驳回原因', done: '已驳回' },
      empty: '没有注册申请',
    },
  },
  en: {
    registrations: {
      page: { title: 'Registrations', hint: 'Applications from third-party sign-in users; once approved they sign in with that account or their password.' },
      filters: { status: 'Status', all: 'All', account: 'Account name', search: 'Search', reset: 'Reset' },
      columns: { actions: 'Actions', decision: 'Decision' },
      approve: { title: 'Approve the registration of {{account}}', ok: 'Approve', roleRequired: 'Please select Roles', done: 'Approved: user {{account}} was created' },
      reject: { title: 'Reject the registration of {{account}}', ok: 'Reject', reasonRequired: 'Please input the reason', done: 'Rejected' },
      empty: 'No registrations',
    },
  },
  mo: {
    registrations: {
      page: { title: '註冊申請', hint: '第三方登入用戶提交的註冊申請，通過後即可用第三方帳號或密碼登入。' },
      filters: { status: '狀態', all: '全部', account: '帳號名稱', search: '查詢', reset: '重設' },
      columns: { actions: '操作', decision: '處理' },
      approve: { title: '通過註冊申請：{{account}}', ok: '通過', roleRequired: '請選擇所屬角色', done: '已通過，用戶 {{account}} 已建立' },
      reject: { title: '駁回註冊申請：{{account}}', ok: '駁回', reasonRequired: '請輸入駁回原因', done: '已駁回' },
      empty: '沒有註冊申請',
    },
  },
};
