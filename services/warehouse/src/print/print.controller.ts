import { Body, Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import { PDF_MEDIA_TYPE, allocatebill, documentButtons, isinstockbill, languageFromHeader, ok, osnoticedeliverybill, osoutstockbill, wavebill, parseOrThrow, warehousePrintRoutes as R, warehouseScreenRoutes as S, type DocumentDef, type LabelPrintBody, packagetemporarybill } from '@tpl/contracts';
import { DocumentService } from '@tpl/documents';
import { ButtonCheck, Meta, PostOk, ROW_SCOPES, actorOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { PrintService, type PrintContext } from './print.service';
import type { z } from 'zod';
import { assertUserSees } from '../shared/visible';

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply };

const sendPdf = (reply: Reply, name: string, pdf: Buffer) => {
  const encoded = encodeURIComponent(`${name}.pdf`);
  reply
    .header('content-type', PDF_MEDIA_TYPE)
    .header('download-filename', encoded)
    // inline: the console opens it in a tab, where the browser's viewer prints it
    .header('content-disposition', `inline; filename*=UTF-8''${encoded}`)
    .header('access-control-expose-headers', 'download-filename')
    .send(pdf);
};

/**
 * The printed documents (PDF), each behind its document's `<name>_print` button and inside
 * the caller's data scope (outside it: 404, as the document's own reads answer). The input
 * is validated after the button, as the kit's commands do.
 */
@Controller()
export class PrintController {
  constructor(
    @Inject(PrintService) private readonly print: PrintService,
    @Inject(DocumentService) private readonly documents: DocumentService,
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
  ) {}

  private async admit(def: DocumentDef, meta: RequestMeta, query: unknown, before?: () => void): Promise<string> {
    await this.buttons.require(meta.user, documentButtons(def).print!);
    // the body's shape is judged before the query (a malformed body is said as such)
    before?.();
    const { id } = parseOrThrow(R.printPickingList.query!, query, def.name) as { id: string };
    await assertUserSees(this.documents, this.scopes, meta.user, def, [id]);
    return id;
  }

  @PostOk(R.printLabels.path)
  async labels(@Query() query: unknown, @Body() body: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    let rows: LabelPrintBody['rows'];
    const id = await this.admit(isinstockbill, meta, query, () => {
      // a 400 names the rows and their columns (warehouse.labelPrint.fields), never "the body is not in the expected format"
      ({ rows } = parseOrThrow(R.printLabels.body!, body === undefined ? {} : body, 'warehouse.labelPrint') as LabelPrintBody);
    });
    const ctx = { tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId, lang: languageFromHeader(al) };
    const { pdf, billNo } = await this.print.labels(ctx, id, rows);
    sendPdf(reply, `${billNo}-labels`, pdf);
  }

  @PostOk(R.printPackageLabel.path)
  async packageLabel(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(packagetemporarybill, meta, query);
    const ctx = { tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId, lang: languageFromHeader(al) };
    const { pdf, billNo } = await this.print.printPackageLabel(ctx, id);
    sendPdf(reply, `${billNo}-label`, pdf);
  }

  @Get(S.packageLabelPrints.path)
  async packageLabelPrints(@Query() query: unknown, @Meta() meta: RequestMeta) {
    return ok(await this.print.packageLabelPrints(meta.user.tenantId, await this.visible(packagetemporarybill, meta, query)));
  }

  @PostOk(S.reprintPackageLabel.path)
  async reprintPackageLabel(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    await this.reprintOf(packagetemporarybill, S.reprintPackageLabel.query!, query, meta, al, reply, 'label', (ctx, id, seq) => this.print.reprintPackageLabel(ctx, id, seq));
  }

  @Get(R.printPickingList.path)
  async pickingList(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(osoutstockbill, meta, query);
    const { pdf, billNo } = await this.print.pickingList(meta.user.tenantId, id, languageFromHeader(al));
    sendPdf(reply, `${billNo}-picking`, pdf);
  }

  @Get(R.printWaveSheet.path)
  async waveSheet(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(wavebill, meta, query);
    const { pdf, billNo } = await this.print.waveSheet(meta.user.tenantId, id, languageFromHeader(al));
    sendPdf(reply, `${billNo}-pick-sheet`, pdf);
  }

  @Get(R.printDeliveryNote.path)
  async deliveryNote(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(osoutstockbill, meta, query);
    const { pdf, billNo } = await this.print.deliveryNote(meta.user.tenantId, id, languageFromHeader(al));
    sendPdf(reply, `${billNo}-delivery`, pdf);
  }

  /** A read of one document the caller may see (its data scope, else 404): the screens' reads need no button beyond the page's. */
  private async visible(def: DocumentDef, meta: RequestMeta, query: unknown): Promise<string> {
    const { id } = parseOrThrow(S.labelPrints.query!, query, def.name) as { id: string };
    await assertUserSees(this.documents, this.scopes, meta.user, def, [id]);
    return id;
  }

  @Get(S.labelPrints.path)
  async labelPrints(@Query() query: unknown, @Meta() meta: RequestMeta) {
    return ok(await this.print.labelPrints(meta.user.tenantId, await this.visible(isinstockbill, meta, query)));
  }

  @PostOk(S.reprintLabels.path)
  async reprint(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    await this.reprintOf(isinstockbill, S.reprintLabels.query!, query, meta, al, reply, 'labels', (ctx, id, seq) => this.print.reprintLabels(ctx, id, seq));
  }

  /** A reprint of a bill's print `seq`: the bill's print button, a bill the caller may see, the PDF named `<bill>-<name>-<seq>`. */
  private async reprintOf(
    def: DocumentDef,
    schema: z.ZodType,
    query: unknown,
    meta: RequestMeta,
    al: string | undefined,
    reply: Reply,
    name: string,
    run: (ctx: PrintContext, id: string, seq: number) => Promise<{ pdf: Buffer; billNo: string }>,
  ) {
    await this.buttons.require(meta.user, documentButtons(def).print!);
    const { id, seq } = parseOrThrow(schema, query, 'warehouse.labelPrint') as { id: string; seq: number };
    await assertUserSees(this.documents, this.scopes, meta.user, def, [id]);
    const ctx = { tenantId: meta.user.tenantId, actor: actorOf(meta.user), correlationId: meta.correlationId, causationId: meta.commandId, lang: languageFromHeader(al) };
    const { pdf, billNo } = await run(ctx, id, seq);
    sendPdf(reply, `${billNo}-${name}-${seq}`, pdf);
  }

  @Get(S.outboundPreparation.path)
  async preparation(@Query() query: unknown, @Meta() meta: RequestMeta) {
    return ok(await this.print.preparation(meta.user.tenantId, await this.visible(osoutstockbill, meta, query)));
  }

  @Get(R.printDeliveryNotice.path)
  async deliveryNotice(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(osnoticedeliverybill, meta, query);
    const { pdf, billNo } = await this.print.deliveryNotice(meta.user.tenantId, id, languageFromHeader(al));
    sendPdf(reply, `${billNo}-notice`, pdf);
  }

  @Get(R.printAllocationSlip.path)
  async allocationSlip(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
    const id = await this.admit(allocatebill, meta, query);
    const { pdf, billNo } = await this.print.allocationSlip(meta.user.tenantId, id, languageFromHeader(al));
    sendPdf(reply, `${billNo}-slip`, pdf);
  }
}
