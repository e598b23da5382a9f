import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ok, parseOrThrow, warehouseScreenRoutes as S, type PackageListQuery } from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';
import { OWNER_SCOPES, type OwnerScopes } from '../stock/owner-scope';
import { PackageList } from './packages.service';

/** GET /api/bl-warehouse/packagetemporarybill/packages: the temporary packages as the stock holds them, inside the caller's cargo owners. */
@Controller()
export class PackagesController {
  constructor(
    @Inject(PackageList) private readonly packages: PackageList,
    @Inject(OWNER_SCOPES) private readonly owners: OwnerScopes,
  ) {}

  @Get(S.packageList.path)
  async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(S.packageList.query!, query, 'packages') as PackageListQuery;
    return ok(await this.packages.list(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }
}
