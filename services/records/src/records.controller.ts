import { Body, Controller, Get, Headers, Inject, Query, Req, Res, type Type } from '@nestjs/common';
import { z } from 'zod';
import { AppError, canWrite, languageFromHeader, listQuerySchemaOf, ok, parseOrThrow, submitSchemaOf, type EntityDef } from '@tpl/contracts';
import { RecordsSpreadsheets, XLSX_MIME, fileName } from './records.xlsx';
import { Meta, PostOk, Roles, type RequestMeta } from '@tpl/identity';
import { RecordsService, type RecordContext } from './records.service';

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply; status(code: number): Reply };
type MultipartRequest = { isMultipart?: () => boolean; file?: () => Promise<{ filename: string; toBuffer(): Promise<Buffer> } | undefined> };

const download = (reply: Reply, name: string, body: unknown, extra: Record<string, string> = {}) => {
  const encoded = encodeURIComponent(name);
  reply
    .header('content-type', XLSX_MIME)
    .header('download-filename', encoded)
    .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
    .header('access-control-expose-headers', 'download-filename, x-total-rows');
  for (const [k, v] of Object.entries(extra)) reply.header(k, v);
  reply.send(body);
};

const reportQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const idQuery = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const idsQuery = z.object({
  ids: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.uuid({ error: 'validation.invalid' })).min(1, { error: 'validation.required' }).max(500)),
});

/** Changes need a writer role of the entity (see writersOf); reads need only a signed-in user. */
const mustWrite = (def: EntityDef, meta: RequestMeta) => {
  if (!canWrite(def, meta.user.roles, meta.user.tenantId)) throw new AppError(403, 'errors.forbidden');
};

export const contextOf = ({ user, correlationId }: RequestMeta): RecordContext => ({
  tenantId: user.tenantId,
  actor: { userId: user.userId, account: user.account, name: user.name },
  correlationId,
});

/**
 * One controller class per entity, made from its description: list, detail, submit,
 * remove and history under /api/<service>/<name>, validated by the entity's schemas.
 */
export const recordsControllerFor = (def: EntityDef): Type<unknown> => {
  const listQuery = listQuerySchemaOf(def);
  const submitBody = submitSchemaOf(def);

  @Controller(`/api/${def.service}/${def.name}`)
  class EntityRecordsController {
    constructor(
      @Inject(RecordsService) readonly records: RecordsService,
      @Inject(RecordsSpreadsheets) readonly sheets: RecordsSpreadsheets,
    ) {}

    @Get('list')
    async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.list(def, meta.user.tenantId, parseOrThrow(listQuery, query, def.name)));
    }

    @Get('detail')
    async detail(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.detail(def, meta.user.tenantId, parseOrThrow(idQuery, query, def.name).id));
    }

    @Get('history')
    async history(@Query() query: unknown, @Meta() meta: RequestMeta) {
      return ok(await this.records.history(def, meta.user.tenantId, parseOrThrow(idQuery, query, def.name).id));
    }

    @PostOk('submit')
    async submit(@Body() body: unknown, @Meta() meta: RequestMeta) {
      mustWrite(def, meta);
      return ok(await this.records.submit(def, contextOf(meta), parseOrThrow(submitBody, body ?? {}, def.name)));
    }

    @PostOk('remove')
    async remove(@Query() query: unknown, @Meta() meta: RequestMeta) {
      mustWrite(def, meta);
      return ok(await this.records.remove(def, contextOf(meta), parseOrThrow(idsQuery, query, def.name).ids));
    }

    @Get('export')
    async export(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      const q = parseOrThrow(listQuery, query, def.name) as Record<string, unknown>;
      const { out, total } = await this.sheets.exportStream(def, meta.user.tenantId, q, lang);
      download(reply, fileName(def, lang, lang === 'en' ? 'export' : lang === 'zh' ? '导出' : '匯出'), out, { 'x-total-rows': String(total) });
    }

    @Get('template')
    async template(@Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      download(reply, fileName(def, lang, lang === 'en' ? 'template' : lang === 'zh' ? '导入模板' : '匯入範本'), await this.sheets.template(def, lang));
    }

    @PostOk('import')
    async import(@Req() req: MultipartRequest, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined) {
      mustWrite(def, meta);
      const lang = languageFromHeader(al);
      const file = req.isMultipart?.() ? await req.file?.() : undefined;
      if (!file) throw new AppError(400, 'validation.importNoFile');
      return ok(await this.sheets.import(def, contextOf(meta), await file.toBuffer(), file.filename, lang));
    }

    @Get('import-report')
    async importReport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      const { id } = parseOrThrow(reportQuery, query, def.name);
      download(reply, fileName(def, lang, lang === 'en' ? 'import-errors' : lang === 'zh' ? '导入错误' : '匯入錯誤'), await this.sheets.report(def, meta.user.tenantId, id, lang));
    }
  }
  Object.defineProperty(EntityRecordsController, 'name', { value: `${def.name}RecordsController` });
  return EntityRecordsController;
};

/** The default a reset password becomes (spec: "Default reset password {secret}"). */
export const DEFAULT_PASSWORD = () => process.env.DEFAULT_PASSWORD || '123456';

/** Resetting login passwords to the default: administrators only, after the console's confirmation. */
export const passwordResetControllerFor = (def: EntityDef): Type<unknown> => {
  @Controller(`/api/${def.service}/${def.name}`)
  class PasswordResetController {
    constructor(@Inject(RecordsService) readonly records: RecordsService) {}

    @Roles('admin')
    @PostOk('reset-password')
    async reset(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const ids = parseOrThrow(idsQuery, query, def.name).ids;
      return ok(await this.records.resetPasswords(def, contextOf(meta), ids, DEFAULT_PASSWORD()));
    }
  }
  Object.defineProperty(PasswordResetController, 'name', { value: `${def.name}PasswordResetController` });
  return PasswordResetController;
};

/** Saber's dictionary call: the entries of one dictionary, for every dict-backed select. */
export const dictionaryControllerFor = (def: EntityDef): Type<unknown> => {
  const codeQuery = z.object({ code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64) });
  @Controller(`/api/${def.service}/${def.name}`)
  class DictionaryController {
    constructor(@Inject(RecordsService) readonly records: RecordsService) {}

    @Get('dictionary')
    async dictionary(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { code } = parseOrThrow(codeQuery, query, def.name);
      const page = await this.records.list(def, meta.user.tenantId, { current: 1, size: 10, code, sort: 'code', order: 'asc' } as never);
      const hit = page.records.find((r) => r.code === code);
      const items = ((hit?.items as { dictKey: string; dictValue: string; sort?: number }[] | undefined) ?? []).slice();
      items.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
      return ok(items);
    }
  }
  Object.defineProperty(DictionaryController, 'name', { value: `${def.name}DictionaryController` });
  return DictionaryController;
};
