import fs from 'node:fs';
import path from 'node:path';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ValidationError, fail, formatIssues, hasKey, languageFromHeader, translate, type Language, type MessageOverrides } from '@tpl/contracts';
import { SerialExhaustedError, StaleVersionError } from '@tpl/event-store';

type Req = FastifyRequest & { correlationId?: string; user?: { tenantId?: string } };

/** Where a tenant's own wording of messages comes from (master data's message catalogue, MESSAGE_WORDING). */
export type Wording = { overrides(tenantId: string): Promise<MessageOverrides> };

/** The errors whose text comes from a message key: a tenant may have worded them its own way. */
const worded = (e: unknown) => e instanceof AppError || e instanceof ValidationError || e instanceof SerialExhaustedError || e instanceof StaleVersionError;

const languageOf = (req: Req): Language => {
  const h = req.headers['accept-language'];
  return languageFromHeader(Array.isArray(h) ? h[0] : h);
};

/**
 * Every error leaves as the envelope { code, success: false, data: null, msg } with the
 * HTTP status equal to code, worded in the caller's language. Unexpected errors are
 * logged with their correlation id and answered 500 without any internals. A signed-in
 * user's 400/409 says its tenant's override of the message when it has one (`wording`).
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');
  private indexHtml: { mtime: number; html: string } | undefined;

  constructor(
    private readonly webDist: string,
    private readonly wording?: Wording,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Req>();
    const reply = ctx.getResponse<FastifyReply>();
    const lang = languageOf(req);
    const url = req.url.split('?')[0] ?? '/';

    // the console is a single-page app: an unknown non-API GET that is not a file gets its index.html
    if (this.isNotFound(exception) && req.method === 'GET' && !url.startsWith('/api') && !/\.[a-z0-9]+$/i.test(url)) {
      const html = this.spaIndex();
      if (html) {
        void reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        return;
      }
    }

    const tenantId = req.user?.tenantId;
    if (this.wording && tenantId && worded(exception)) {
      // the tenant's overrides are cached: after the first, this waits for nothing
      this.wording.overrides(tenantId).then(
        (overrides) => this.send(exception, req, reply, lang, url, overrides),
        () => this.send(exception, req, reply, lang, url),
      );
      return;
    }
    this.send(exception, req, reply, lang, url);
  }

  private send(exception: unknown, req: Req, reply: FastifyReply, lang: Language, url: string, overrides?: MessageOverrides): void {
    const { code, msg } = this.describe(exception, req, lang, url, overrides);
    const data = exception instanceof AppError ? exception.data : null;
    if (code === 500) {
      this.logger.error(
        `[${req.correlationId}] ${req.method} ${url} failed: ${exception instanceof Error ? exception.stack : String(exception)}`,
      );
    }
    void reply.status(code).header('content-type', 'application/json; charset=utf-8').send(fail(code, msg, data));
  }

  private isNotFound(e: unknown) {
    return e instanceof HttpException && e.getStatus() === 404;
  }

  /** index.html, re-read when a new build replaced it */
  private spaIndex(): string | undefined {
    const file = path.join(this.webDist, 'index.html');
    if (!fs.existsSync(file)) return undefined;
    const mtime = fs.statSync(file).mtimeMs;
    if (!this.indexHtml || this.indexHtml.mtime !== mtime) this.indexHtml = { mtime, html: fs.readFileSync(file, 'utf8') };
    return this.indexHtml.html;
  }

  private describe(e: unknown, req: Req, lang: Language, url: string, overrides?: MessageOverrides): { code: number; msg: string } {
    if (e instanceof ValidationError) {
      const fields = formatIssues(e.issues, e.entity, lang, e.input, overrides);
      // one message per problem: two rules of a field saying the same thing say it once
      return { code: 400, msg: [...new Set(fields.map((f) => f.message))].join('; ') };
    }
    if (e instanceof AppError) {
      const vars: Record<string, string | number> = { ...e.vars };
      for (const [name, key] of Object.entries(e.keyVars)) vars[name] = translate(lang, key);
      // an error worded where it was raised (in the caller's language) keeps its words
      if (!hasKey(lang, e.key) && e.message !== e.key) return { code: e.code, msg: e.message };
      return { code: e.code, msg: translate(lang, e.key, vars, overrides) };
    }
    if (e instanceof SerialExhaustedError) return { code: 409, msg: translate(lang, 'errors.serialExhausted', { code: e.seqCode, max: e.max }, overrides) };
    if (e instanceof StaleVersionError) {
      return { code: 409, msg: translate(lang, 'errors.concurrentChange', { expected: e.expectedVersion }, overrides) };
    }
    if (e instanceof HttpException) {
      const status = e.getStatus();
      if (status === 404) return { code: 404, msg: translate(lang, 'errors.routeNotFound', { method: req.method, path: url }) };
      if (status === 401) return { code: 401, msg: translate(lang, 'errors.unauthorized') };
      if (status === 403) return { code: 403, msg: translate(lang, 'errors.forbidden') };
      // Fastify's own refusals reach here as HttpException (Nest maps them): our words, their status
      if (status >= 400 && status < 500) return this.fastifyRefusal(status, e.message, req, lang);
    }
    // errors raised by Fastify itself that Nest did not map (hooks)
    const fastify = e as { statusCode?: number; message?: string };
    if (typeof fastify.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
      return this.fastifyRefusal(fastify.statusCode, fastify.message ?? '', req, lang);
    }
    return { code: 500, msg: translate(lang, 'errors.internal', { correlationId: req.correlationId ?? '' }) };
  }

  /** Malformed JSON, a body too large, a content type without a parser: their own status, worded in the caller's language. */
  private fastifyRefusal(status: number, message: string, req: Req, lang: Language): { code: number; msg: string } {
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().slice(0, 80);
    const key =
      status === 413 ? 'errors.payloadTooLarge'
      : status === 415 ? 'errors.unsupportedMediaType'
      : /JSON/i.test(message) ? 'errors.malformedJson'
      : status === 404 ? 'errors.notFound'
      : 'errors.badRequest';
    return { code: status, msg: translate(lang, key, { max: type.startsWith('multipart/') ? '50 MB' : '1 MB', type }) };
  }
}
