import { Controller, Get, Inject, Query } from '@nestjs/common';
import { parseOrThrow, productionRoutes as R, ok, type LotListQuery, type LotQuery } from '@tpl/contracts';
import { Meta, ownerScopeOf, type RequestMeta } from '@tpl/identity';
import { GenealogyQueries } from './genealogy.queries';

const LABEL = 'production.genealogy';

/** The lot genealogy (spec /secondaryProcessing/batchForm): a lot's links both ways, and the lots known, within the caller's cargo owners. */
@Controller()
export class GenealogyController {
  constructor(@Inject(GenealogyQueries) private readonly queries: GenealogyQueries) {}

  @Get(R.genealogy.path)
  async lot(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.genealogy.query!, query, LABEL) as LotQuery;
    return ok(await this.queries.lot(meta.user.tenantId, q, ownerScopeOf(meta.user)));
  }

  @Get(R.genealogyLots.path)
  async lots(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.genealogyLots.query!, query, LABEL) as LotListQuery;
    return ok(await this.queries.lots(meta.user.tenantId, q, ownerScopeOf(meta.user)));
  }
}
