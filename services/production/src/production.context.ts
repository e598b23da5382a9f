import type { ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, demoActor } from '@tpl/identity';
import { DocumentCommands, DocumentService, documentKit } from '@tpl/documents';
import { ProductionModule, productionMigrations } from './production.module';
import { genealogyProjection } from './genealogy/genealogy.projection';
import { productionMenus } from './production.menus';
import { seedDemoBom } from './demo/demo.seed';

/** Inline: the keeper who received a lot reads its genealogy at once. */
export const productionProjections = [genealogyProjection];

/**
 * The production context's front door to the host: secondary processing (the request, the BOM,
 * the task) on the document kit, stock through the warehouse's ledger port, the lot genealogy;
 * for the demo, one confirmed BOM of the demo operator's first cargo owner.
 */
export const productionContext: ServiceContext = {
  name: 'production',
  menus: productionMenus,
  module: () => ProductionModule,
  migrations: productionMigrations,
  projections: productionProjections,
  seeds: {
    samples: async ({ app, pool, tenantId, today, log }) => {
      if (tenantId !== DEMO_OPERATOR) return;
      const keeper = (await demoActor(pool, tenantId, 'keeper')) ?? (await demoActor(pool, tenantId, 'admin'));
      if (!keeper) return;
      const context = { tenantId, actor: keeper, correlationId: 'demo-seed', causationId: `demo-seed-production-${tenantId}` };
      if (await seedDemoBom(documentKit(app.get(DocumentService), app.get(DocumentCommands)), context, today)) log(`seeded the demo processing BOM for tenant ${tenantId}`);
    },
  },
};
