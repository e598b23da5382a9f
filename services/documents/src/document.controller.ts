import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Req, Res, type Type } from '@nestjs/common';
import {
  AppError,
  actionPath,
  documentActionSchemaOf,
  documentBase,
  documentButtons,
  documentImportQuerySchema,
  labelIn,
  languageFromHeader,
  documentListQuerySchemaOf,
  documentSubmitSchemaOf,
  detailQuerySchema,
  documentTargetSchema,
  historyQuerySchema,
  ok,
  parseOrThrow,
  refuseNonObjectBody,
  removeQuerySchema,
  type DocumentDef,
} from '@tpl/contracts';
import { ButtonCheck, Meta, ROW_SCOPES, actorOf, ownerScopeOf, type RequestMeta, type RowScopes } from '@tpl/identity';
import { DocumentCommands } from './document.commands';
import { DocumentService, type DocumentContext } from './document.service';
import { DocumentSpreadsheets } from './document.spreadsheets';
import { sendXlsx } from './output/xlsx';
import { xlsxFileWords } from './output/sheets';

type Reply = Parameters<typeof sendXlsx>[0];
type MultipartRequest = { isMultipart?: () => boolean; file?: () => Promise<{ filename: string; toBuffer(): Promise<Buffer> } | undefined> };

/** `<title>-<what>-<business day>.xlsx` */
const fileName = (def: DocumentDef, lang: ReturnType<typeof languageFromHeader>, what: string) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.BUSINESS_TZ || 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
  return `${labelIn(def.title, lang)}-${what}-${day}.xlsx`;
};

const contextOf = ({ user, correlationId, commandId }: RequestMeta): DocumentContext => ({
  tenantId: user.tenantId,
  actor: actorOf(user),
  correlationId,
  // the request's command: the cause its events name
  causationId: commandId,
});

/**
 * Transitions accept id and version in the query (Saber style) or the JSON body; a body that
 * is there but not an object (an array, a string, a number) is malformed, not ignored.
 */
const merged = (query: unknown, body: unknown) => {
  refuseNonObjectBody(body);
  return { ...(query as object), ...(body ?? {}) };
};

type Handler = (this: DocumentRoutes, query: unknown, body: unknown, meta: RequestMeta) => Promise<unknown>;

/** The routes of one document type, made from its description: reads ask the service, commands go through the CommandBus. */
abstract class DocumentRoutes {
  constructor(
    readonly service: DocumentService,
    readonly commands: DocumentCommands,
    readonly buttons: ButtonCheck,
    readonly scopes: RowScopes,
    readonly sheets: DocumentSpreadsheets,
  ) {}
}

type RawHandler = (this: DocumentRoutes, query: unknown, req: MultipartRequest, reply: Reply, lang: string | undefined, meta: RequestMeta) => Promise<unknown>;

/** A route that reads the request or writes the reply itself (a file down or up): (query, request, reply, accept-language, meta). */
const rawRoute = (cls: Type<DocumentRoutes>, name: string, method: 'GET' | 'POST', path: string, handler: RawHandler, ownsReply: boolean) => {
  const proto = cls.prototype as Record<string, unknown>;
  Object.defineProperty(proto, name, { value: handler, writable: true, configurable: true, enumerable: false });
  Query()(proto, name, 0);
  Req()(proto, name, 1);
  // a reply taken only to write a file: Nest sends nothing itself then
  (ownsReply ? Res() : Res({ passthrough: true }))(proto, name, 2);
  Headers('accept-language')(proto, name, 3);
  Meta()(proto, name, 4);
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  (method === 'GET' ? Get(path) : Post(path))(proto, name, descriptor);
  if (method === 'POST') HttpCode(200)(proto, name, descriptor);
};

/** Adds one route to a controller class: a method with (query, body, meta) and its HTTP decorators. */
const route = (cls: Type<DocumentRoutes>, name: string, method: 'GET' | 'POST', path: string, handler: Handler) => {
  const proto = cls.prototype as Record<string, unknown>;
  Object.defineProperty(proto, name, { value: handler, writable: true, configurable: true, enumerable: false });
  Query()(proto, name, 0);
  Body()(proto, name, 1);
  Meta()(proto, name, 2);
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  (method === 'GET' ? Get(path) : Post(path))(proto, name, descriptor);
  if (method === 'POST') HttpCode(200)(proto, name, descriptor);
};

/**
 * One controller class per document type, made from its description: list, detail
 * (?version=N), history, submit, remove, submit-review and one POST per action under
 * /api/<service>/<name>. Every command needs its button code first (without it not even
 * the input is validated), then the input is validated by the description's schemas, then
 * the document must be inside the caller's data scope (else 404), then the kit decides.
 */
export const documentControllerFor = (def: DocumentDef): Type<unknown> => {
  const B = documentButtons(def);
  const listQuery = documentListQuerySchemaOf(def);
  const submitBody = documentSubmitSchemaOf(def);
  const rows = (self: DocumentRoutes, meta: RequestMeta) => self.scopes.rowScope(meta.user, def.name);
  // a cargo owner's user sees only documents naming its customer (identity's binding)
  const visible = async (self: DocumentRoutes, meta: RequestMeta, ids: readonly string[]) =>
    self.service.assertVisible(def, meta.user.tenantId, ids, await rows(self, meta), ownerScopeOf(meta.user));
  const parse = <T>(schema: { safeParse(v: unknown): unknown }, input: unknown) => parseOrThrow(schema as never, input, def.name) as T;

  @Controller(documentBase(def))
  class Routes extends DocumentRoutes {
    constructor(
      @Inject(DocumentService) service: DocumentService,
      @Inject(DocumentCommands) commands: DocumentCommands,
      @Inject(ButtonCheck) buttons: ButtonCheck,
      @Inject(ROW_SCOPES) scopes: RowScopes,
      @Inject(DocumentSpreadsheets) sheets: DocumentSpreadsheets,
    ) {
      super(service, commands, buttons, scopes, sheets);
    }
  }

  // the list's documents as .xlsx: the list's filters, sort and the caller's scope; the button before anything is read
  rawRoute(Routes, 'export', 'GET', 'export', async function (query, _req, reply, al, meta) {
    await this.buttons.require(meta.user, B.export!);
    const lang = languageFromHeader(al);
    const q = parse<Record<string, unknown> & { sort: string; order: 'asc' | 'desc' }>(listQuery, query);
    const { out, total } = await this.sheets.exportStream(def, meta.user.tenantId, q, await rows(this, meta), ownerScopeOf(meta.user), lang);
    sendXlsx(reply, fileName(def, lang, labelIn(xlsxFileWords.export, lang)), out, total);
  }, true);

  if (def.import) {
    rawRoute(Routes, 'template', 'GET', 'template', async function (_query, _req, reply, al, meta) {
      await this.buttons.require(meta.user, B.import!);
      const lang = languageFromHeader(al);
      sendXlsx(reply, fileName(def, lang, labelIn(xlsxFileWords.template, lang)), await this.sheets.template(def, meta.user.tenantId, ownerScopeOf(meta.user), lang));
    }, true);

    // ?preview=1: what the import would make and every row's errors, nothing written; else the import itself
    rawRoute(Routes, 'import', 'POST', 'import', async function (query, req, _reply, al, meta) {
      await this.buttons.require(meta.user, B.import!);
      const { preview } = parse<{ preview: boolean }>(documentImportQuerySchema, query);
      const lang = languageFromHeader(al);
      const file = req.isMultipart?.() ? await req.file?.() : undefined;
      if (!file) throw new AppError(400, 'validation.importNoFile');
      const buffer = await file.toBuffer();
      const owners = ownerScopeOf(meta.user);
      if (preview) return ok(await this.sheets.preview(def, contextOf(meta), owners, buffer, file.filename, lang));
      return ok(await this.sheets.import(def, contextOf(meta), owners, buffer, file.filename, lang));
    }, false);
  }

  route(Routes, 'list', 'GET', 'list', async function (query, _body, meta) {
    const q = parse<Record<string, unknown> & { current: number; size: number; sort: string; order: 'asc' | 'desc' }>(listQuery, query);
    return ok(await this.service.list(def, meta.user.tenantId, q, await rows(this, meta), ownerScopeOf(meta.user)));
  });

  route(Routes, 'detail', 'GET', 'detail', async function (query, _body, meta) {
    const q = parse<{ id: string; version?: number }>(detailQuerySchema, query);
    await visible(this, meta, [q.id]);
    return ok(await this.service.detail(def, meta.user.tenantId, q.id, q.version));
  });

  route(Routes, 'history', 'GET', 'history', async function (query, _body, meta) {
    const q = parse<{ id: string }>(historyQuerySchema, query);
    await visible(this, meta, [q.id]);
    return ok(await this.service.history(def, meta.user.tenantId, q.id));
  });

  route(Routes, 'submit', 'POST', 'submit', async function (_query, body, meta) {
    // the button first: without it, not even the validation of the input is answered
    const editing = typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { id?: unknown }).id !== undefined;
    await this.buttons.require(meta.user, editing ? B.edit! : B.add!);
    const { id, version, content } = parse<{ id?: string; version?: number; content: Record<string, unknown> }>(submitBody, body);
    if ((id !== undefined) !== editing) throw new AppError(400, 'validation.invalid', {}, { label: `${def.name}.fields.id` });
    const ctx = contextOf(meta);
    // a cargo owner's user writes (when given the button) only its own customer's documents
    const owners = ownerScopeOf(meta.user);
    if (!owners.all && !owners.customers.includes(String(content.customerCode ?? ''))) throw new AppError(403, 'errors.forbidden');
    if (id === undefined) return ok(await this.commands.create(def, ctx, content, randomUUID(), { fresh: true }));
    await visible(this, meta, [id]);
    return ok(await this.commands.change(def, ctx, id, version!, content));
  });

  route(Routes, 'remove', 'POST', 'remove', async function (query, _body, meta) {
    await this.buttons.require(meta.user, B.remove!);
    const { ids } = parse<{ ids: string[] }>(removeQuerySchema, query);
    await visible(this, meta, ids);
    return ok(await this.commands.remove(def, contextOf(meta), ids));
  });

  if (def.review) {
    route(Routes, 'submitReview', 'POST', 'submit-review', async function (query, body, meta) {
      await this.buttons.require(meta.user, B.submitReview!);
      const t = parse<{ id: string; version: number }>(documentTargetSchema, merged(query, body));
      await visible(this, meta, [t.id]);
      return ok(await this.commands.submitForReview(def, contextOf(meta), t.id, t.version));
    });
  }

  for (const action of Object.keys(def.actions).filter((a) => !def.actions[a]!.system)) {
    const schema = documentActionSchemaOf(def, action);
    route(Routes, `act_${action}`, 'POST', actionPath(action), async function (query, body, meta) {
      await this.buttons.require(meta.user, B[action]!);
      const { id, version, ...fields } = parse<{ id: string; version: number } & Record<string, unknown>>(schema, merged(query, body));
      await visible(this, meta, [id]);
      return ok(await this.commands.act(def, contextOf(meta), id, version, action, fields));
    });
  }

  Object.defineProperty(Routes, 'name', { value: `${def.name}DocumentController` });
  return Routes;
};
