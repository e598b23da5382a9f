import type { DocumentDef } from './define';
import { consignment } from './transport/consignment';
import { consignmentbill } from './transport/consignmentbill';
import { dispatch } from './transport/dispatch';
import { arrivalbill, loadingbill } from './transport/loadingbill';
import { deliverybill, scheduling } from './transport/deliverybill';
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
import { valueaddservicebill, handlingbill, adjustpricebill, packagewarehousebill, rentwarehousebill, ladingbill, costlading } from './billing/index';
import { monthbill } from './billing/monthbill';
import { baccount } from './billing/baccount';

/**
 * Every document type the kit serves. Adding one: its description file, one line here, and
 * a folder of its own decisions when it has any. See docs/ARCHITECTURE.md.
 */
export const documents: readonly DocumentDef[] = [
  // bl-transport
  consignment,
  // the transport chain (issue 14): notes, dispatch, loading, arrival, delivery, vehicle schedules
  consignmentbill,
  dispatch,
  loadingbill,
  arrivalbill,
  deliverybill,
  scheduling,
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
  // bl-billing: the other charges and the piece-work (issue 15)
  valueaddservicebill,
  handlingbill,
  adjustpricebill,
  packagewarehousebill,
  rentwarehousebill,
  ladingbill,
  costlading,
  // bl-billing
  monthbill,
  baccount,
];

export const documentByName = (name: string): DocumentDef | undefined => documents.find((d) => d.name === name);

/** What may be made from a document of `source`'s type: each target type that names it among its sources, with how. */
export const documentsMadeFrom = (source: string): { target: DocumentDef; how: NonNullable<DocumentDef['sources']>[string] }[] =>
  documents.flatMap((target) => {
    const how = target.sources?.[source];
    return how ? [{ target, how }] : [];
  });

/** The document type of a spec 02 billType (the stock stream's streamType names its causing document by it). */
export const documentByBillType = (billType: unknown): DocumentDef | undefined =>
  billType === undefined || billType === null || billType === '' ? undefined : documents.find((d) => d.billType !== undefined && String(d.billType) === String(billType));

/** A billType as it reads: "12 入库单" through `title` (the type's title in the reader's words), "0" the general stream. */
export const billTypeText = (billType: unknown, title: (documentName: string) => string, general: string): string => {
  const d = documentByBillType(billType);
  if (d) return `${String(billType)} ${title(d.name)}`;
  return String(billType) === '0' || billType === 'general' ? general : String(billType);
};
