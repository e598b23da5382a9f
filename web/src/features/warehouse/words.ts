import { L } from '@tpl/contracts/light';

/** Words of the warehouse's read-only screens (screens/); field, state and document words come from contracts. */
export const warehouseScreenWords = {
  whScreens: {
    unknownType: L('没有这种单据', 'There is no such document type', '沒有這種單據'),
    backToDocument: L('返回{{title}}', 'Back to the {{title}}', '返回{{title}}'),
    links: {
      stockBatch: L('批次信息', 'Batches', '批次資訊'),
      inboundFees: L('杂费', 'Incidental fees', '雜費'),
      printedLabels: L('已打印条码', 'Printed barcodes', '已列印條碼'),
      printedPackageLabels: L('已打印标签', 'Printed labels', '已列印標籤'),
      preparation: L('备货信息', 'Stock preparation', '備貨資訊'),
      images: L('查看图片', 'Photos', '查看圖片'),
    },
    cols: {
      line: L('行号', 'Line', '行號'),
      state: L('状态', 'State', '狀態'),
      barcode: L('条码', 'Barcode', '條碼'),
      material: L('物料', 'Material', '物料'),
      batch: L('批次号', 'Batch no.', '批次號'),
      qty: L('数量', 'Quantity', '數量'),
      labels: L('标签张数', 'Labels', '標籤張數'),
      place: L('库位', 'Location', '庫位'),
      status: L('备货状态', 'Status', '備貨狀態'),
    },
    batches: {
      title: L('批次信息', 'Batches', '批次資訊'),
      editable: L('本页只读。单据为草稿时，可在单据的编辑页修改批次号、生产日期和失效日期。', 'This page is read only. While the bill is a draft, its edit page corrects a batch number, production date or expiry date.', '本頁只讀。單據為草稿時，可在單據的編輯頁修改批次號、生產日期和失效日期。'),
      fixed: L('本页只读。货物已收货入库：批次以入库时为准，标签已按此打印。', 'This page is read only. The goods are received: their batches stand as received, and their labels were printed so.', '本頁只讀。貨物已收貨入庫：批次以入庫時為準，標籤已按此列印。'),
    },
    fees: {
      title: L('入库杂费', 'Incidental fees', '入庫雜費'),
      handling: L('装卸费单', 'Handling bills', '裝卸費單'),
      intro: L('计费为本入库单开具的装卸费单（卸货、倒货、码垛等）。按吨计的入库装卸费按月在月账单中计算。', 'The handling bills billing made out for this inbound bill (unloading, transshipment, restacking...). The per-tonne inbound handling fee is counted in the month bill.', '計費為本入庫單開具的裝卸費單（卸貨、倒貨、碼垛等）。按噸計的入庫裝卸費按月在月賬單中計算。'),
      total: L('已审核合计 {{amount}}', 'Audited total {{amount}}', '已審核合計 {{amount}}'),
      none: L('没有为本单开具的杂费', 'No incidental fees were made out for this bill', '沒有為本單開具的雜費'),
      denied: L('您没有查看计费单据的权限', 'You may not see billing documents', '您沒有查看計費單據的權限'),
    },
    labels: {
      title: L('已打印条码', 'Printed barcodes', '已列印條碼'),
      none: L('本单还没有打印过标签', 'No labels have been printed for this bill', '本單還沒有列印過標籤'),
      print: L('第{{n}}次打印', 'Print {{n}}', '第{{n}}次列印'),
      reprint: L('第{{n}}次：补打第{{of}}次', 'Print {{n}}: reprint of print {{of}}', '第{{n}}次：補打第{{of}}次'),
      byAt: L('{{by}} 于 {{at}}', 'by {{by}} at {{at}}', '{{by}} 於 {{at}}'),
      reprintButton: L('补打', 'Reprint', '補打'),
      reprinted: L('已补打第{{n}}次打印的标签', 'The labels of print {{n}} were printed again', '已補打第{{n}}次列印的標籤'),
    },
    preparation: {
      title: L('备货信息', 'Stock preparation', '備貨資訊'),
      total: L('已分配 {{qty}}', 'Allocated {{qty}}', '已分配 {{qty}}'),
      none: L('本单没有分配的库存', 'No stock is allocated to this bill', '本單沒有分配的庫存'),
      status: {
        toPick: L('待拣货', 'To pick', '待揀貨'),
        picked: L('已拣货', 'Picked', '已揀貨'),
        shipped: L('已发货', 'Shipped', '已發貨'),
      },
    },
    images: {
      title: L('单据图片', 'Photos', '單據圖片'),
      none: L('本单没有图片', 'This document has no photos', '本單沒有圖片'),
      ofLine: L('第{{line}}行 {{label}}', '{{label}} of line {{line}}', '第{{line}}行 {{label}}'),
    },
  },
};
