/** Server messages of the warehouse (stock ledger and warehouse documents), in zh, en and mo. */
export const warehouseMessages = {
  zh: {
    warehouse: {
      errors: {
        insufficientStock: '物料「{{materialCode}}」可用库存不足：需要{{wanted}}，可用{{available}}',
        stockRowNotFound: '库存不存在：物料「{{materialCode}}」条码「{{barcode}}」库位「{{place}}」',
        allocationExceeded: '物料「{{materialCode}}」条码「{{barcode}}」已分配{{allocated}}，不能处理{{wanted}}',
        belowAllocated: '物料「{{materialCode}}」条码「{{barcode}}」已分配{{allocated}}，请先取消分配',
        qtyPositive: '数量必须大于0',
        samePlace: '目标库位与原库位相同：{{place}}',
      },
    },
  },
  en: {
    warehouse: {
      errors: {
        insufficientStock: 'Not enough available stock of material "{{materialCode}}": {{wanted}} wanted, {{available}} available',
        stockRowNotFound: 'No such stock: material "{{materialCode}}", barcode "{{barcode}}", location "{{place}}"',
        allocationExceeded: 'Material "{{materialCode}}" barcode "{{barcode}}" has {{allocated}} allocated; {{wanted}} cannot be taken',
        belowAllocated: 'Material "{{materialCode}}" barcode "{{barcode}}" has {{allocated}} allocated: release the allocation first',
        qtyPositive: 'The quantity must be greater than 0',
        samePlace: 'The target location is the same as the source: {{place}}',
      },
    },
  },
  mo: {
    warehouse: {
      errors: {
        insufficientStock: '物料「{{materialCode}}」可用庫存不足：需要{{wanted}}，可用{{available}}',
        stockRowNotFound: '庫存不存在：物料「{{materialCode}}」條碼「{{barcode}}」庫位「{{place}}」',
        allocationExceeded: '物料「{{materialCode}}」條碼「{{barcode}}」已分配{{allocated}}，不能處理{{wanted}}',
        belowAllocated: '物料「{{materialCode}}」條碼「{{barcode}}」已分配{{allocated}}，請先取消分配',
        qtyPositive: '數量必須大於0',
        samePlace: '目標庫位與原庫位相同：{{place}}',
      },
    },
  },
};
