import { invalidFlag } from '../../entities/references';
import { defineEntity, oneOf, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/**
 * The notices a visitor or driver reads before registering (spec 01 appointmentCarRead,
 * appointmentVisitRead): the safety notice and the factory (site) rules,
 * written by the tenant in the three languages; the reading screen shows the reader's. A tenant may
 * keep a new text marked invalid while it is drafted: the one in force for a type is its valid record
 * (of several, the one with the greatest code), docs/DOMAIN.md "Gate: notices".
 */
export const visitornotice = defineEntity({
  name: 'visitornotice',
  service: 'bl-gate',
  title: L('访客须知', 'Visitor notice', '訪客須知'),
  codeField: 'code',
  fields: {
    code: text(L('须知编码', 'Notice code', '須知編碼'), { required: true, max: 40, filter: true }),
    noticeType: oneOf(L('须知类型', 'Notice', '須知類型'), {
      SAFETY: L('安全须知', 'Safety notice', '安全須知'),
      FACTORY: L('厂区须知', 'Site rules', '廠區須知'),
    }, { required: true, filter: true }),
    contentZh: text(L('内容（简体中文）', 'Text (Simplified Chinese)', '內容（簡體中文）'), { required: true, max: 4000, multiline: true, list: false }),
    contentEn: text(L('内容（英文）', 'Text (English)', '內容（英文）'), { required: true, max: 4000, multiline: true, list: false }),
    contentMo: text(L('内容（繁体中文）', 'Text (Traditional Chinese)', '內容（繁體中文）'), { required: true, max: 4000, multiline: true, list: false }),
    invalid: invalidFlag(),
  },
  example: { code: 'SAFETY-1', noticeType: 'SAFETY', contentZh: '进入库区请穿反光背心。', contentEn: 'Wear a high-visibility vest in the warehouse.', contentMo: '進入庫區請穿反光背心。' },
});
