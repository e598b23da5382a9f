import { Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import {
  STOCK_EXPORT_COLUMNS,
  STOCK_STREAM_EXPORT_COLUMNS,
  languageFromHeader,
  ok,
  parseOrThrow,
  translate,
  warehouseStockReadRoutes as RR,
  warehouseStockRoutes as R,
  type StockDetailQuery,
  type StockExplainQuery,
  type StockListQuery,
  type StockStreamQuery,
} from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';
import { OWNER_SCOPES, type OwnerScopes } from './owner-scope';
import { StockQueries } from './stock.queries';
import { reportFileName, sendXlsx, streamReport } from '../reports/xlsx';

type Reply = Parameters<typeof sendXlsx>[0];

/**
 * GET /api/bl-warehouse/stock and /stockstream: list, detail, export and explain; reads only
 * (stock is what the facts add up to). Every read sees only the owners the caller may see.
 */
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

  @Get(RR.stockDetail.path)
  async stockDetail(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(RR.stockDetail.query!, query, 'stock') as StockDetailQuery;
    return ok(await this.queries.detail(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(RR.stockExport.path)
  async stockExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const lang = languageFromHeader(al);
    const q = parseOrThrow(RR.stockExport.query!, query, 'stock') as StockListQuery;
    const owners = await this.owners.of(meta.user);
    const total = await this.queries.countStock(meta.user.tenantId, q, owners);
    const title = translate(lang, 'stock.title');
    sendXlsx(reply, reportFileName(title), streamReport(title, STOCK_EXPORT_COLUMNS, lang, this.queries.stockAll(meta.user.tenantId, q, owners)), total);
  }

  @Get(R.stockStreamList.path)
  async stream(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockStreamList.query!, query, 'stockstream') as StockStreamQuery;
    const { sums: _sums, ...page } = await this.queries.stream(meta.user.tenantId, q, await this.owners.of(meta.user));
    return ok(page);
  }

  @Get(RR.stockStreamDetail.path)
  async streamDetail(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const { id } = parseOrThrow(RR.stockStreamDetail.query!, query, 'stockstream') as { id: string };
    return ok(await this.queries.streamLine(meta.user.tenantId, id, await this.owners.of(meta.user)));
  }

  @Get(RR.stockStreamExport.path)
  async streamExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const lang = languageFromHeader(al);
    const q = parseOrThrow(RR.stockStreamExport.query!, query, 'stockstream') as StockStreamQuery;
    const owners = await this.owners.of(meta.user);
    const total = await this.queries.countStream(meta.user.tenantId, q, owners);
    const title = translate(lang, 'stockstream.title');
    sendXlsx(reply, reportFileName(title), streamReport(title, STOCK_STREAM_EXPORT_COLUMNS, lang, this.queries.streamAll(meta.user.tenantId, q, owners)), total);
  }

  @Get(RR.stockStreamExplain.path)
  async explain(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(RR.stockStreamExplain.query!, query, 'stockstream') as StockExplainQuery;
    return ok(await this.queries.explain(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }
}
