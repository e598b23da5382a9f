export * from './define';
export * from './derive';
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
} from './transport/consignment';
export { consignmentbill, deliveryModes, signingFields, earlyReceiptFields } from './transport/consignmentbill';
export { dispatch as dispatchDocument } from './transport/dispatch';
export { loadingbill, arrivalbill } from './transport/loadingbill';
export { deliverybill, scheduling } from './transport/deliverybill';
export { orderisinstockbill } from './warehouse/orderisinstockbill';
export { isinstockbill } from './warehouse/isinstockbill';
export { orderosoutstockbill } from './warehouse/orderosoutstockbill';
export { osoutstockbill } from './warehouse/osoutstockbill';
export { stocksortingbill } from './warehouse/stocksortingbill';
export { loadbill } from './warehouse/loadbill';
export { warehousetransferbill } from './warehouse/warehousetransferbill';
export { diversecustomertransferbill } from './warehouse/diversecustomertransferbill';
export { checkbill } from './warehouse/checkbill';
export { inventorylossbill } from './warehouse/inventorylossbill';
export { planbill } from './warehouse/planbill';
export { stockRowLine, STOCK_ROW_KEY } from './warehouse/stockrow';
export * from './billing/index';
export { monthbill, MONTH_BILL_STAGES } from './billing/monthbill';
export { baccount } from './billing/baccount';
