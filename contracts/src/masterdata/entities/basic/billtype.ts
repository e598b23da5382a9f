import { defineEntity, flag, oneOf, text } from '../../../entities/define';

/** Bill type: classifies warehouse documents and says whether they are charged for. */
export const billtype = defineEntity({
  name: 'billtype',
  service: 'bl-basic',
  title: ['单据类型', 'Bill type', '單據類型'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['类型编码', 'Type code', '類型編碼'], { required: true, max: 40, filter: true }),
    name: text(['类型名称', 'Type name', '類型名稱'], { required: true, max: 50, filter: true }),
    direction: oneOf(['业务方向', 'Direction', '業務方向'], {
      INBOUND: ['入库', 'Inbound', '入庫'],
      OUTBOUND: ['出库', 'Outbound', '出庫'],
      TRANSFER: ['调拨', 'Transfer', '調撥'],
      OTHER: ['其他', 'Other', '其他'],
    }, { required: true, filter: true }),
    isCost: flag(['计费', 'Billable', '計費']),
  },
});
