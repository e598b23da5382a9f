import { consignmentDocument } from '@tpl/contracts';
import type { Migration, ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, demoActor } from '@tpl/identity';
import { DocumentCommands, DocumentService, REVIEW_POLICY, documentKit, type ReviewPolicy } from '@tpl/documents';
import { TransportModule } from './transport.module';
import { boardMigrations, boardProjection } from './board';
import { seedDemoConsignments } from './consignment/consignment.seed';
import { transportUpcasters } from './upcasters';
import { transportMenus } from './transport.menus';

/**
 * What the transport context brings to the shared store. Its documents are described in
 * contracts and served by the document kit; their lists live in the kit's doc_headers.
 */
export const transportMigrations: Migration[] = [
  // the consignment order's own list table, from before the document kit: its rows are in doc_headers now
  { id: 'transport/004-consignment-list-to-kit', sql: 'DROP TABLE IF EXISTS trn_consignment_list;' },
];

/**
 * The transport context's front door to the host: its module, the dispatcher board (kept by the
 * projector from the transport documents' events), the consignment order's upcasters; for the
 * demo, a working day's consignment board for the demo operator, made through the document kit.
 */
export const transportContext: ServiceContext = {
  name: 'transport',
  menus: transportMenus,
  module: () => TransportModule,
  migrations: [...transportMigrations, ...boardMigrations],
  // made at each start, over the document list as it is then
  get asyncProjections() {
    return [boardProjection()];
  },
  upcasters: transportUpcasters,
  seeds: {
    samples: async ({ app, pool, tenantId, today, log }) => {
      if (tenantId !== DEMO_OPERATOR) return;
      const actor = await demoActor(pool, tenantId, 'dispatcher');
      if (!actor) return;
      const context = { tenantId, actor, correlationId: 'demo-seed', causationId: `demo-seed-samples-${tenantId}` };
      // a few orders already waiting in review (by the tenant's consignment review process), so the approver has work
      const withReview = Boolean(await app.get<ReviewPolicy>(REVIEW_POLICY).processKeyFor(tenantId, consignmentDocument.name));
      const n = await seedDemoConsignments(documentKit(app.get(DocumentService), app.get(DocumentCommands)), context, today, withReview);
      if (n) log(`seeded ${n} demo consignment orders for tenant ${tenantId}`);
    },
  },
};
