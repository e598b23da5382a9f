import { Body, Controller, Get, Headers, Inject, Injectable, Query, Req, Res, type Type } from '@nestjs/common';
import {
  labelIn,
  AppError,
  buttonCode,
  lookupQuerySchema,
  recordIdQuerySchema,
  recordImportQuerySchema,
  recordIdsQuerySchema,
  recordFlagQuerySchema,
  languageFromHeader,
  listQuerySchemaOf,
  mayManageIn,
  ok,
  parseOrThrow,
  submitSchemaOf,
  type EntityAction,
  type EntityDef,
} from '@tpl/contracts';
import { RecordsSpreadsheets, fileName } from './records.xlsx';
import { sendXlsx, xlsxFileWords } from '@tpl/documents';
import { ButtonCheck, Meta, PostOk, ROW_SCOPES, actorOf, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { RecordsService, type Viewer } from './records.service';
import type { RecordContext } from './records.port';
import { EntityHooksRegistry } from './entity-hooks';

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply; status(code: number): Reply };
type MultipartRequest = { isMultipart?: () => boolean; file?: () => Promise<{ filename: string; toBuffer(): Promise<Buffer> } | undefined> };

/** A workbook sent as every spreadsheet of the product is (the kit's sendXlsx). */
const download = (reply: Reply, name: string, body: unknown, total?: number) => sendXlsx(reply, name, body, total);

// the query schemas of the entity framework's routes (contracts' entityRoutesOf lists them for OpenAPI)
const reportQuery = recordIdQuerySchema;
const idQuery = recordIdQuerySchema;
const idsQuery = recordIdsQuerySchema;
const flagQuery = recordFlagQuerySchema;
const importQuery = recordImportQuerySchema;

/**
 * What the framework's routes ask before they act: each command needs its button code
 * (`<entity>_<action>`; admin and the wildcard pass), entities described `platformOnly`
 * (tenants) are managed from the platform tenant only, every read and command sees only the
 * rows the caller's data scopes allow (identity's ROW_SCOPES port) and, for a cargo owner's
 * user, only its own customer's records as the entity's description says whose they are; a
 * write passes the entity's `admit` hooks (the access context's: no grant beyond the writer's
 * own rights) and, from a cargo owner's user, must be of its own customer's records (403).
 */
@Injectable()
export class RecordsGate {
  constructor(
    @Inject(ButtonCheck) private readonly buttons: ButtonCheck,
    @Inject(ROW_SCOPES) private readonly scopes: RowScopes,
    @Inject(EntityHooksRegistry) private readonly hooks: EntityHooksRegistry,
    @Inject(RecordsService) private readonly records: RecordsService,
  ) {}

  async may(def: EntityDef, meta: RequestMeta, action: EntityAction): Promise<void> {
    if (!mayManageIn(def, meta.user.tenantId)) throw new AppError(403, 'errors.forbidden');
    await this.buttons.require(meta.user, buttonCode(def, action));
  }

  async viewer(def: EntityDef, meta: RequestMeta): Promise<Viewer> {
    return { tenantId: meta.user.tenantId, rows: await this.scopes.rowScope(meta.user, def.name), owners: ownerScopeOf(meta.user), userId: meta.user.userId };
  }

  /**
   * A write of these fields (`before`: the record as it was; a removal writes none): a cargo
   * owner's user (given the button) writes only its own customer's records, as they were and as
   * they become (403, as the document kit refuses another owner's document); then the entity's hooks.
   */
  async grant(def: EntityDef, meta: RequestMeta, data: Record<string, unknown> | undefined, before?: Record<string, unknown>): Promise<void> {
    const owners = ownerScopeOf(meta.user);
    if (!owners.all) {
      const viewer = { tenantId: meta.user.tenantId, rows: { all: true } as const, owners, userId: meta.user.userId };
      for (const fields of [before, data]) if (fields && !(await this.records.ownsData(def, viewer, fields))) throw new AppError(403, 'errors.forbidden');
      if (!data && !before) throw new AppError(403, 'errors.forbidden');
    }
    return this.hooks.admit(meta.user, def, data, before);
  }
}

export const contextOf = ({ user, correlationId, commandId }: RequestMeta): RecordContext => ({
  tenantId: user.tenantId,
  actor: actorOf(user),
  correlationId,
  causationId: commandId,
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
      @Inject(RecordsGate) readonly gate: RecordsGate,
    ) {}

    @Get('list')
    async list(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const q = parseOrThrow(listQuery, query, def.name);
      return ok(await this.records.list(def, await this.gate.viewer(def, meta), q));
    }

    @Get('detail')
    async detail(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { id } = parseOrThrow(idQuery, query, def.name);
      return ok(await this.records.detail(def, await this.gate.viewer(def, meta), id));
    }

    @Get('history')
    async history(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { id } = parseOrThrow(idQuery, query, def.name);
      return ok(await this.records.history(def, await this.gate.viewer(def, meta), id));
    }

    @PostOk('submit')
    async submit(@Body() body: unknown, @Meta() meta: RequestMeta) {
      // the button first: without it, not even the validation of the input is answered
      const editing = typeof body === 'object' && body !== null && 'id' in body && (body as { id?: unknown }).id !== undefined;
      await this.gate.may(def, meta, editing ? 'edit' : 'add');
      const input = parseOrThrow(submitBody, body ?? {}, def.name);
      if ((input.id !== undefined) !== editing) throw new AppError(400, 'validation.invalid', {}, { label: `${def.name}.fields.id` });
      let before: Record<string, unknown> | undefined;
      if (input.id !== undefined) {
        await this.records.assertVisible(def, await this.gate.viewer(def, meta), [input.id]);
        before = await this.records.current(def, meta.user.tenantId, input.id);
      }
      await this.gate.grant(def, meta, input.data, before);
      return ok(await this.records.submit(def, contextOf(meta), input));
    }

    @PostOk('remove')
    async remove(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { ids } = parseOrThrow(idsQuery, query, def.name);
      await this.gate.may(def, meta, 'delete');
      await this.records.assertVisible(def, await this.gate.viewer(def, meta), ids);
      if (ownerScopeOf(meta.user).all) await this.gate.grant(def, meta, undefined);
      else {
        // a record no longer there is the removal's to answer (404)
        for (const id of ids) {
          const before = await this.records.current(def, meta.user.tenantId, id);
          if (before) await this.gate.grant(def, meta, undefined, before);
        }
      }
      return ok(await this.records.remove(def, contextOf(meta), ids));
    }

    @Get('export')
    async export(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      const q = parseOrThrow(listQuery, query, def.name) as Record<string, unknown>;
      await this.gate.may(def, meta, 'export');
      const { out, total } = await this.sheets.exportStream(def, await this.gate.viewer(def, meta), q, lang);
      download(reply, fileName(def, lang, labelIn(xlsxFileWords.export, lang)), out, total);
    }

    @Get('template')
    async template(@Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      download(reply, fileName(def, lang, labelIn(xlsxFileWords.template, lang)), await this.sheets.template(def, lang));
    }

    /** `?preview=1`: what the import would do (rows found, their errors), nothing written; else the import itself. */
    @PostOk('import')
    async import(@Req() req: MultipartRequest, @Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined) {
      await this.gate.may(def, meta, 'import');
      const { preview } = parseOrThrow(importQuery, query, def.name);
      const lang = languageFromHeader(al);
      const file = req.isMultipart?.() ? await req.file?.() : undefined;
      if (!file) throw new AppError(400, 'validation.importNoFile');
      const admit = async (rows: Record<string, unknown>[]) => {
        for (const row of rows) await this.gate.grant(def, meta, row);
      };
      const buffer = await file.toBuffer();
      if (preview) return ok(await this.sheets.preview(def, contextOf(meta), buffer, file.filename, lang, admit));
      return ok(await this.sheets.import(def, contextOf(meta), buffer, file.filename, lang, admit));
    }

    @Get('import-report')
    async importReport(@Query() query: unknown, @Meta() meta: RequestMeta, @Headers('accept-language') al: string | undefined, @Res() reply: Reply) {
      const lang = languageFromHeader(al);
      const { id } = parseOrThrow(reportQuery, query, def.name);
      await this.gate.may(def, meta, 'import');
      download(reply, fileName(def, lang, labelIn(xlsxFileWords.importErrors, lang)), await this.sheets.report(def, meta.user.tenantId, id, lang));
    }
  }
  Object.defineProperty(EntityRecordsController, 'name', { value: `${def.name}RecordsController` });
  return EntityRecordsController;
};

/** The default a reset password becomes (spec: "Default reset password {secret}"). */
export const DEFAULT_PASSWORD = () => process.env.DEFAULT_PASSWORD || '123456';

/** Resetting login passwords to the default (button `<entity>_reset_password`), after the console's confirmation. */
export const passwordResetControllerFor = (def: EntityDef): Type<unknown> => {
  @Controller(`/api/${def.service}/${def.name}`)
  class PasswordResetController {
    constructor(
      @Inject(RecordsService) readonly records: RecordsService,
      @Inject(RecordsGate) readonly gate: RecordsGate,
    ) {}

    @PostOk('reset-password')
    async reset(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const ids = parseOrThrow(idsQuery, query, def.name).ids;
      await this.gate.may(def, meta, 'reset_password');
      await this.records.assertVisible(def, await this.gate.viewer(def, meta), ids);
      return ok(await this.records.resetPasswords(def, contextOf(meta), ids, DEFAULT_PASSWORD()));
    }
  }
  Object.defineProperty(PasswordResetController, 'name', { value: `${def.name}PasswordResetController` });
  return PasswordResetController;
};

/** Opting login records in to domain login or out (button `<entity>_domain_login`), after the console's confirmation. */
export const domainLoginControllerFor = (def: EntityDef): Type<unknown> => {
  @Controller(`/api/${def.service}/${def.name}`)
  class DomainLoginController {
    constructor(
      @Inject(RecordsService) readonly records: RecordsService,
      @Inject(RecordsGate) readonly gate: RecordsGate,
    ) {}

    @PostOk('domain-login')
    async set(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { ids, enabled } = parseOrThrow(flagQuery, query, def.name);
      await this.gate.may(def, meta, 'domain_login');
      await this.records.assertVisible(def, await this.gate.viewer(def, meta), ids);
      return ok(await this.records.setDomainLogin(def, contextOf(meta), ids, enabled));
    }
  }
  Object.defineProperty(DomainLoginController, 'name', { value: `${def.name}DomainLoginController` });
  return DomainLoginController;
};

/**
 * An entity described with `lookup` (the dictionary): `GET .../<route>?code=` answers the
 * rows field of the live record with that code, sorted (Saber's dictionary call, which every
 * dict-backed select reads).
 */
export const lookupControllerFor = (def: EntityDef): Type<unknown> => {
  if (!def.lookup || !def.codeField) throw new Error(`entity ${def.name} describes no lookup by code`);
  const lookup = def.lookup;
  @Controller(`/api/${def.service}/${def.name}`)
  class LookupController {
    constructor(@Inject(RecordsService) readonly records: RecordsService) {}

    @Get(lookup.route)
    async lookup(@Query() query: unknown, @Meta() meta: RequestMeta) {
      const { code } = parseOrThrow(lookupQuerySchema, query, def.name);
      // configuration every form needs: not subject to data scopes
      const [hit] = await this.records.live(meta.user.tenantId, [def.name], { codes: [code] });
      const rows = ((hit?.data?.[lookup.rows] as Record<string, unknown>[] | undefined) ?? []).slice();
      const sort = lookup.sort;
      if (sort) rows.sort((a, b) => Number(a[sort] ?? 0) - Number(b[sort] ?? 0));
      return ok(rows);
    }
  }
  Object.defineProperty(LookupController, 'name', { value: `${def.name}LookupController` });
  return LookupController;
};
