import { defineEntity, flag, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Messages to external systems (spec 01 outErrorMsg; fields not shown): what a system that
 * sends us orders (the inbound order API, its dead-letter answers) receives for one of our
 * message codes: its own code for the refusal and the text, per language. docs/DOMAIN.md
 * "The message catalogue".
 */
export const outerrormsg = defineEntity({
  name: 'outerrormsg',
  service: 'bl-system',
  title: L('外部错误信息', 'Message to external systems', '外部錯誤信息'),
  codeField: 'code',
  nameField: 'externalCode',
  owner: { by: 'operator' },
  fields: {
    code: text(L('消息编码', 'Message code', '消息編碼'), { required: true, max: 120, filter: true, verbatim: true }),
    externalCode: text(L('外部编码', 'External code', '外部編碼'), { required: true, max: 40, filter: true }),
    zhText: text(L('提示文本（中文）', 'Text (Chinese)', '提示文本（中文）'), { required: true, max: 500, multiline: true }),
    enText: text(L('提示文本（英文）', 'Text (English)', '提示文本（英文）'), { max: 500, multiline: true }),
    moText: text(L('提示文本（繁体）', 'Text (Traditional Chinese)', '提示文本（繁體）'), { max: 500, multiline: true }),
    invalid: flag(L('停用', 'Disabled', '停用')),
  },
  example: { externalCode: 'E409', zhText: '订单已被修改' },
});
