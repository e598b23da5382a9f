import type { DocumentDef } from './define';
import { consignment } from './transport/consignment';
import { isinstockbill } from './warehouse/isinstockbill';
import { orderisinstockbill } from './warehouse/orderisinstockbill';
import { orderosoutstockbill } from './warehouse/orderosoutstockbill';
import { osoutstockbill } from './warehouse/osoutstockbill';
import { stocksortingbill } from './warehouse/stocksortingbill';
import { loadbill } from './warehouse/loadbill';
import { warehousetransferbill } from './warehouse/warehousetransferbill';
import { diversecustomertransferbill } from './warehouse/diversecustomertransferbill';
import { checkbill } from './warehouse/checkbill';
import { inventorylossbill } from './warehouse/inventorylossbill';
import { planbill } from './warehouse/planbill';

/**
 * Every document type the kit serves. Adding one: its description file, one line here, and
 * a folder of its own decisions when it has any. See docs/ARCHITECTURE.md.
 */
export const documents: readonly DocumentDef[] = [
  // bl-transport
  consignment,
  // bl-warehouse
  orderisinstockbill,
  isinstockbill,
  orderosoutstockbill,
  osoutstockbill,
  stocksortingbill,
  loadbill,
  // in the warehouse: transfers, the stock check, losses, plans
  warehousetransferbill,
  diversecustomertransferbill,
  checkbill,
  inventorylossbill,
  planbill,
];

export const documentByName = (name: string): DocumentDef | undefined => documents.find((d) => d.name === name);
