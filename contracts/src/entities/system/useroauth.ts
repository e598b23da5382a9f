import { defineEntity, email, oneOf, ref, text } from '../define';

/** Third-party login: an external account bound to a user (filled in by the sign-in flow). */
export const useroauth = defineEntity({
  name: 'useroauth',
  service: 'bl-system',
  title: ['第三方登录', 'Third-party login', '第三方登入'],
  codeField: 'uuid',
  fields: {
    uuid: text(['第三方ID', 'External ID', '第三方ID'], { required: true, max: 64, filter: true }),
    userId: ref(['绑定用户', 'Linked user', '綁定用戶'], 'user', { filter: true }),
    username: text(['第三方账号', 'External account', '第三方帳號'], { max: 100 }),
    nickname: text(['昵称', 'Nickname', '暱稱'], { max: 100 }),
    avatar: text(['头像', 'Avatar', '頭像'], { max: 500, list: false }),
    blog: text(['博客', 'Blog', '網誌'], { max: 255, list: false }),
    company: text(['公司', 'Company', '公司'], { max: 100, list: false }),
    location: text(['所在地', 'Location', '所在地'], { max: 100, list: false }),
    email: email(['邮箱', 'Email', '郵箱']),
    gender: text(['性别', 'Gender', '性別'], { max: 20, list: false }),
    source: oneOf(['来源', 'Source', '來源'], {
      GITHUB: ['GitHub', 'GitHub', 'GitHub'],
      GITEE: ['Gitee', 'Gitee', 'Gitee'],
      WECHAT: ['微信', 'WeChat', '微信'],
      OIDC: ['OIDC单点登录', 'OIDC single sign-on', 'OIDC單一登入'],
      OTHER: ['其他', 'Other', '其他'],
    }, { required: true, filter: true }),
  },
});
