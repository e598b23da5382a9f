import { defineEntity, flag, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/**
 * Error message info (spec 01 errormsginfo; fields not shown): the catalogue of business
 * messages the server answers with, one record per message a tenant words its own way. The
 * code is the message's key in the words (errors.…, validation.…); the default texts are the
 * words' (filled when read, never stored); the override texts, one per language, replace them
 * in that tenant's 400/409 answers with the same {{placeholders}} filled. A language left empty
 * keeps the default. docs/DOMAIN.md "The message catalogue".
 */
export const errormsginfo = defineEntity({
  name: 'errormsginfo',
  service: 'bl-system',
  title: L('错误信息', 'Error message', '錯誤信息'),
  codeField: 'code',
  nameField: 'zhText',
  owner: { by: 'operator' },
  fields: {
    code: text(L('消息编码', 'Message code', '消息編碼'), { required: true, max: 120, filter: true, verbatim: true }),
    defaultZh: text(L('默认文本（中文）', 'Default text (Chinese)', '默認文本（中文）'), { max: 500, generated: true, list: false }),
    defaultEn: text(L('默认文本（英文）', 'Default text (English)', '默認文本（英文）'), { max: 500, generated: true }),
    defaultMo: text(L('默认文本（繁体）', 'Default text (Traditional Chinese)', '默認文本（繁體）'), { max: 500, generated: true, list: false }),
    zhText: text(L('提示文本（中文）', 'Text (Chinese)', '提示文本（中文）'), { max: 500, multiline: true }),
    enText: text(L('提示文本（英文）', 'Text (English)', '提示文本（英文）'), { max: 500, multiline: true }),
    moText: text(L('提示文本（繁体）', 'Text (Traditional Chinese)', '提示文本（繁體）'), { max: 500, multiline: true }),
    invalid: flag(L('停用', 'Disabled', '停用')),
  },
  example: { zhText: '单据已被他人修改（期望版本 {{expected}}），请刷新' },
  refine: (d, ctx) => {
    if (![d.zhText, d.enText, d.moText].some((t) => typeof t === 'string' && t.trim() !== '')) {
      ctx.addIssue({ code: 'custom', path: ['zhText'], message: 'validation.overrideTextRequired' });
    }
  },
});
