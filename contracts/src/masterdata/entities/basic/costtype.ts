import { defineEntity, num, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Cost type: a chargeable item (storage, handling, value-added service...) with its unit price. */
export const costtype = defineEntity({
  name: 'costtype',
  service: 'bl-basic',
  title: L('费用类型', 'Cost type', '費用類型'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('费用编码', 'Cost code', '費用編碼'), { required: true, max: 40, filter: true }),
    name: text(L('费用名称', 'Cost name', '費用名稱'), { required: true, max: 50, filter: true }),
    category: oneOf(L('费用类别', 'Cost category', '費用類別'), {
      STORAGE: L('仓储费', 'Storage', '倉儲費'),
      HANDLING: L('装卸费', 'Handling', '裝卸費'),
      VALUE_ADDED: L('增值服务费', 'Value-added service', '增值服務費'),
      TRANSPORT: L('运输费', 'Transport', '運輸費'),
      OTHER: L('其他', 'Other', '其他'),
    }, { required: true, filter: true }),
    unitCode: ref(L('计费单位', 'Charging unit', '計費單位'), 'unit'),
    price: num(L('单价', 'Unit price', '單價'), 'unitPrice'),
  },
});
