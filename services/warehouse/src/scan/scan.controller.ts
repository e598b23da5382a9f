import { Controller, Get, Inject, Query } from '@nestjs/common';
import { AppError, isinstockbill, ok, osoutstockbill, parseOrThrow, warehousePrintRoutes as R, type ScanMode } from '@tpl/contracts';
import { Meta, ROW_SCOPES, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { ScanService } from './scan.service';

/** GET …/isinstockbill/scan-tasks and …/osoutstockbill/scan-tasks: the scan mode's read (a bill and what is left to scan). */
@Controller()
export class ScanController {
  constructor(
    @Inject(ScanService) private readonly scan: ScanService,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  @Get(R.inboundScanTasks.path)
  async inbound(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.inboundScanTasks.query!, query, isinstockbill.name) as { billNo: string; mode: ScanMode };
    if (q.mode === 'pick') throw new AppError(400, 'validation.invalid', {}, { label: 'warehouse.scan.title.pick' });
    return ok(await this.scan.tasks(meta.user.tenantId, q.billNo, q.mode, await this.scopes.rowScope(meta.user, isinstockbill.name), ownerScopeOf(meta.user)));
  }

  @Get(R.outboundScanTasks.path)
  async outbound(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.outboundScanTasks.query!, query, osoutstockbill.name) as { billNo: string; mode: ScanMode };
    if (q.mode !== 'pick') throw new AppError(400, 'validation.invalid', {}, { label: 'warehouse.scan.title.receive' });
    return ok(await this.scan.tasks(meta.user.tenantId, q.billNo, q.mode, await this.scopes.rowScope(meta.user, osoutstockbill.name), ownerScopeOf(meta.user)));
  }
}
