import { defineEntity, flag, num, oneOf, ref, text } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Label template (spec 02 tagmodel): the size and layout of a printed label or sheet (receipt
 * labels, pallet labels, location labels, picking lists, delivery notes), for everyone or for
 * one cargo owner. `content` lists the fields printed, one per line, as `field` or
 * `field:barcode` / `field:qrcode`; the default template of a kind is used when a document
 * names none.
 */
export const tagmodel = defineEntity({
  name: 'tagmodel',
  service: 'bl-basic',
  title: L('标签模板', 'Label template', '標籤模板'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'customer', field: 'customerCode' },
  fields: {
    code: text(L('模板编码', 'Template code', '模板編碼'), { required: true, max: 40, filter: true }),
    name: text(L('模板名称', 'Template name', '模板名稱'), { required: true, max: 50, filter: true }),
    tagType: oneOf(L('标签类型', 'Label kind', '標籤類型'), {
      RECEIPT_LABEL: L('收货标签', 'Receipt label', '收貨標籤'),
      PALLET_LABEL: L('托盘标签', 'Pallet label', '托盤標籤'),
      PLACE_LABEL: L('库位标签', 'Location label', '庫位標籤'),
      PICKING_LIST: L('拣货单', 'Picking list', '揀貨單'),
      DELIVERY_NOTE: L('送货单', 'Delivery note', '送貨單'),
    }, { required: true, filter: true }),
    width: num(L('宽度(mm)', 'Width (mm)', '寬度(mm)'), 'measure', { required: true, positive: true }),
    height: num(L('高度(mm)', 'Height (mm)', '高度(mm)'), 'measure', { required: true, positive: true }),
    customerCode: ref(L('货主', 'Cargo owner', '貨主'), 'customer', { filter: true }),
    content: text(L('打印内容', 'Printed fields', '列印內容'), { max: 2000, multiline: true, list: false }),
    defaultFlag: flag(L('默认模板', 'Default template', '預設模板')),
    invalid: invalidFlag(),
  },
  example: { width: 100, height: 60 },
});
