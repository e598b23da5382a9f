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
