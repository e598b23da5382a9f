import { Controller, Inject } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { dataRepairReportSchema, ok } from '@tpl/contracts';
import type { Providers } from '@tpl/event-store';
import type { z } from 'zod';
import { CurrentUser, PostOk, Roles, type AuthUser } from '@tpl/identity';
import { CONTEXTS } from './contexts';

export type RepairReport = z.infer<typeof dataRepairReportSchema>;

/** Runs every context's data repair (ServiceContext.repair, issue 11): each one's repairs under its part of the report. */
export const runDataRepair = async (get: Providers, tenantId?: string): Promise<Record<string, readonly object[]>> => {
  const done: Record<string, readonly object[]> = {};
  for (const c of CONTEXTS) if (c.repair) done[c.repair.part] = await c.repair.run(get, tenantId);
  return done;
};

/**
 * POST /api/bl-system/data-repair/run: a tenant's administrator repairs the tenant's own
 * records now (the host also runs it for every tenant at each start). Answers what it
 * repaired; running it again repairs nothing more.
 */
@Controller('api/bl-system/data-repair')
export class DataRepairController {
  constructor(@Inject(ModuleRef) private readonly modules: ModuleRef) {}

  @PostOk('run')
  @Roles('admin')
  async run(@CurrentUser() user: AuthUser) {
    const done = await runDataRepair((token) => this.modules.get(token, { strict: false }), user.tenantId);
    // each part as the report names it (what the repairs know beyond that stays in the store's events)
    const report: RepairReport = dataRepairReportSchema.parse({ records: [], documents: [], ...done });
    return ok(report);
  }
}
