import { defineEntity, num, oneOf, ref, text } from '../define';

/** Vehicle: by plate number (the server checks the plate rule: 7 or 8 characters). */
export const basiccar = defineEntity({
  name: 'basiccar',
  service: 'bl-transport',
  title: ['车辆', 'Vehicle', '車輛'],
  codeField: 'carNo',
  fields: {
    carNo: text(['车牌号', 'Plate number', '車牌號碼'], { required: true, max: 8, filter: true }),
    carType: oneOf(['车型', 'Vehicle type', '車型'], {
      VAN: ['面包车', 'Van', '客貨車'],
      BOX_TRUCK: ['厢式货车', 'Box truck', '廂式貨車'],
      REFRIGERATED: ['冷藏车', 'Refrigerated truck', '冷藏車'],
      FLATBED: ['平板车', 'Flatbed truck', '平板車'],
      TANKER: ['罐车', 'Tanker', '罐車'],
    }, { required: true, filter: true }),
    loadWeight: num(['载重(t)', 'Payload (t)', '載重(t)'], { min: 0 }),
    loadVolume: num(['容积(m³)', 'Load volume (m³)', '容積(m³)'], { min: 0 }),
    carrierCode: ref(['承运商', 'Carrier', '承運商'], 'basiccarrier', { filter: true }),
    driverCode: ref(['司机', 'Driver', '司機'], 'basicdriver'),
  },
});
