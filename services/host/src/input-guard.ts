import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError, badTextIssue, badTextPath, entityByName, fail, languageFromHeader, translate } from '@tpl/contracts';

/**
 * The edge's checks on every request, before any controller (issue 11): text that
 * PostgreSQL cannot store (a lone UTF-16 surrogate, a NUL) in the body or the query is
 * refused with a 400 naming the field, even on routes that do not parse through
 * `parseOrThrow` (which checks the same again, for callers that are not HTTP).
 */

/** Whose labels name the fields of a route: /api/<service>/<entity or feature>/... */
const entityOfUrl = (url: string): string => {
  const segment = url.split('?')[0]!.split('/')[3] ?? '';
  if (entityByName(segment)) return segment;
  // error-log -> errorLog, as the message tables name features
  return segment.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
};

export const refuseUnstorableText = async (req: FastifyRequest): Promise<void> => {
  for (const part of [req.query, req.body]) {
    const bad = badTextPath(part);
    if (bad) throw new ValidationError(entityOfUrl(req.url), [badTextIssue(bad)]);
  }
};

/** BigInt can never reach an answer: a safe one as a number, any other as its decimal text. */
export const safeJson = (payload: unknown): string => {
  try {
    // the plain stringify (a replacer costs a call per value): it throws on a BigInt, and only then is the replacer needed
    return JSON.stringify(payload);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(payload, (_key, v: unknown) => (typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString()) : v));
  }
};

/** The Accept-Language of a request Node could not parse (best effort), for the words of the answer. */
const languageOfPacket = (packet: unknown) => {
  const m = Buffer.isBuffer(packet) ? /\r\naccept-language:\s*([^\r\n]{0,64})/i.exec(packet.subarray(0, 64 * 1024).toString('latin1')) : null;
  return languageFromHeader(m?.[1]);
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a URL or headers over
 * the limit: 431; a request it cannot parse: 400). The answer is the envelope too.
 */
export function envelopeClientError(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const lang = languageOfPacket(err.rawPacket);
  const [status, key] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'errors.headersTooLarge'] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'errors.badRequest'] : [400, 'errors.badRequest'];
  const body = Buffer.from(safeJson(fail(status, translate(lang, key))), 'utf8');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${body.length}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(err);
}

/** Fastify's own refusals before routing (a URL that is not valid percent-encoded UTF-8): the envelope. */
export const envelopeFrameworkError = (_err: Error, req: FastifyRequest, reply: FastifyReply): void => {
  const h = req.headers['accept-language'];
  const lang = languageFromHeader(Array.isArray(h) ? h[0] : h);
  void reply.status(400).header('content-type', 'application/json; charset=utf-8').send(safeJson(fail(400, translate(lang, 'errors.badRequest'))));
};
