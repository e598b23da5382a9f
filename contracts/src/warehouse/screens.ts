import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { PDF_MEDIA_TYPE } from './routes';

/**
 * The read-only warehouse screens the spec's routes name (issue 30 item 1), each about one
 * document and reached from its view: docs/DOMAIN.md "Read-only warehouse screens". `:id` is the
 * document's id; `showImage` names the document type too, since any warehouse bill may carry photos.
 */
export const WAREHOUSE_SCREENS = {
  /** the batches of an inbound bill's goods (read only) */
  stockBatch: { path: '/warehousingManagement/stockBatchForm/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** an inbound bill's incidental fees: billing's handling bills done for it */
  inboundFees: { path: '/warehousingManagement/inStockZFItemView/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** the labels printed for an inbound bill, print by print, with reprint */
  printedLabels: { path: '/warehousingManagement/barcodePrintView/:id', of: 'isinstockbill', list: '/warehousingManagement/isinstockbill' },
  /** an outbound bill's stock preparation (备货): what was allocated from which bin, batch and barcode, picked or not */
  preparation: { path: '/outWarehouseManagement/osoutstockbillFormBhView/:id', of: 'osoutstockbill', list: '/outWarehouseManagement/osoutstockbill' },
} as const;

/** The photos of a warehouse document: /inWarehouseManagement/showImage/<type>/<id>. */
export const SHOW_IMAGE_PATH = '/inWarehouseManagement/showImage/:type/:id';
export const showImagePath = (type: string, id: string) => SHOW_IMAGE_PATH.replace(':type', encodeURIComponent(type)).replace(':id', encodeURIComponent(id));
export const screenPath = (screen: keyof typeof WAREHOUSE_SCREENS, id: string) => WAREHOUSE_SCREENS[screen].path.replace(':id', encodeURIComponent(id));

const idQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** A stock row an outbound bill was allocated, and where it stands: to pick, picked, shipped (or released: no row). */
export const PREPARATION_STATUSES = ['toPick', 'picked', 'shipped'] as const;
export const preparationRowSchema = z.object({
  lineNumber: z.number().int(),
  warehousePlaceCode: z.string(),
  barcode: z.string(),
  materialCode: z.string(),
  materialName: z.string(),
  batchNo: z.string(),
  /** allocated to the bill (its frozen quantity at allocation, less what was released) */
  qty: z.number(),
  status: z.enum(PREPARATION_STATUSES),
});
export type PreparationRow = z.infer<typeof preparationRowSchema>;

/** One label print of an inbound bill (its LabelsPrinted fact), or a reprint of one. */
export const labelPrintEntrySchema = z.object({
  /** the print's place in the bill's label stream: what a reprint names */
  seq: z.number().int(),
  kind: z.enum(['print', 'reprint']),
  /** a reprint: the print it repeated */
  of: z.number().int().optional(),
  at: z.string(),
  by: z.string(),
  rows: z.array(
    z.object({
      lineNumber: z.number().int(),
      barcode: z.string(),
      materialCode: z.string(),
      materialName: z.string(),
      batchNo: z.string(),
      printQty: z.number(),
      labels: z.number().int(),
    }),
  ),
});
export type LabelPrintEntry = z.infer<typeof labelPrintEntrySchema>;

export const warehouseScreenRoutes = defineRoutes({
  outboundPreparation: {
    method: 'GET',
    path: '/api/bl-warehouse/osoutstockbill/preparation',
    summary: "An outbound bill's stock preparation (备货): each stock row it was allocated (place, barcode, batch, quantity) and whether it is picked or shipped, read from the stock stream",
    tag: 'warehouse',
    query: idQuery,
    response: envelopeSchema(z.array(preparationRowSchema)),
  },
  labelPrints: {
    method: 'GET',
    path: '/api/bl-warehouse/isinstockbill/print/labels/history',
    summary: 'The labels printed for an inbound bill, print by print (who, when, each line with its barcode and labels), and their reprints',
    tag: 'warehouse',
    query: idQuery,
    response: envelopeSchema(z.array(labelPrintEntrySchema)),
  },
  reprintLabels: {
    method: 'POST',
    path: '/api/bl-warehouse/isinstockbill/print/labels/reprint',
    summary: 'Reprints the labels of one earlier print (PDF; a damaged label replaced): the same rows and pallets; recorded as a reprint, it labels nothing more of the lines',
    tag: 'warehouse',
    query: idQuery.extend({ seq: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }) }),
    response: z.null(),
    download: PDF_MEDIA_TYPE,
  },
});
