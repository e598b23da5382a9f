/** Server messages of the shell's own calls (profile, password, dashboard), in zh, en and mo. */
export const shellMessages = {
  zh: {
    errors: {
      oldPasswordWrong: '原密码不正确',
      passwordUnchanged: '新密码不能与原密码相同',
    },
    profile: {
      fields: { version: '版本', oldPassword: '原密码', newPassword: '新密码', newPassword1: '确认密码' },
    },
    report: {
      fields: { days: '天数' },
    },
  },
  en: {
    errors: {
      oldPasswordWrong: 'The old password is not correct',
      passwordUnchanged: 'The new password must differ from the old one',
    },
    profile: {
      fields: { version: 'Version', oldPassword: 'Old password', newPassword: 'New password', newPassword1: 'Confirm password' },
    },
    report: {
      fields: { days: 'Days' },
    },
  },
  mo: {
    errors: {
      oldPasswordWrong: '原密碼不正確',
      passwordUnchanged: '新密碼不能與原密碼相同',
    },
    profile: {
      fields: { version: '版本', oldPassword: '原密碼', newPassword: '新密碼', newPassword1: '確認密碼' },
    },
    report: {
      fields: { days: '天數' },
    },
  },
};
