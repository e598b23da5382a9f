import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { FlowActor } from '@tpl/contracts';
import { DB_POOL, runInTenant } from '@tpl/event-store';
import { sampleProcesses } from '@tpl/workflows';
import { DefinitionService } from './definition/definition.service';
import { LeaveService } from './leave/leave.service';
import type { FlowContext } from './flow-context';

/** The sample .bpmn files as shipped in @tpl/workflows (the same files the designer opens). */
export const sampleXml = (file: string): string => readFileSync(join(dirname(require.resolve('@tpl/workflows/package.json')), 'src', 'bpmn', 'samples', file), 'utf8');

/**
 * Seeds the built-in processes for a tenant (deployed once, version 1) and, for the demo,
 * a couple of leave requests in review so the approver's inbox is not empty.
 */
@Injectable()
export class FlowSeeder {
  private readonly logger = new Logger('FlowSeeder');

  constructor(
    @Inject(DefinitionService) private readonly definitions: DefinitionService,
    @Inject(LeaveService) private readonly leave: LeaveService,
    @Inject(DB_POOL) private readonly pool: Pool,
  ) {}

  /** Deploys every sample process the tenant has never deployed; returns how many. */
  deploySamples(tenantId: string, actor: FlowActor): Promise<number> {
    return runInTenant(tenantId, async () => {
      const ctx: FlowContext = { tenantId, actor, roles: ['admin'], correlationId: 'flow-seed', causationId: `flow-seed-processes-${tenantId}` };
      let n = 0;
      for (const s of sampleProcesses) {
        const { rows } = await this.pool.query(`SELECT 1 FROM wf_definitions WHERE tenant_id = $1 AND key = $2 LIMIT 1`, [tenantId, s.key]);
        if (rows.length) continue;
        await this.definitions.deploy(ctx, sampleXml(s.file), { categoryId: s.categoryCode });
        n++;
      }
      if (n) this.logger.log(`deployed ${n} sample processes for tenant ${tenantId}`);
      return n;
    });
  }

  /** Demo leave requests waiting for the approver (only when the tenant has no leave instance yet). */
  seedDemoRequests(tenantId: string, applicant: FlowActor, approver: string): Promise<number> {
    return runInTenant(tenantId, async () => {
      const { rows } = await this.pool.query(`SELECT 1 FROM wf_instances WHERE tenant_id = $1 AND process_key = 'leave' LIMIT 1`, [tenantId]);
      if (rows.length) return 0;
      const ctx: FlowContext = { tenantId, actor: applicant, roles: [], correlationId: 'flow-seed', causationId: `flow-seed-leave-${tenantId}` };
      const day = 86_400_000;
      const start = new Date(Math.ceil(Date.now() / day) * day + 7 * day);
      const requests = [
        { leaveType: 'annual' as const, days: 2, reason: '回老家探亲' },
        { leaveType: 'personal' as const, days: 5, reason: '搬家' },
      ];
      for (const r of requests) {
        await this.leave.start(ctx, { ...r, startTime: start.toISOString(), endTime: new Date(start.getTime() + r.days * day).toISOString(), approver });
      }
      return requests.length;
    });
  }
}
