import { defineEntity, flag, num, ref } from '../../entities/define';

/** Shipping rules of a customer (one per customer): batch limit and a shipping hold. */
export const customershippingrules = defineEntity({
  name: 'customershippingrules',
  service: 'bl-transport',
  title: ['客户发运规则', 'Customer shipping rules', '客戶發運規則'],
  codeField: 'customerCode',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    customerCode: ref(['客户', 'Customer', '客戶'], 'customer', { required: true, filter: true }),
    maxShipmentBatch: num(['单次最多发运批次', 'Max batches per shipment', '單次最多發運批次'], 'count'),
    freezeShipment: flag(['冻结发运', 'Shipping on hold', '凍結發運'], { filter: true }),
  },
  refine: (d, ctx) => {
    if (d.maxShipmentBatch === 0) ctx.addIssue({ code: 'custom', path: ['maxShipmentBatch'], message: 'validation.positive' });
  },
});
