import { invalidFlag } from '../../entities/references';
import { defineEntity, oneOf, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/** A place of the site where the gate staff work (spec 02 "location"): a gate or a guard post, where visitors and drivers are checked in and out. */
export const location = defineEntity({
  name: 'location',
  service: 'bl-gate',
  title: L('门岗', 'Gate', '門崗'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('门岗编码', 'Gate code', '門崗編碼'), { required: true, max: 40, filter: true }),
    name: text(L('门岗名称', 'Gate name', '門崗名稱'), { required: true, max: 60, filter: true }),
    locationType: oneOf(L('类型', 'Type', '類型'), {
      GATE: L('大门', 'Gate', '大門'),
      POST: L('岗亭', 'Guard post', '崗亭'),
    }, { required: true, filter: true }),
    warehouseCode: ref(L('所属仓库', 'Warehouse', '所屬倉庫'), 'warehousearea', { pick: { warehouseareaType: 'WAREHOUSE' } }),
    invalid: invalidFlag(),
  },
  example: { code: 'G1', name: '一号门', locationType: 'GATE' },
});
