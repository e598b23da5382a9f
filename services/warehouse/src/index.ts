export * from './stock/stock.account';
export * from './stock/stock.ledger';
export * from './stock/stock.projection';
export * from './stock/stock.queries';
export * from './stock/owner-scope';
export * from './stock/stock.sql';
export * from './reports/stock-reports';
export * from './warehouse.module';
export * from './inbound/putaway';
export * from './inbound/booking.decisions';
export * from './shared/apply';
export { barcodeOf, bookedLineFor, checkPutAway, checkReceive, putAwayEffects, receiptDecisions, receiptEffects, type ReceiptFacts } from './inbound/receipt.decisions';
import { stockLedgerProjection, stockMigrations } from './stock/stock.projection';

/** What the warehouse context brings to the shared store: its migrations and inline projections. */
export const warehouseMigrations = [...stockMigrations];
export const warehouseProjections = [stockLedgerProjection];
export * from './outbound/order.decisions';
export * from './outbound/outbound.decisions';
export * from './outbound/listed.decisions';
export * from './print/label-print';
export * from './inside/rows';
export * from './transfer/transfer.decisions';
export * from './check/check.decisions';
export * from './loss/loss.decisions';
export * from './plan/plan.decisions';
export * from './category-status/category-stock';
export { CategoryStockStatus } from './category-status/category-stock.wiring';
export * from './demo/demo-month.seed';
