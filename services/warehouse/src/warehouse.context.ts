import type { ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, demoActor } from '@tpl/identity';
import { DocumentCommands, DocumentService, documentKit } from '@tpl/documents';
import { WarehouseModule } from './warehouse.module';
import { stockLedgerProjection, stockMigrations } from './stock/stock.projection';
import { labelPrintsMigrations, labelPrintsProjection } from './print/label-prints.projection';
import { seedDemoMonth } from './demo/demo-month.seed';
import { warehouseMenus } from './warehouse.menus';

/** What the warehouse context brings to the shared store: its migrations and inline projections. */
export const warehouseMigrations = [...stockMigrations, ...labelPrintsMigrations];
export const warehouseProjections = [stockLedgerProjection, labelPrintsProjection];

/**
 * The warehouse context's front door to the host: the stock ledger (inline: a keeper reads the
 * stock their receipt made), the printed labels (inline: a print is listed with its PDF) and its documents' decisions; for the demo, last month and this one
 * in the demo operator's warehouse (seedDemoMonth), so finance has a month to bill (issue 15).
 */
export const warehouseContext: ServiceContext = {
  name: 'warehouse',
  menus: warehouseMenus,
  module: () => WarehouseModule,
  migrations: warehouseMigrations,
  projections: warehouseProjections,
  seeds: {
    samples: async ({ app, pool, tenantId, today, demoMonth, log }) => {
      if (!demoMonth || tenantId !== DEMO_OPERATOR) return;
      // made by the keeper (else the administrator, else the dispatcher), once the dispatcher is there as for all the demo operator's samples
      const dispatcher = await demoActor(pool, tenantId, 'dispatcher');
      if (!dispatcher) return;
      const admin = (await demoActor(pool, tenantId, 'admin')) ?? dispatcher;
      const keeper = (await demoActor(pool, tenantId, 'keeper')) ?? admin;
      const context = { tenantId, actor: keeper, correlationId: 'demo-seed', causationId: `demo-seed-samples-${tenantId}` };
      const started = Date.now();
      const moves = await seedDemoMonth(documentKit(app.get(DocumentService), app.get(DocumentCommands)), context, today);
      if (moves) log(`seeded the demo month: ${moves} receipts and shipments for tenant ${tenantId} in ${Date.now() - started} ms`);
    },
  },
};
