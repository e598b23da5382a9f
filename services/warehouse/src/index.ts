export * from './stock/stock.account';
export * from './stock/stock.ledger';
export * from './stock/stock.projection';
export * from './stock/stock.queries';
export * from './stock/owner-scope';
export * from './warehouse.module';
import { stockLedgerProjection, stockMigrations } from './stock/stock.projection';

/** What the warehouse context brings to the shared store: its migrations and inline projections. */
export const warehouseMigrations = [...stockMigrations];
export const warehouseProjections = [stockLedgerProjection];
