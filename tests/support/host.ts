import { startHost, type Host } from '@tpl/host';
import { freshDatabase, type TestDatabase } from './databases';
import { ApiClient } from './api-client';

export type TestHost = { host: Host; db: TestDatabase; url: string; client(): ApiClient; stop(): Promise<void> };

/** The real host, in process, on a fresh embedded or PostgreSQL database, on a free port. */
export const startTestHost = async (kind: 'embedded' | 'postgres', webDist = '/nonexistent', seedSamples = false): Promise<TestHost> => {
  const db = await freshDatabase(kind);
  const host = await startHost(
    { port: 0, host: '127.0.0.1', databaseUrl: db.databaseUrl, dataDir: db.dataDir, webDist, seedDemo: true, seedSamples },
    { logLevels: ['error'] },
  );
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
