import { defineEntity, oneOf, ref, text } from '../../../entities/define';
import { invalidFlag } from '../../../entities/references';
import { L } from '../../../i18n/labels';

/**
 * Handheld terminal (spec 02 pdainfo): the scanners the keepers carry (scan mode runs on
 * them), each with its serial number, model, where it works and who holds it; a lost or
 * broken one is marked so it can be traced.
 */
export const pdainfo = defineEntity({
  name: 'pdainfo',
  service: 'bl-basic',
  title: L('手持终端', 'Handheld terminal', '手持終端'),
  codeField: 'code',
  nameField: 'name',
  owner: { by: 'operator' },
  fields: {
    code: text(L('设备编号', 'Device code', '設備編號'), { required: true, max: 40, filter: true }),
    name: text(L('设备名称', 'Device name', '設備名稱'), { required: true, max: 50, filter: true }),
    serialNo: text(L('序列号', 'Serial number', '序號'), { required: true, max: 64, filter: true }),
    model: text(L('型号', 'Model', '型號'), { max: 50 }),
    warehouseAreaCode: ref(L('使用库区', 'Warehouse area', '使用庫區'), 'warehousearea', { filter: true }),
    holder: text(L('使用人', 'Held by', '使用人'), { max: 50, filter: true }),
    deviceState: oneOf(L('设备状态', 'Device state', '設備狀態'), {
      IN_USE: L('使用中', 'In use', '使用中'),
      SPARE: L('备用', 'Spare', '備用'),
      REPAIR: L('维修中', 'Under repair', '維修中'),
      LOST: L('遗失', 'Lost', '遺失'),
    }, { required: true, filter: true }),
    invalid: invalidFlag(),
  },
});
