import { invalidFlag } from '../../entities/references';
import { defineEntity, num, text } from '../../entities/define';

/** Route (line) between an origin and a destination. */
export const basicline = defineEntity({
  name: 'basicline',
  service: 'bl-transport',
  title: ['运输线路', 'Route', '運輸路線'],
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(['线路编码', 'Route code', '路線編碼'], { required: true, max: 40, filter: true }),
    name: text(['线路名称', 'Route name', '路線名稱'], { required: true, filter: true }),
    invalid: invalidFlag(),
    origin: text(['起点', 'Origin', '起點'], { max: 100, filter: true }),
    destination: text(['终点', 'Destination', '終點'], { max: 100, filter: true }),
    distance: num(['里程(km)', 'Distance (km)', '里程(km)'], 'measure'),
    durationHours: num(['时效(小时)', 'Transit time (h)', '時效(小時)'], 'hours'),
  },
});
