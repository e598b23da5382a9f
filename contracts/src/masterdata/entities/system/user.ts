import { date, defineEntity, dict, email, flag, mobile, oneOf, password, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * User (spec 02 section 3.1). The account is the unique code; the password is only
 * required on create, which the server enforces (it also hashes and resets it), so there
 * is no confirm-password field here.
 */
export const user = defineEntity({
  name: 'user',
  service: 'bl-system',
  title: L('用户', 'User', '用戶'),
  codeField: 'account',
  nameField: 'name',
  passwordOnCreate: ['password'],
  // spec 02 3.1: "an account can be opted in to AD domain login" (after confirmation): its own action, not the form's
  domainLogin: 'domainLogin',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('用户编号', 'User code', '用戶編號'), { max: 40, list: false }),
    account: text(L('登录账号', 'Account', '登入帳號'), { required: true, max: 45, filter: true }),
    password: password(L('密码', 'Password', '密碼')),
    name: text(L('昵称', 'Nickname', '暱稱'), { required: true, max: 50 }),
    realName: text(L('真实姓名', 'Real name', '真實姓名'), { max: 50, filter: true }),
    avatar: text(L('头像', 'Avatar', '頭像'), { max: 500, list: false }),
    email: email(L('邮箱', 'Email', '郵箱'), { list: false }),
    phone: mobile(L('手机号', 'Mobile', '手機號')),
    birthday: date(L('生日', 'Birthday', '生日'), { list: false }),
    sex: oneOf(L('性别', 'Sex', '性別'), {
      MALE: L('男', 'Male', '男'),
      FEMALE: L('女', 'Female', '女'),
      UNKNOWN: L('未知', 'Unknown', '未知'),
    }, { list: false }),
    roleId: ref(L('所属角色', 'Roles', '所屬角色'), 'role', { multiple: true }),
    deptId: ref(L('所属部门', 'Department', '所屬部門'), 'dept', { filter: true }),
    postId: ref(L('所属岗位', 'Post', '所屬崗位'), 'post', { list: false }),
    staffType: dict(L('人员类型', 'Staff type', '人員類型'), 'staffType'),
    // a cargo owner's user: sees only this customer's stock, stream, reports and documents (docs/DOMAIN.md)
    customerCode: ref(L('绑定货主', 'Cargo owner', '綁定貨主'), 'customer', { filter: true }),
    // signs in only with its directory password (docs/DOMAIN.md "Domain login"); set by the list's 域登录 action
    domainLogin: flag(L('域登录', 'Domain login', '域登入'), { generated: true, filter: true }),
  },
});
