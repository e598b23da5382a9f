import { defineEntity, email, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Third-party login: an external account (source + uuid, the provider's subject) bound to a
 * user by account. The social sign-in flow keeps it: made at the first sign-in, its profile
 * refreshed at each, linked when an administrator approves the person's registration. An
 * administrator may also link one by hand. No code field: the same uuid may exist at two
 * providers, so (source, uuid) is the key, kept unique by the flow (deterministic record ids).
 */
export const useroauth = defineEntity({
  name: 'useroauth',
  service: 'bl-system',
  title: L('第三方登录', 'Third-party login', '第三方登入'),
  nameField: 'username',
  owner: { by: 'operator' },
  fields: {
    uuid: text(L('第三方ID', 'External ID', '第三方ID'), { required: true, max: 64, filter: true }),
    userId: ref(L('绑定用户', 'Linked user', '綁定用戶'), 'user', { filter: true }),
    username: text(L('第三方账号', 'External account', '第三方帳號'), { max: 100 }),
    nickname: text(L('昵称', 'Nickname', '暱稱'), { max: 100 }),
    avatar: text(L('头像', 'Avatar', '頭像'), { max: 500, list: false }),
    blog: text(L('博客', 'Blog', '網誌'), { max: 255, list: false }),
    company: text(L('公司', 'Company', '公司'), { max: 100, list: false }),
    location: text(L('所在地', 'Location', '所在地'), { max: 100, list: false }),
    email: email(L('邮箱', 'Email', '郵箱')),
    gender: text(L('性别', 'Gender', '性別'), { max: 20, list: false }),
    source: text(L('来源', 'Source', '來源'), { required: true, max: 32, pattern: /^[a-z0-9][a-z0-9_-]{0,31}$/, patternKey: 'validation.invalid', filter: true }),
  },
});
