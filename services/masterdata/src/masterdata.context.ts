import type { Pool } from 'pg';
import type { ServiceContext } from '@tpl/event-store';
import { DEMO_OPERATOR, SECOND_OPERATOR, demoActor } from '@tpl/identity';
import { MasterdataModule } from './masterdata.module';
import { recordsMigrations } from './engine/records.migrations';
import { materialSyncMigrations } from './entities/material-sync';
import { recordsProjection } from './engine/records.projection';
import { RecordsService } from './engine/records.service';
import { demoMasterData, secondOperatorMasterData, seedDemoMasterData } from './seed';
import { masterdataMenus } from './masterdata.menus';

/**
 * Who makes a demo operator's master data: the demo operator's administrator (once its
 * dispatcher is there, as for all of its samples); the second operator's own administrator.
 */
const sampleActor = async (pool: Pool, tenantId: string) => {
  if (tenantId === SECOND_OPERATOR) return demoActor(pool, tenantId, 'admin');
  if (tenantId !== DEMO_OPERATOR) return undefined;
  const dispatcher = await demoActor(pool, tenantId, 'dispatcher');
  return dispatcher && ((await demoActor(pool, tenantId, 'admin')) ?? dispatcher);
};

/**
 * The master data context's front door to the host: the entity engine and master data, the
 * md_records read model (inline: a user reads their own write), the demo operators' master data
 * (the second operator's a small set).
 */
export const masterdataContext: ServiceContext = {
  name: 'masterdata',
  menus: masterdataMenus,
  // over the entity list as it is at the start
  module: () => MasterdataModule.forEntities(),
  migrations: [...recordsMigrations, ...materialSyncMigrations],
  // records' numbers outside their kind (written before every number had one), back into range through events
  repair: { part: 'records', run: (get, tenantId) => get(RecordsService).repairNumbers(tenantId) },
  get projections() {
    return [recordsProjection()];
  },
  seeds: {
    samples: async ({ app, pool, tenantId, today, log }) => {
      const actor = await sampleActor(pool, tenantId);
      if (!actor) return;
      const context = { tenantId, actor, correlationId: 'demo-seed', causationId: `demo-seed-samples-${tenantId}` };
      const set = tenantId === SECOND_OPERATOR ? secondOperatorMasterData : demoMasterData;
      const records = await seedDemoMasterData(app.get(RecordsService), pool, context, today, set);
      if (records) log(`seeded ${records} demo master data records for tenant ${tenantId}`);
    },
  },
};
