import { L, type Words } from '../i18n/labels';

/** Production's words: the server's messages of its decisions and the genealogy's fields (the console's screen words are in web/src/features/production/words.ts). */
export const productionWords: Words = {
  // the rules of the descriptions (refine): the kernel's validation messages name them
  validation: {
    // spec 02: "Secondary-processing BOM submit: at least one raw-material line and at least one finished-goods line"
    bomNeedsBoth: L('加工BOM至少需要一行原料明细和一行成品明细', 'A processing BOM needs at least one raw-material line and at least one finished-goods line', '加工BOM至少需要一行原料明細和一行成品明細'),
  },
  production: {
    errors: {
      bomNotFound: L('没有可用的加工BOM「{{bomNo}}」（须为已确认）', 'There is no confirmed processing BOM "{{bomNo}}"', '沒有可用的加工BOM「{{bomNo}}」（須為已確認）'),
      bomOtherOwner: L('加工BOM「{{bomNo}}」属于货主「{{owner}}」', 'Processing BOM "{{bomNo}}" belongs to cargo owner "{{owner}}"', '加工BOM「{{bomNo}}」屬於貨主「{{owner}}」'),
      notCovered: L('物料「{{materialCode}}」需出库 {{needed}}，出库明细合计 {{planned}}', 'Material "{{materialCode}}" needs {{needed}} issued; the lots to issue add up to {{planned}}', '物料「{{materialCode}}」需出庫 {{needed}}，出庫明細合計 {{planned}}'),
      notNeeded: L('物料「{{materialCode}}」不在加工BOM的原料中', 'Material "{{materialCode}}" is not a raw material of the BOM', '物料「{{materialCode}}」不在加工BOM的原料中'),
      overIssue: L('第 {{line}} 行待出库 {{pending}}，本次出库 {{wanted}}', 'Line {{line}} has {{pending}} pending issue; {{wanted}} cannot be issued', '第 {{line}} 行待出庫 {{pending}}，本次出庫 {{wanted}}'),
      overReceipt: L('成品第 {{line}} 行待入库 {{pending}}，本次入库 {{wanted}}', 'Finished good {{line}} has {{pending}} pending receipt; {{wanted}} cannot be received', '成品第 {{line}} 行待入庫 {{pending}}，本次入庫 {{wanted}}'),
      nothingIssued: L('尚未出库任何原料，不能入库成品', 'No raw material has been issued yet: no finished goods can be received', '尚未出庫任何原料，不能入庫成品'),
      lineNotFound: L('没有第 {{line}} 行', 'There is no line {{line}}', '沒有第 {{line}} 行'),
    },
    genealogy: {
      title: L('批次追溯', 'Lot genealogy', '批次追溯'),
      fields: {
        customerCode: L('货主', 'Cargo owner', '貨主'),
        materialCode: L('物料', 'Material', '物料'),
        batchNo: L('批次号', 'Batch number', '批次號'),
        taskBillNo: L('加工任务单号', 'Production task', '加工任務單號'),
        productMaterialCode: L('成品物料', 'Finished good', '成品物料'),
        productBatchNo: L('成品批次', 'Finished lot', '成品批次'),
        productQty: L('入库数量', 'Received', '入庫數量'),
        rawMaterialCode: L('原料物料', 'Raw material', '原料物料'),
        rawBatchNo: L('原料批次', 'Raw lot', '原料批次'),
        rawBarcode: L('原料条码', 'Raw barcode', '原料條碼'),
        rawQty: L('原料出库数量', 'Raw issued', '原料出庫數量'),
        receivedAt: L('入库时间', 'Received at', '入庫時間'),
      },
    },
  },
};
