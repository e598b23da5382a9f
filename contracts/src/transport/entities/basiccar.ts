import { invalidFlag } from '../../entities/references';
import { defineEntity, num, oneOf, plate, ref } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Vehicle: by plate number (the plate rule: 7 characters ordinary, 8 new energy; stored upper-case). */
export const basiccar = defineEntity({
  name: 'basiccar',
  service: 'bl-transport',
  title: L('车辆', 'Vehicle', '車輛'),
  codeField: 'carNo',
  fields: {
    carNo: plate(L('车牌号', 'Plate number', '車牌號碼'), { required: true, filter: true }),
    carType: oneOf(L('车型', 'Vehicle type', '車型'), {
      VAN: L('面包车', 'Van', '客貨車'),
      BOX_TRUCK: L('厢式货车', 'Box truck', '廂式貨車'),
      REFRIGERATED: L('冷藏车', 'Refrigerated truck', '冷藏車'),
      FLATBED: L('平板车', 'Flatbed truck', '平板車'),
      TANKER: L('罐车', 'Tanker', '罐車'),
    }, { required: true, filter: true }),
    loadWeight: num(L('载重(t)', 'Payload (t)', '載重(t)'), 'weight'),
    loadVolume: num(L('容积(m³)', 'Load volume (m³)', '容積(m³)'), 'volume'),
    carrierCode: ref(L('承运商', 'Carrier', '承運商'), 'basiccarrier', { filter: true }),
    driverCode: ref(L('司机', 'Driver', '司機'), 'basicdriver'),
    invalid: invalidFlag(),
  },
});
