import { invalidFlag } from '../../entities/references';
import { defineEntity, flag, ref, text } from '../../entities/define';
import { L } from '../../i18n/labels';

/**
 * A security inspection location (spec 02 securityinspectionlocation): where a checked-in visitor
 * or vehicle is inspected. isPicture 1: the inspection there must be recorded with a photo
 * (docs/DOMAIN.md "Gate: appointments").
 */
export const securityinspectionlocation = defineEntity({
  name: 'securityinspectionlocation',
  service: 'bl-gate',
  title: L('安检点', 'Inspection location', '安檢點'),
  codeField: 'code',
  nameField: 'name',
  fields: {
    code: text(L('安检点编码', 'Inspection location code', '安檢點編碼'), { required: true, max: 40, filter: true }),
    name: text(L('安检点名称', 'Inspection location name', '安檢點名稱'), { required: true, max: 60, filter: true }),
    isPicture: flag(L('需拍照', 'Photo required', '需拍照'), { filter: true }),
    warehouseCode: ref(L('所属仓库', 'Warehouse', '所屬倉庫'), 'warehousearea', { pick: { warehouseareaType: 'WAREHOUSE' } }),
    invalid: invalidFlag(),
  },
  example: { code: 'SI1', name: '车厢检查区', isPicture: 1 },
});
