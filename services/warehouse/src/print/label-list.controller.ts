import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ok, parseOrThrow, warehouseScreenRoutes as S, type LabelPrintListQuery } from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';
import { OWNER_SCOPES, type OwnerScopes } from '../stock/owner-scope';
import { LabelListService } from './label-list.service';

/** GET /api/bl-warehouse/labelprint/list and /printers: every label printed in the tenant, inside the caller's cargo owners. */
@Controller()
export class LabelListController {
  constructor(
    @Inject(LabelListService) private readonly labels: LabelListService,
    @Inject(OWNER_SCOPES) private readonly owners: OwnerScopes,
  ) {}

  @Get(S.labelPrintList.path)
  async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(S.labelPrintList.query!, query, 'labelPrints') as LabelPrintListQuery;
    return ok(await this.labels.list(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(S.labelPrinters.path)
  async printers(@Meta() meta: RequestMeta) {
    return ok(await this.labels.printers(meta.user.tenantId, await this.owners.of(meta.user)));
  }
}
