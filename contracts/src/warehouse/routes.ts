import { z } from 'zod';
import { envelopeSchema } from '../api/envelope';
import { defineRoutes } from '../api/route';
import { stockListQuerySchema, stockPageSchema, stockStreamPageSchema, stockStreamQuerySchema } from './stock';

/** The stock ledger's reads (/api/bl-warehouse): no writes, stock is what documents' facts add up to. */
export const warehouseStockRoutes = defineRoutes({
  stockList: {
    method: 'GET',
    path: '/api/bl-warehouse/stock/list',
    summary: 'Stock rows (owner, material, barcode, place, batch) with qty, djQty and available; with asOf, as they stood at that instant (from the ledger)',
    tag: 'warehouse',
    query: stockListQuerySchema,
    response: envelopeSchema(stockPageSchema),
  },
  stockStreamList: {
    method: 'GET',
    path: '/api/bl-warehouse/stockstream/list',
    summary: 'The stock stream: every line of every stock fact, with its document line, business time, before and after balance and fee flags',
    tag: 'warehouse',
    query: stockStreamQuerySchema,
    response: envelopeSchema(stockStreamPageSchema),
  },
});

/** Put-away suggestions: per line still at the dock, the places and quantities to start from. */
export const putAwayPlanSchema = z.object({
  dock: z.string(),
  placements: z.array(z.object({ lineNumber: z.number().int(), warehousePlaceCode: z.string(), qty: z.number() })),
  unplaced: z.array(z.object({ lineNumber: z.number().int(), qty: z.number() })),
});
export type PutAwayPlanView = z.infer<typeof putAwayPlanSchema>;

/** Reads of the inbound documents beside what the kit serves. */
export const warehouseInboundRoutes = defineRoutes({
  putAwaySuggestions: {
    method: 'GET',
    path: '/api/bl-warehouse/isinstockbill/putawaySuggestions',
    summary: "Where an inbound bill's goods still at the dock should go: the materials' put-away strategies over the area's places, their owner reservations, capacity (capacityRatio) and what they hold",
    tag: 'warehouse',
    query: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
    response: envelopeSchema(putAwayPlanSchema),
  },
});
