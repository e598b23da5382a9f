import { startHost, type Host, type IntegrationConfig } from '@tpl/host';
import { AppError, entityByName, type DocumentDef } from '@tpl/contracts';
import { runInTenant, type KurrentEvents } from '@tpl/event-store';
import { RecordsService } from '@tpl/masterdata';
import { freshDatabase, type TestDatabase } from './databases';
import { seededDatabase, TEMPLATES_DIR } from './templates';
import { ApiClient } from './api-client';
import { CONSIGNMENT_REFS } from './fixtures';

const SYSTEM = { userId: '00000000-0000-0000-0000-000000000000', account: 'system', name: 'System' };

/**
 * Master-data records made in a tenant through the records service (no button needed: the
 * second demo operator has only a dispatcher); one that exists already is left as it is.
 */
export const seedRecords = async (host: Host, tenantId: string, entity: string, recs: Record<string, unknown>[]) => {
  const def = entityByName(entity)!;
  const records = host.app.get(RecordsService);
  for (const data of recs) {
    try {
      await runInTenant(tenantId, () => records.submit(def, { tenantId, actor: SYSTEM, correlationId: 'test-fixture', causationId: 'test-fixture' }, { data }));
    } catch (err) {
      if (!(err instanceof AppError && err.code === 409)) throw err;
    }
  }
};

/** Customers a consignment order may name, with the unit and category their materials need. */
export const seedCustomers = (host: Host, tenantId: string, codes: readonly string[]) =>
  seedRecords(host, tenantId, 'customer', codes.map((code) => ({ code, name: `Customer ${code}` })));

/** Materials the entities' examples name (finishpackagerelation's finished and packaging material), beside the order's. */
const EXAMPLE_MATERIALS = ['M0002', 'M0012'] as const;

/** What consignmentInput() and the entities' examples refer to (CONSIGNMENT_REFS), in both operator tenants. */
const seedConsignmentRefs = async (host: Host) => {
  for (const tenantId of ['100001', '100002']) {
    await seedRecords(host, tenantId, 'unit', [{ code: 'PCS', name: '件', type: 'QUANTITY', rate: 1 }]);
    await seedRecords(host, tenantId, 'category', [{ code: 'FOOD', name: '食品', type: 'FINISHED_GOODS' }]);
    await seedCustomers(host, tenantId, CONSIGNMENT_REFS.customers);
    await seedRecords(host, tenantId, 'material', [...CONSIGNMENT_REFS.materials, ...EXAMPLE_MATERIALS].map((code) => ({ code, name: `Material ${code}`, categoryCode: 'FOOD', unitCode: 'PCS' })));
  }
};

export type TestHost = { host: Host; db: TestDatabase; url: string; client(): ApiClient; stop(): Promise<void> };

type TestHostOptions = {
  documents?: readonly DocumentDef[];
  integration?: IntegrationConfig;
  kurrentdbUrl?: string;
  kurrentEvents?: KurrentEvents;
  demoMonth?: boolean;
  /** seed a database of its own even when the run keeps seeded templates (a test of the seeding itself) */
  fresh?: boolean;
};

const hostConfig = (db: TestDatabase, webDist: string, seedSamples: boolean, options: TestHostOptions) => ({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: db.databaseUrl,
  dataDir: db.dataDir,
  webDist,
  seedDemo: true,
  seedSamples,
  seedDemoMonth: options.demoMonth === true,
  ...(options.documents ? { documents: options.documents } : {}),
  ...(options.integration ? { integration: options.integration } : {}),
  ...(options.kurrentdbUrl ? { kurrentdbUrl: options.kurrentdbUrl } : {}),
  ...(options.kurrentEvents ? { kurrentEvents: options.kurrentEvents } : {}),
});

/**
 * The database a test host starts on: a copy of the run's seeded template for its kind and
 * seeds when the run keeps them (tests/support/templates.ts) and the host is a plain one (no
 * extra documents, Kafka or KurrentDB, which change what a start writes), else a fresh one.
 */
const databaseFor = async (kind: 'embedded' | 'postgres', seedSamples: boolean, options: TestHostOptions): Promise<{ db: TestDatabase; seeded: boolean }> => {
  const plain = !options.fresh && !options.documents && !options.integration && !options.kurrentdbUrl && !options.kurrentEvents;
  if (!TEMPLATES_DIR || !plain) return { db: await freshDatabase(kind), seeded: false };
  const key = `demo${seedSamples ? '_samples' : ''}${seedSamples && options.demoMonth ? '_month' : ''}`;
  const db = await seededDatabase(TEMPLATES_DIR, kind, key, async (db) => {
    const host = await startHost(hostConfig(db, '/nonexistent', seedSamples, options), { logLevels: ['error'] });
    try {
      await seedConsignmentRefs(host);
      // the asynchronous read models caught up, so a copy starts where a long-running host would be
      await host.storage.projector.catchUp();
    } finally {
      await host.close();
    }
  });
  return { db, seeded: true };
};

/** The real host, in process, on a fresh embedded or PostgreSQL database, on a free port. */
export const startTestHost = async (kind: 'embedded' | 'postgres', webDist = '/nonexistent', seedSamples = false, options: TestHostOptions = {}): Promise<TestHost> => {
  const { db, seeded } = await databaseFor(kind, seedSamples, options);
  const host = await startHost(hostConfig(db, webDist, seedSamples, options), { logLevels: ['error'] });
  // a copy of a template holds them already
  if (!seeded) await seedConsignmentRefs(host);
  return {
    host,
    db,
    url: host.url,
    client: () => new ApiClient(host.url),
    stop: async () => {
      await host.close();
      await db.drop();
    },
  };
};
