import { invalidFlag } from '../../../entities/references';
import { defineEntity, flag, oneOf, ref, text } from '../../../entities/define';
import { L } from '../../../i18n/labels';

/** Warehouse area: a tree (warehouse > zone > aisle) by parentCode. */
export const warehousearea = defineEntity({
  name: 'warehousearea',
  service: 'bl-basic',
  title: L('库区', 'Warehouse area', '庫區'),
  codeField: 'code',
  nameField: 'name',
  tree: { parentField: 'parentCode' },
  // goods are received and booked into areas that hold places (a warehouse's root holds its zones, not bins)
  namedBy: {
    holdsPlaces: { entity: 'warehouseplace', field: 'warehouseAreaCode', label: L('存放库位', 'Holds locations', '存放庫位'), refusal: 'errors.refAreaWithoutPlaces' },
  },
  fields: {
    code: text(L('库区编码', 'Area code', '庫區編碼'), { required: true, max: 40, filter: true }),
    name: text(L('库区名称', 'Area name', '庫區名稱'), { required: true, filter: true }),
    parentCode: ref(L('上级库区', 'Parent area', '上級庫區'), 'warehousearea'),
    warehouseareaType: oneOf(L('库区类型', 'Area type', '庫區類型'), {
      WAREHOUSE: L('仓库', 'Warehouse', '倉庫'),
      ZONE: L('库区', 'Zone', '庫區'),
      COLD: L('冷库', 'Cold store', '冷庫'),
      BONDED: L('保税区', 'Bonded area', '保稅區'),
    }, { required: true, filter: true }),
    companyCode: ref(L('所属公司', 'Company', '所屬公司'), 'company'),
    defaultWarehouseFlag: flag(L('默认仓库', 'Default warehouse', '預設倉庫')),
    invalid: invalidFlag(),
  },
});
