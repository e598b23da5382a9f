import { Controller, Get, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import { ok, systemRoutes } from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { Public } from '@tpl/identity';

@Controller()
export class HealthController {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  @Public()
  @Get(systemRoutes.health.path)
  async health() {
    await this.pool.query('SELECT 1');
    return ok({ status: 'up' });
  }
}
