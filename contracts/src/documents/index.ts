export * from './define';
export * from './fields';
export * from './derive';
export * from './spreadsheet';
export * from './registry';
export {
  consignment as consignmentDocument,
  CONSIGNMENT,
  consignmentStates,
  consignmentStateSchema,
  consignmentLineRules,
  type ConsignmentState,
  type ConsignmentContent,
  type Consignment,
  type ConsignmentListRow,
} from '../transport/documents/consignment';
export { consignmentbill, deliveryModes, signingFields, earlyReceiptFields } from '../transport/documents/consignmentbill';
export { dispatch as dispatchDocument } from '../transport/documents/dispatch';
export { loadingbill, arrivalbill } from '../transport/documents/loadingbill';
export { deliverybill, scheduling } from '../transport/documents/deliverybill';
export { purchaseapplybill } from '../warehouse/documents/purchaseapplybill';
export { orderisinstockbill } from '../warehouse/documents/orderisinstockbill';
export { isrecbill, soundOf } from '../warehouse/documents/isrecbill';
export { isinstockbill } from '../warehouse/documents/isinstockbill';
export { ossobill } from '../warehouse/documents/ossobill';
export { orderosoutstockbill } from '../warehouse/documents/orderosoutstockbill';
export { osnoticedeliverybill } from '../warehouse/documents/osnoticedeliverybill';
export { osoutstockbill } from '../warehouse/documents/osoutstockbill';
export { stocksortingbill } from '../warehouse/documents/stocksortingbill';
export { wavebill, wavePathFields } from '../warehouse/documents/wavebill';
export { loadbill } from '../warehouse/documents/loadbill';
export { warehousetransferbill } from '../warehouse/documents/warehousetransferbill';
export { diversecustomertransferbill } from '../warehouse/documents/diversecustomertransferbill';
export { checkbill } from '../warehouse/documents/checkbill';
export { inventorylossbill } from '../warehouse/documents/inventorylossbill';
export { planbill } from '../warehouse/documents/planbill';
export { packagetemporarybill, temporarypackagebill } from '../warehouse/documents/packagetemporarybill';
export { voucherbill, VOUCHER_KINDS, VOUCHER_TYPES } from '../warehouse/documents/voucherbill';
export { mailbill } from '../warehouse/documents/mailbill';
export { allocatebill } from '../warehouse/documents/allocatebill';
export { stockRowLine, STOCK_ROW_KEY } from '../warehouse/documents/stockrow';
export * from '../billing/documents/index';
export { monthbill, MONTH_BILL_STAGES } from '../billing/documents/monthbill';
export { baccount } from '../billing/documents/baccount';
