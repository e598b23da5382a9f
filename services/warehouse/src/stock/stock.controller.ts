import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ok, parseOrThrow, warehouseStockRoutes as R, type StockListQuery, type StockStreamQuery } from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';
import { OWNER_SCOPES, type OwnerScopes } from './owner-scope';
import { StockQueries } from './stock.queries';

/** GET /api/bl-warehouse/stock/list and /stockstream/list: reads only (stock is what the facts add up to). */
@Controller()
export class StockController {
  constructor(
    @Inject(StockQueries) private readonly queries: StockQueries,
    @Inject(OWNER_SCOPES) private readonly owners: OwnerScopes,
  ) {}

  @Get(R.stockList.path)
  async stock(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockList.query!, query, 'stock') as StockListQuery;
    return ok(await this.queries.stock(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockStreamList.path)
  async stream(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockStreamList.query!, query, 'stockstream') as StockStreamQuery;
    return ok(await this.queries.stream(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }
}
