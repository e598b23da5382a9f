import { defineEntity, flag, num, oneOf, text } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Stock stream quantity status (spec 02 streamqtystatus, named by the stock stream's
 * streamQtyStatusCode): the tenant's own names for the ledger's quality statuses, as its
 * staff and cargo owners call them (合格品, 待检品, 冻结品 ...). Each record stands for one
 * ledger status (`stockStatus`); whether that status may be allocated is the ledger's rule
 * (only AVAILABLE), shown here and not configurable.
 */
export const streamqtystatus = defineEntity({
  name: 'streamqtystatus',
  service: 'bl-basic',
  title: L('库存状态', 'Stock status', '庫存狀態'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('状态编码', 'Status code', '狀態編碼'), { required: true, max: 40, filter: true }),
    name: text(L('状态名称', 'Status name', '狀態名稱'), { required: true, max: 50, filter: true }),
    stockStatus: oneOf(L('对应库存状态', 'Ledger status', '對應庫存狀態'), {
      AVAILABLE: L('可用', 'Available', '可用'),
      QUALITY_INSPECTION: L('质检', 'Quality inspection', '質檢'),
      FROZEN: L('冻结', 'Frozen', '凍結'),
    }, { required: true, filter: true }),
    defaultFlag: flag(L('默认', 'Default', '預設')),
    sort: num(L('排序', 'Sort order', '排序'), 'integer'),
    invalid: invalidFlag(),
  },
});
