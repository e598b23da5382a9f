import { defineEntity, flag, num, ref } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Shipping rules of a customer (one per customer): batch limit and a shipping hold. */
export const customershippingrules = defineEntity({
  name: 'customershippingrules',
  service: 'bl-transport',
  title: L('客户发运规则', 'Customer shipping rules', '客戶發運規則'),
  codeField: 'customerCode',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    customerCode: ref(L('客户', 'Customer', '客戶'), 'customer', { required: true, filter: true }),
    maxShipmentBatch: num(L('单次最多发运批次', 'Max batches per shipment', '單次最多發運批次'), 'count'),
    freezeShipment: flag(L('冻结发运', 'Shipping on hold', '凍結發運'), { filter: true }),
  },
  refine: (d, ctx) => {
    if (d.maxShipmentBatch === 0) ctx.addIssue({ code: 'custom', path: ['maxShipmentBatch'], message: 'validation.positive' });
  },
});
