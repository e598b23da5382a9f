import { Controller, Get, Headers, Inject, Query, Req, Res } from '@nestjs/common';
import { AppError, BILLING_REPORTS, billingReportNames, billingReportPath, billingReportQuerySchemaOf, languageFromHeader, ok, parseOrThrow, translate, type BillingReportName, type BillingReportQuery } from '@tpl/contracts';
import { reportFileName, sendXlsx, streamReport } from '@tpl/documents';
import { Meta, ownerScopeOf, type RequestMeta } from '@tpl/identity';
import { BillingReports } from './billing-reports';

type Reply = Parameters<typeof sendXlsx>[0];
const byApi = new Map<string, BillingReportName>(billingReportNames.map((n) => [BILLING_REPORTS[n].api, n]));
const FIELDS = 'billingReport.fields';

/** The report a request names: /api/bl-billing/report/<api>/list|export. */
const reportOf = (url: string): BillingReportName => {
  const api = url.split('?')[0]!.split('/')[4] ?? '';
  const name = byApi.get(api);
  if (!name) throw new AppError(404, 'errors.routeNotFound', { method: 'GET', path: api });
  return name;
};

/**
 * The billing reports under /api/bl-billing/report/<api>/list and /export (spec 01 /acct):
 * a page with the sums over every matching row, and the spreadsheet of every matching row,
 * within the caller's owner scope (a cargo owner's user sees its own customer only).
 */
@Controller()
export class BillingReportsController {
  constructor(@Inject(BillingReports) private readonly reports: BillingReports) {}

  // one route per report, as the contracts' route table documents them (OpenAPI, spec-calls)
  @Get(billingReportNames.map((n) => billingReportPath(n, 'list')))
  async list(@Req() req: { url: string }, @Query() query: unknown, @Meta() meta: RequestMeta) {
    const name = reportOf(req.url);
    const q = parseOrThrow(billingReportQuerySchemaOf(BILLING_REPORTS[name]), query, 'billingReport') as BillingReportQuery;
    return ok(await this.reports.page(name, meta.user.tenantId, q, ownerScopeOf(meta.user)));
  }

  @Get(billingReportNames.map((n) => billingReportPath(n, 'export')))
  async export(@Req() req: { url: string }, @Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const name = reportOf(req.url);
    const q = parseOrThrow(billingReportQuerySchemaOf(BILLING_REPORTS[name]), query, 'billingReport') as BillingReportQuery;
    const lang = languageFromHeader(al);
    const title = translate(lang, `billingReport.titles.${name}`);
    await this.reports.catchUp();
    const all = this.reports.all(name, meta.user.tenantId, q, ownerScopeOf(meta.user));
    sendXlsx(reply, reportFileName(title), streamReport(title, BILLING_REPORTS[name].columns, lang, all.rows as AsyncIterable<Record<string, unknown>>, FIELDS), await all.count());
  }
}
