import { Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import { billingPrintRoutes as R, documentButtons, languageFromHeader, monthbill, parseOrThrow } from '@tpl/contracts';
import { DocumentService, printTime, printTimeZone, renderPdf } from '@tpl/documents';
import { ButtonCheck, Meta, ROW_SCOPES, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { BillParties } from './bill-parties';
import { monthBillPdf } from './bill-pdf';

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply };

/**
 * GET /api/bl-billing/monthbill/pdf?id=: the customer's month bill as a PDF, naming the customer
 * and the issuer as master data has them. The print button first, then the bill must be inside
 * the caller's data scope and owner scope (404 otherwise: a cargo owner prints only its own bills).
 */
@Controller()
export class MonthBillPdfController {
  constructor(
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
    @Inject(BillParties) private readonly parties: BillParties,
  ) {}

  @Get(R.monthBillPdf.path)
  async pdf(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    await this.buttons.require(meta.user, documentButtons(monthbill).print!);
    const { id } = parseOrThrow(R.monthBillPdf.query!, query, monthbill.name) as { id: string };
    const tenantId = meta.user.tenantId;
    await this.documents.assertVisible(monthbill, tenantId, [id], await this.scopes.rowScope(meta.user, monthbill.name), ownerScopeOf(meta.user));
    const bill = await this.documents.detail(monthbill, tenantId, id);
    const [customer, issuer] = await Promise.all([this.parties.customer(tenantId, bill), this.parties.issuer(tenantId, bill)]);
    const bytes = await renderPdf(monthBillPdf(bill, { customer, issuer, printedAt: printTime(new Date()), timeZone: printTimeZone() }, languageFromHeader(al)));
    const name = encodeURIComponent(`${bill.billNo}.pdf`);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${name}`)
      .header('download-filename', name)
      .header('access-control-expose-headers', 'download-filename')
      .send(bytes);
  }
}
