import { configFromEnv } from './config';

describe('configFromEnv: the database pools', () => {
  it('leaves the sizes to the defaults when unset, and reads whole numbers of connections', () => {
    expect(configFromEnv({})).toMatchObject({ poolSize: undefined, jobsPoolSize: undefined });
    expect(configFromEnv({ DATABASE_POOL_SIZE: '', DATABASE_JOBS_POOL_SIZE: '' })).toMatchObject({ poolSize: undefined, jobsPoolSize: undefined });
    expect(configFromEnv({ DATABASE_POOL_SIZE: '12', DATABASE_JOBS_POOL_SIZE: '2' })).toMatchObject({ poolSize: 12, jobsPoolSize: 2 });
  });

  it('refuses at start what is not a whole number from 1 to 500, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'ten', '501']) {
      expect(() => configFromEnv({ DATABASE_POOL_SIZE: bad })).toThrow(`DATABASE_POOL_SIZE=${bad}: expected a whole number of connections from 1 to 500`);
      expect(() => configFromEnv({ DATABASE_JOBS_POOL_SIZE: bad })).toThrow(`DATABASE_JOBS_POOL_SIZE=${bad}: expected a whole number of connections from 1 to 500`);
    }
  });
});
