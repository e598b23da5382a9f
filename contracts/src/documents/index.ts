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
export { orderisinstockbill } from './warehouse/orderisinstockbill';
export { isinstockbill } from './warehouse/isinstockbill';
export { orderosoutstockbill } from './warehouse/orderosoutstockbill';
export { osoutstockbill } from './warehouse/osoutstockbill';
export { stocksortingbill } from './warehouse/stocksortingbill';
export { loadbill } from './warehouse/loadbill';
