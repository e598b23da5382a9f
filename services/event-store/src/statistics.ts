import type { Pool } from 'pg';
import type { LeaseGate } from './leases';
import type { Migration } from './migrations';
import { runAsSystem } from './tenant-context';

/**
 * The planner's statistics kept fresh by the product itself: every table of the product whose rows
 * changed by more than 50 plus a tenth of its size since it was last analyzed is analyzed again,
 * the rule autovacuum follows by default.
 *
 * Why the product does it: a table without statistics (new, or grown tenfold since) makes the
 * planner guess a handful of rows per tenant, and a list page then reads every row of its tenant
 * through whichever index is smallest and sorts them, instead of reading its twenty rows in order
 * (measured: 105 pages/s at 13,700 drafts, against 3,065/s once analyzed). The embedded store has
 * no autovacuum at all, so there it never came; on PostgreSQL autovacuum wakes once a minute, and
 * the product looks every STATISTICS_POLL_MS (5 s) instead.
 *
 * The app role owns no table, and ANALYZE wants the owner: it asks the owner's functions (SECURITY
 * DEFINER) which of the owner's tables are stale, and to analyze each, nothing but the owner's.
 */
export const statisticsMigrations: Migration[] = [
  {
    id: 'event-store/014-analyze-stale',
    sql: `
CREATE OR REPLACE FUNCTION tpl_stale_tables(v_min_changes bigint DEFAULT 50, v_fraction float8 DEFAULT 0.1)
RETURNS TABLE (target text, table_name text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $fn$
  SELECT s.relid::regclass::text, s.relname::text
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
     AND s.n_mod_since_analyze > v_min_changes + v_fraction * greatest(c.reltuples, 0)
   ORDER BY s.relname
$fn$;
CREATE OR REPLACE FUNCTION tpl_analyze_table(v_table regclass) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $fn$
BEGIN
  -- a user table (not the system's catalogs, which the owner may own too) of the owner's
  IF NOT EXISTS (SELECT 1 FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
                  WHERE s.relid = v_table AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)) THEN
    RETURN false;
  END IF;
  EXECUTE format('ANALYZE %s', v_table);
  RETURN true;
END
$fn$;
REVOKE ALL ON FUNCTION tpl_stale_tables(bigint, float8) FROM PUBLIC;
REVOKE ALL ON FUNCTION tpl_analyze_table(regclass) FROM PUBLIC;
`,
  },
];

export const STATISTICS_LEASE = 'statistics';

export type StatisticsOptions = {
  /** how often stale tables are looked for (ms; 0: never, autovacuum alone) */
  pollMs?: number;
  leases?: LeaseGate;
  /** told which tables were analyzed, when any were */
  onAnalyzed?: (tables: string[]) => void;
  onError?: (error: unknown) => void;
  /**
   * Whether the database is busy now (the embedded store: requests waiting for its one
   * connection, which an ANALYZE would hold): a look waits for a quiet tick, at most
   * `maxDeferMs` (60 s), then goes ahead anyway.
   */
  busy?: () => boolean;
  maxDeferMs?: number;
};

/** Looks for stale tables on a timer, on the one host holding the lease (several hosts, one database). */
export class StatisticsKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** when the first look put off for a busy database was due */
  private deferredSince: number | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly options: StatisticsOptions = {},
  ) {}

  /**
   * Analyzes every stale table of the product now, each in a transaction of its own; answers
   * their names. (One transaction for them all held its id from the first table's statistics
   * written to the last table's: every reader of the events, whose horizon is the oldest
   * transaction still running, waited that long.)
   */
  runOnce(): Promise<string[]> {
    return runAsSystem(async () => {
      const { rows } = await this.pool.query<{ target: string; table_name: string }>('SELECT target, table_name FROM tpl_stale_tables()');
      const tables: string[] = [];
      for (const r of rows) {
        const { rows: done } = await this.pool.query<{ ok: boolean }>('SELECT tpl_analyze_table($1::regclass) AS ok', [r.target]);
        if (done[0]?.ok) tables.push(r.table_name);
      }
      if (tables.length) this.options.onAnalyzed?.(tables);
      return tables;
    });
  }

  start(): void {
    const ms = this.options.pollMs ?? 5_000;
    if (this.timer || !(ms > 0)) return;
    const { leases } = this.options;
    leases?.want(STATISTICS_LEASE);
    this.timer = setInterval(() => {
      // one look at a time: a large table's ANALYZE may outlast the interval
      if (this.running || (leases && !leases.holds(STATISTICS_LEASE))) return;
      if (this.options.busy?.()) {
        this.deferredSince ??= Date.now();
        if (Date.now() - this.deferredSince < (this.options.maxDeferMs ?? 60_000)) return;
      }
      this.deferredSince = undefined;
      this.running = this.runOnce()
        .catch((e: unknown) => (this.options.onError ?? console.error)(e))
        .finally(() => (this.running = undefined));
    }, ms);
    this.timer.unref();
  }

  /** Stops the timer and waits for a look under way (the pool closes after). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
