import type { ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, demoActor } from '@tpl/identity';
import { DocumentCommands, DocumentService, documentKit } from '@tpl/documents';
import { RECORDS, type RecordsPort } from '@tpl/masterdata';
import { GateModule } from './gate.module';
import { gateMenus } from './gate.menus';
import { seedDemoAppointments, seedGateRecords } from './gate.seed';

/**
 * The gate context's front door to the host (issue 31): its module (the appointment's decisions),
 * its menus (the guard's), and for the demo operator its gates, inspection locations, docks and
 * notices, and a day of appointments at the gate. Its documents' lists live in the kit's
 * doc_headers and its records in master data's: it has no table of its own.
 */
export const gateContext: ServiceContext = {
  name: 'gate',
  menus: gateMenus,
  module: () => GateModule,
  seeds: {
    samples: async ({ app, pool, tenantId, log }) => {
      if (tenantId !== DEMO_OPERATOR) return;
      const actor = (await demoActor(pool, tenantId, 'guard')) ?? (await demoActor(pool, tenantId, 'admin'));
      if (!actor) return;
      const context = { tenantId, actor, correlationId: 'demo-seed' };
      const records = await seedGateRecords(app.get<RecordsPort>(RECORDS), { ...context, causationId: `demo-seed-gate-${tenantId}` });
      if (records) log(`seeded ${records} gate records for tenant ${tenantId}`);
      const n = await seedDemoAppointments(documentKit(app.get(DocumentService), app.get(DocumentCommands)), context);
      if (n) log(`seeded ${n} demo appointments for tenant ${tenantId}`);
    },
  },
};
