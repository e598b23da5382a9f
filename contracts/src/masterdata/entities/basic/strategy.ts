import { defineEntity, num, oneOf, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Put-away (shelving) or picking strategy: which location a pallet goes to or comes from. */
export const strategy = defineEntity({
  name: 'strategy',
  service: 'bl-basic',
  title: L('上下架策略', 'Put-away and picking strategy', '上下架策略'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('策略编码', 'Strategy code', '策略編碼'), { required: true, max: 40, filter: true }),
    name: text(L('策略名称', 'Strategy name', '策略名稱'), { required: true, max: 50, filter: true }),
    type: oneOf(L('策略类型', 'Strategy type', '策略類型'), {
      SHELVING: L('上架', 'Put-away', '上架'),
      PICKING: L('拣货', 'Picking', '揀貨'),
    }, { required: true, filter: true }),
    rule: oneOf(L('策略规则', 'Rule', '策略規則'), {
      FIFO: L('先进先出(FIFO)', 'First in, first out (FIFO)', '先進先出(FIFO)'),
      FEFO: L('近效期先出(FEFO)', 'First expiry, first out (FEFO)', '近效期先出(FEFO)'),
      NEAREST: L('就近库位', 'Nearest location', '就近庫位'),
      PARTIAL_PALLET_FIRST: L('零托优先', 'Fill partial pallets first', '零托優先'),
    }, { required: true }),
    priority: num(L('优先级', 'Priority', '優先級'), 'count'),
  },
});
