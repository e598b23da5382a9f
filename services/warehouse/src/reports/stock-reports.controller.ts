import { Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import {
  STOCK_REPORTS,
  languageFromHeader,
  ok,
  parseOrThrow,
  stockReportRoutes as R,
  translate,
  type BinBoardQuery,
  type Language,
  type ReportColumn,
  type StockByAreaQuery,
  type StockByCustomerBatchQuery,
  type StockByDetailsQuery,
  type StockDetailShowQuery,
  type StockPeriodQuery,
  type StockStreamQuery,
} from '@tpl/contracts';
import { Meta, type RequestMeta } from '@tpl/identity';
import { OWNER_SCOPES, type OwnerScopes } from '../stock/owner-scope';
import { StockQueries } from '../stock/stock.queries';
import { StockReports } from './stock-reports';
import { reportFileName, sendXlsx, streamReport } from './xlsx';

type Reply = Parameters<typeof sendXlsx>[0];
const LABEL = 'stockReport';

/**
 * The stock reports under /api/bl-report (spec 01 /reportManagement): list (a page with the
 * sums over every matching row) and export (.xlsx of every matching row) of each, the
 * period's lines and the bin board. Served by the warehouse context: the reports are
 * questions to its ledger, answered as of any instant from the ledger itself (ADR 0006), so
 * the report context keeps no copy of a million lines that could trail or go stale.
 */
@Controller()
export class StockReportsController {
  constructor(
    @Inject(StockReports) private readonly reports: StockReports,
    @Inject(StockQueries) private readonly stock: StockQueries,
    @Inject(OWNER_SCOPES) private readonly owners: OwnerScopes,
  ) {}

  private async xlsx(reply: Reply, lang: Language, name: keyof typeof STOCK_REPORTS, all: { rows: AsyncIterable<object>; count: () => Promise<number> }) {
    const title = translate(lang, `stockReport.titles.${name}`);
    const columns: readonly ReportColumn[] = STOCK_REPORTS[name].columns;
    sendXlsx(reply, reportFileName(title), streamReport(title, columns, lang, all.rows as AsyncIterable<Record<string, unknown>>), await all.count());
  }

  @Get(R.stockByWarehouseAreaList.path)
  async byArea(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockByWarehouseAreaList.query!, query, LABEL) as StockByAreaQuery;
    return ok(await this.reports.byArea(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockByWarehouseAreaExport.path)
  async byAreaExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const q = parseOrThrow(R.stockByWarehouseAreaExport.query!, query, LABEL) as StockByAreaQuery;
    await this.xlsx(reply, languageFromHeader(al), 'stockByWarehouseArea', this.reports.byAreaAll(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockByCustomerBatchNoList.path)
  async byCustomerBatch(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockByCustomerBatchNoList.query!, query, LABEL) as StockByCustomerBatchQuery;
    return ok(await this.reports.byCustomerBatch(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockByCustomerBatchNoExport.path)
  async byCustomerBatchExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const q = parseOrThrow(R.stockByCustomerBatchNoExport.query!, query, LABEL) as StockByCustomerBatchQuery;
    await this.xlsx(reply, languageFromHeader(al), 'stockByCustomerBatchNo', this.reports.byCustomerBatchAll(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockByDetailsList.path)
  async byDetails(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockByDetailsList.query!, query, LABEL) as StockByDetailsQuery;
    return ok(await this.reports.byDetails(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockByDetailsExport.path)
  async byDetailsExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const q = parseOrThrow(R.stockByDetailsExport.query!, query, LABEL) as StockByDetailsQuery;
    await this.xlsx(reply, languageFromHeader(al), 'stockByDetails', this.reports.byDetailsAll(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockDetailList.path)
  async period(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockDetailList.query!, query, LABEL) as StockPeriodQuery;
    return ok(await this.reports.period(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockDetailExport.path)
  async periodExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const q = parseOrThrow(R.stockDetailExport.query!, query, LABEL) as StockPeriodQuery;
    await this.xlsx(reply, languageFromHeader(al), 'stockDetail', this.reports.periodAll(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockDetailShow.path)
  async periodShow(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockDetailShow.query!, query, LABEL) as StockDetailShowQuery;
    return ok(await this.reports.periodShow(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockStreamDetailList.path)
  async stream(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.stockStreamDetailList.query!, query, LABEL) as StockStreamQuery;
    return ok(await this.reports.stream(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }

  @Get(R.stockStreamDetailExport.path)
  async streamExport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const q = parseOrThrow(R.stockStreamDetailExport.query!, query, LABEL) as StockStreamQuery;
    const owners = await this.owners.of(meta.user);
    const tenantId = meta.user.tenantId;
    await this.xlsx(reply, languageFromHeader(al), 'stockStreamDetail', { rows: this.stock.streamAll(tenantId, q, owners), count: () => this.stock.countStream(tenantId, q, owners) });
  }

  @Get(R.binBoard.path)
  async board(@Query() query: unknown, @Meta() meta: RequestMeta) {
    const q = parseOrThrow(R.binBoard.query!, query, LABEL) as BinBoardQuery;
    return ok(await this.reports.board(meta.user.tenantId, q, await this.owners.of(meta.user)));
  }
}
