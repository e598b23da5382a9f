export * from './stock';
export * from './units';
export * from './routes';
export * from './reports';
export * from './screens';

import type { ContractsContext } from '../api/context';
import { purchaseapplybill } from './documents/purchaseapplybill';
import { orderisinstockbill } from './documents/orderisinstockbill';
import { isrecbill } from './documents/isrecbill';
import { isinstockbill } from './documents/isinstockbill';
import { ossobill } from './documents/ossobill';
import { orderosoutstockbill } from './documents/orderosoutstockbill';
import { osnoticedeliverybill } from './documents/osnoticedeliverybill';
import { osoutstockbill } from './documents/osoutstockbill';
import { stocksortingbill } from './documents/stocksortingbill';
import { loadbill } from './documents/loadbill';
import { wavebill } from './documents/wavebill';
import { warehousetransferbill } from './documents/warehousetransferbill';
import { diversecustomertransferbill } from './documents/diversecustomertransferbill';
import { checkbill } from './documents/checkbill';
import { inventorylossbill } from './documents/inventorylossbill';
import { planbill } from './documents/planbill';
import { voucherbill } from './documents/voucherbill';
import { packagetemporarybill, temporarypackagebill } from './documents/packagetemporarybill';
import { mailbill } from './documents/mailbill';
import { allocatebill } from './documents/allocatebill';
import { warehouseWords } from './words';
import { warehouseAllocateRoutes, warehouseInboundRoutes, warehousePrintRoutes, warehouseStockRoutes } from './routes';
import { stockReportRoutes, warehouseStockReadRoutes } from './reports';
import { warehouseScreenRoutes } from './screens';

/** The warehouse's front door: its documents (bl-warehouse; transfers, the stock check, losses, plans), its words and the stock reports'. */
export const warehouseContracts: ContractsContext = {
  name: 'warehouse',
  documents: [
    purchaseapplybill,
    orderisinstockbill,
    isrecbill,
    isinstockbill,
    ossobill,
    orderosoutstockbill,
    osoutstockbill,
    stocksortingbill,
    wavebill,
    loadbill,
    osnoticedeliverybill,
    warehousetransferbill,
    diversecustomertransferbill,
    checkbill,
    inventorylossbill,
    planbill,
    voucherbill,
    packagetemporarybill,
    temporarypackagebill,
    mailbill,
    allocatebill,
  ],
  routes: {
    warehouseStock: warehouseStockRoutes,
    warehouseInbound: warehouseInboundRoutes,
    warehouseAllocate: warehouseAllocateRoutes,
    warehouseStockReads: warehouseStockReadRoutes,
    stockReports: stockReportRoutes,
    warehousePrint: warehousePrintRoutes,
    warehouseScreens: warehouseScreenRoutes,
  },
  words: [warehouseWords],
};
