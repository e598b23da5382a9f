import { defineEntity, flag, oneOf, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Bill type: classifies warehouse documents and says whether they are charged for. */
export const billtype = defineEntity({
  name: 'billtype',
  service: 'bl-basic',
  title: L('单据类型', 'Bill type', '單據類型'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('类型编码', 'Type code', '類型編碼'), { required: true, max: 40, filter: true }),
    name: text(L('类型名称', 'Type name', '類型名稱'), { required: true, max: 50, filter: true }),
    direction: oneOf(L('业务方向', 'Direction', '業務方向'), {
      INBOUND: L('入库', 'Inbound', '入庫'),
      OUTBOUND: L('出库', 'Outbound', '出庫'),
      TRANSFER: L('调拨', 'Transfer', '調撥'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true, filter: true }),
    isCost: flag(L('计费', 'Billable', '計費')),
  },
});
