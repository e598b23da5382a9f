import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';
import { DB_POOL, runAsSystem } from '@tpl/event-store';
import { ACCOUNT_RECORDS, type AccountRecords } from './account-records';

const FILL = 'user-departments';

/**
 * Sign-in reads a user's department from idn_users (data scopes need it). Users made before
 * the column existed get theirs once, at start, from their user records through the
 * AccountRecords port (migration identity/006 leaves a row in idn_backfills when some may
 * miss one); the row goes when the fill is done. Only a department not yet known is filled.
 */
@Injectable()
export class DepartmentBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger('DepartmentBackfill');

  constructor(
    @Inject(DB_POOL) private readonly pool: Pool,
    @Optional() @Inject(ACCOUNT_RECORDS) private readonly accounts?: AccountRecords,
  ) {}

  onApplicationBootstrap(): Promise<number> {
    return this.run();
  }

  /** Fills what is pending; answers how many users got a department. */
  run(): Promise<number> {
    return runAsSystem(async () => {
      if (!this.accounts) return 0;
      const pending = await this.pool.query(`SELECT 1 FROM idn_backfills WHERE id = $1`, [FILL]);
      if (!pending.rowCount) return 0;
      const known = await this.accounts.userDepartments();
      let filled = 0;
      for (const u of known) {
        const r = await this.pool.query(`UPDATE idn_users SET dept_code = $3 WHERE tenant_id = $1 AND user_id = $2 AND dept_code IS NULL`, [u.tenantId, u.userId, u.deptCode]);
        filled += r.rowCount ?? 0;
      }
      await this.pool.query(`DELETE FROM idn_backfills WHERE id = $1`, [FILL]);
      if (filled) this.logger.log(`${filled} users' departments filled from their records`);
      return filled;
    });
  }
}
