import { Controller, Inject } from '@nestjs/common';
import { ok, type dataRepairReportSchema } from '@tpl/contracts';
import type { z } from 'zod';
import { CurrentUser, PostOk, Roles, type AuthUser } from '@tpl/identity';
import { RecordsService } from '@tpl/masterdata';
import { DocumentRepair } from '@tpl/documents';

export type RepairReport = z.infer<typeof dataRepairReportSchema>;

/** Runs every context's data repair (issue 11): numbers outside their kind are brought back into range through events. */
export const runDataRepair = async (records: RecordsService, documents: DocumentRepair, tenantId?: string) => ({
  records: await records.repairNumbers(tenantId),
  documents: await documents.run(tenantId),
});

/**
 * POST /api/bl-system/data-repair/run: a tenant's administrator repairs the tenant's own
 * records now (the host also runs it for every tenant at each start). Answers what it
 * repaired; running it again repairs nothing more.
 */
@Controller('api/bl-system/data-repair')
export class DataRepairController {
  constructor(
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(DocumentRepair) private readonly documents: DocumentRepair,
  ) {}

  @PostOk('run')
  @Roles('admin')
  async run(@CurrentUser() user: AuthUser) {
    const done = await runDataRepair(this.records, this.documents, user.tenantId);
    const report: RepairReport = {
      records: done.records.map(({ entity, id, fields }) => ({ entity, id, fields })),
      documents: done.documents.map(({ documentType, id, fields }) => ({ documentType, id, fields })),
    };
    return ok(report);
  }
}
