import { invalidFlag } from '../../entities/references';
import { defineEntity, num, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** Route (line) between an origin and a destination. */
export const basicline = defineEntity({
  name: 'basicline',
  service: 'bl-transport',
  title: L('运输线路', 'Route', '運輸路線'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('线路编码', 'Route code', '路線編碼'), { required: true, max: 40, filter: true }),
    name: text(L('线路名称', 'Route name', '路線名稱'), { required: true, filter: true }),
    invalid: invalidFlag(),
    origin: text(L('起点', 'Origin', '起點'), { max: 100, filter: true }),
    destination: text(L('终点', 'Destination', '終點'), { max: 100, filter: true }),
    distance: num(L('里程(km)', 'Distance (km)', '里程(km)'), 'measure'),
    durationHours: num(L('时效(小时)', 'Transit time (h)', '時效(小時)'), 'hours'),
  },
});
