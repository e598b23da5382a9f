import os from 'node:os';
import { hostWorkersFromEnv } from './cluster';

describe('HOST_WORKERS', () => {
  const pg = { DATABASE_URL: 'postgresql://db/tpl' };

  it('is one process unless asked, and as many as asked on PostgreSQL; auto is one per core', () => {
    expect(hostWorkersFromEnv({})).toBe(1);
    expect(hostWorkersFromEnv({ HOST_WORKERS: '' })).toBe(1);
    expect(hostWorkersFromEnv({ ...pg, HOST_WORKERS: '3' })).toBe(3);
    expect(hostWorkersFromEnv({ ...pg, HOST_WORKERS: 'auto' })).toBe(os.availableParallelism());
    expect(hostWorkersFromEnv({ HOST_WORKERS: '1' })).toBe(1);
  });

  it('refuses what is not a count from 1 to 64, naming the setting', () => {
    for (const bad of ['0', '-2', '1.5', 'two', '65']) expect(() => hostWorkersFromEnv({ ...pg, HOST_WORKERS: bad })).toThrow(`HOST_WORKERS=${bad}: expected a whole number from 1 to 64`);
  });

  it('refuses several processes on the embedded database, which belongs to one process', () => {
    expect(() => hostWorkersFromEnv({ HOST_WORKERS: '2' })).toThrow('HOST_WORKERS=2 needs DATABASE_URL');
    // auto on one core is one process, which the embedded database allows
    if (os.availableParallelism() > 1) expect(() => hostWorkersFromEnv({ HOST_WORKERS: 'auto' })).toThrow('HOST_WORKERS=auto needs DATABASE_URL');
    else expect(hostWorkersFromEnv({ HOST_WORKERS: 'auto' })).toBe(1);
  });
});
