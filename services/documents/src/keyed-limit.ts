/**
 * At most `limit` runs at once per key; the others wait here, in the order they came. Creates of
 * one tenant's document type all take the same serial-number row: twenty connections queued on
 * that row lock made PostgreSQL spend its time switching between waiting backends (context
 * switches 8x a change's, system time 40 %). Waiting here costs a promise; the row still orders
 * the creates of every host, this only keeps one host from piling its whole pool onto it.
 */
export class KeyedLimit {
  private readonly keys = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`KeyedLimit: limit ${limit} is not at least 1`);
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.keys.get(key);
    if (!entry) this.keys.set(key, (entry = { active: 0, waiting: [] }));
    const mine = entry;
    if (mine.active < this.limit) mine.active++;
    else await new Promise<void>((resolve) => mine.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = mine.waiting.shift();
      // a waiter takes this run's place (the count stays); else the place is freed
      if (next) next();
      else if (--mine.active === 0) this.keys.delete(key);
    }
  }

  /** Runs under way and waiting for a key (for tests and metrics). */
  load(key: string): { active: number; waiting: number } {
    const entry = this.keys.get(key);
    return { active: entry?.active ?? 0, waiting: entry?.waiting.length ?? 0 };
  }
}
