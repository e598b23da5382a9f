import { L, type Words } from '@tpl/contracts/light';

/**
 * The sign-in area's own words (sign-in page, third-party callback, registration dialog). Spec 01
 * wording in zh where the spec gives it; mo is Traditional Chinese.
 */
export const signinWords = {
  signin: {
    tenantRequired: L('请选择租户ID', 'Please select the tenant ID', '請選擇租戶ID'),
    accountRequired: L('请输入账号', 'Please input the account', '請輸入帳號'),
    passwordRequired: L('请输入密码', 'Please input the password', '請輸入密碼'),
    domainAccount: L('域账号登录（使用AD域密码）', 'Domain account (sign in with your AD password)', '域帳號登入（使用AD域密碼）'),
    tabs: {
      account: L('账号密码登录', 'Account', '帳號密碼登入'),
      phone: L('手机号登录', 'Mobile phone', '手機號登入'),
    },
    phone: L('手机号', 'Mobile phone', '手機號'),
    phoneRequired: L('请输入手机号', 'Please input the mobile phone', '請輸入手機號'),
    smsCode: L('验证码', 'Verification code', '驗證碼'),
    smsCodeRequired: L('请输入验证码', 'Please input the verification code', '請輸入驗證碼'),
    sendCode: L('发送验证码', 'Send code', '發送驗證碼'),
    resendIn: L('{{seconds}}秒后重发', 'Resend in {{seconds}} s', '{{seconds}}秒後重發'),
    codeSent: L('验证码已发送', 'The code was sent', '驗證碼已發送'),
    captcha: L('图形验证码', 'Picture code', '圖形驗證碼'),
    captchaRequired: L('请输入图形验证码', 'Please input the picture code', '請輸入圖形驗證碼'),
    captchaRenew: L('看不清？点击图片换一张', 'Hard to read? Click the picture for another one', '看不清？點擊圖片換一張'),
    social: L('第三方登录', 'Third-party sign-in', '第三方登入'),
    socialWith: L('使用 {{name}} 登录', 'Sign in with {{name}}', '使用 {{name}} 登入'),
    pageCacheStale: L('页面缓存更新失败，请刷新页面后再登录', 'The page cache could not be updated; please refresh the page and sign in again', '頁面緩存更新失敗，請刷新頁面後再登錄'),
    callback: {
      title: L('第三方登录', 'Third-party sign-in', '第三方登入'),
      signingIn: L('正在完成第三方登录…', 'Completing the third-party sign-in…', '正在完成第三方登入…'),
      failed: L('第三方登录失败', 'The third-party sign-in failed', '第三方登入失敗'),
      incomplete: L('第三方登录的返回信息不完整，请重新登录', 'The answer of the third-party sign-in is incomplete; please sign in again', '第三方登入的返回資訊不完整，請重新登入'),
      backToLogin: L('返回登录', 'Back to sign-in', '返回登入'),
    },
    register: {
      title: L('申请账号', 'Apply for an account', '申請帳號'),
      hint: L('该第三方账号尚未关联系统用户。请提交注册申请，管理员通过后即可登录。', 'This third-party account is not linked to a user yet. Submit an application; once an administrator approves it you can sign in.', '該第三方帳號尚未關聯系統用戶。請提交註冊申請，管理員通過後即可登入。'),
      tenantId: L('租户编号', 'Tenant ID', '租戶編號'),
      name: L('用户姓名', 'Full name', '用戶姓名'),
      account: L('账号名称', 'Account name', '帳號名稱'),
      password: L('密码', 'Password', '密碼'),
      password2: L('确认密码', 'Confirm password', '確認密碼'),
      tenantRequired: L('请先输入租户编号', 'Please enter the tenant ID first', '請先輸入租戶編號'),
      accountRequired: L('请先输入账号名称', 'Please enter the account name first', '請先輸入帳號名稱'),
      passwordRequired: L('请先输入密码', 'Please enter the password first', '請先輸入密碼'),
      mismatch: L('两次密码输入不一致', 'The two passwords do not match', '兩次密碼輸入不一致'),
      submit: L('提交', 'Submit', '提交'),
      success: L('注册申请已提交,请耐心等待管理员通过!', 'Your application was submitted; please wait for an administrator to approve it!', '註冊申請已提交,請耐心等待管理員通過!'),
      failed: L('提交失败', 'Submission failed', '提交失敗'),
    },
  },
} satisfies Words;
