import { invalidFlag } from '../../../entities/references';
import { defineEntity, num, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Warehouse place (storage location / bin) inside a warehouse area. */
export const warehouseplace = defineEntity({
  name: 'warehouseplace',
  service: 'bl-basic',
  title: L('库位', 'Storage location', '庫位'),
  codeField: 'code',
  owner: { by: 'customer', field: 'customerCode', unowned: 'shared' },
  fields: {
    warehouseAreaCode: ref(L('所属库区', 'Warehouse area', '所屬庫區'), 'warehousearea', { required: true, filter: true }),
    invalid: invalidFlag(),
    code: text(L('库位编码', 'Location code', '庫位編碼'), { required: true, max: 40, filter: true }),
    coordinateX: num(L('X坐标', 'X coordinate', 'X座標'), 'integer', { list: false }),
    coordinateY: num(L('Y坐标', 'Y coordinate', 'Y座標'), 'integer', { list: false }),
    maxVolume: num(L('最大容量', 'Maximum capacity', '最大容量'), 'volume'),
    minVolume: num(L('最小容量', 'Minimum capacity', '最小容量'), 'volume', { list: false }),
    volume: num(L('容积(m³)', 'Volume (m³)', '容積(m³)'), 'volume'),
    area: num(L('面积(m²)', 'Area (m²)', '面積(m²)'), 'measure'),
    customerCode: ref(L('专属货主', 'Reserved for owner', '專屬貨主'), 'customer', { filter: true }),
    capacityRatio: num(L('容量占比(%)', 'Capacity ratio (%)', '容量佔比(%)'), 'percent'),
  },
});
