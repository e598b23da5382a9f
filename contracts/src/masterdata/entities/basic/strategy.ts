import { defineEntity, num, oneOf, text } from '../../../entities/define';

/** Put-away (shelving) or picking strategy: which location a pallet goes to or comes from. */
export const strategy = defineEntity({
  name: 'strategy',
  service: 'bl-basic',
  title: ['上下架策略', 'Put-away and picking strategy', '上下架策略'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['策略编码', 'Strategy code', '策略編碼'], { required: true, max: 40, filter: true }),
    name: text(['策略名称', 'Strategy name', '策略名稱'], { required: true, max: 50, filter: true }),
    type: oneOf(['策略类型', 'Strategy type', '策略類型'], {
      SHELVING: ['上架', 'Put-away', '上架'],
      PICKING: ['拣货', 'Picking', '揀貨'],
    }, { required: true, filter: true }),
    rule: oneOf(['策略规则', 'Rule', '策略規則'], {
      FIFO: ['先进先出(FIFO)', 'First in, first out (FIFO)', '先進先出(FIFO)'],
      FEFO: ['近效期先出(FEFO)', 'First expiry, first out (FEFO)', '近效期先出(FEFO)'],
      NEAREST: ['就近库位', 'Nearest location', '就近庫位'],
      PARTIAL_PALLET_FIRST: ['零托优先', 'Fill partial pallets first', '零托優先'],
    }, { required: true }),
    priority: num(['优先级', 'Priority', '優先級'], 'count'),
  },
});
