import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { BOARD_STREAM_MEDIA_TYPE, ok, parseOrThrow, transportBoardRoutes as R, type BoardQuery } from '@tpl/contracts';
import { CurrentUser, type AuthUser } from '@tpl/identity';
import { BoardHub, type BoardSignal } from './board.hub';
import { BoardQueries } from './board.queries';

/** What the controller needs of Fastify's request and reply (the raw Node objects: a stream is written by hand). */
type RawRequest = { raw: IncomingMessage };
type RawReply = { raw: ServerResponse; hijack(): void };

/** Keeps proxies and browsers from closing an idle stream (ms). */
const PING_MS = 15_000;

export const sseFrame = (signal: BoardSignal | { event: 'ping'; data: Record<string, never> }) => `event: ${signal.event}\ndata: ${JSON.stringify(signal.data)}\n\n`;

/**
 * /api/bl-transport/board: the dispatcher board and its server-sent events. The stream is an
 * ordinary authenticated GET (the Blade-Auth header: the console reads it with fetch and a
 * ReadableStream, since EventSource cannot send headers), narrowed to the caller's tenant,
 * data scopes and cargo owner as they were when it opened.
 */
@Controller()
export class BoardController {
  constructor(
    private readonly queries: BoardQueries,
    private readonly hub: BoardHub,
  ) {}

  @Get(R.board.path)
  async board(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    const q = parseOrThrow(R.board.query!, query, 'board') as BoardQuery;
    return ok(await this.queries.board(user, q));
  }

  @Get(R.stream.path)
  async stream(@Query() query: unknown, @CurrentUser() user: AuthUser, @Req() req: RawRequest, @Res() reply: RawReply) {
    const { after } = parseOrThrow(R.stream.query!, query, 'board') as { after?: string };
    const viewer = await this.queries.viewerOf(user);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': `${BOARD_STREAM_MEDIA_TYPE}; charset=utf-8`, 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    // the first bytes at once: the client knows the stream is open
    res.write(`retry: 2000\n${sseFrame({ event: 'ping', data: {} })}`);
    const ping = setInterval(() => res.write(sseFrame({ event: 'ping', data: {} })), PING_MS);
    const stop = this.hub.subscribe(viewer, after, (signal) => res.write(sseFrame(signal)), () => res.end());
    const close = () => {
      clearInterval(ping);
      stop();
    };
    req.raw.on('close', close);
    res.on('close', close);
  }
}
