import { date, defineEntity, flag, mobile, num, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Tenant: one operator company using the console; accountNumber -1 means no user limit. */
export const tenant = defineEntity({
  name: 'tenant',
  service: 'bl-system',
  title: L('租户', 'Tenant', '租戶'),
  codeField: 'tenantId',
  nameField: 'tenantName',
  platformOnly: true,
  owner: { by: 'operator' },
  fields: {
    tenantId: text(L('租户ID', 'Tenant ID', '租戶ID'), { required: true, max: 6, pattern: /^\d{6}$/, patternKey: 'validation.invalid', filter: true }),
    tenantName: text(L('租户名称', 'Tenant name', '租戶名稱'), { required: true, max: 50, filter: true }),
    linkman: text(L('联系人', 'Contact', '聯絡人'), { max: 50 }),
    contactNumber: mobile(L('联系电话', 'Contact number', '聯絡電話')),
    address: text(L('联系地址', 'Address', '聯絡地址'), { max: 200, list: false }),
    accountNumber: num(L('账号额度', 'User limit', '帳號額度'), 'integer', { min: -1 }),
    expireTime: date(L('过期时间', 'Expires on', '到期日期')),
    // sign-in asks every user of this tenant for a picture code (CAPTCHA_ENABLED turns it on for all)
    captchaEnabled: flag(L('登录验证码', 'Sign-in captcha', '登入驗證碼'), { list: false }),
  },
});
