import { Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import JSZip from 'jszip';
import type { Pool } from 'pg';
import {
  AppError,
  ERROR_LOG_DATASOURCES,
  ERROR_LOG_ZIP_MAX,
  errorLogListQuerySchema,
  errorLogZipQuerySchema,
  ok,
  parseOrThrow,
  toPage,
  type ErrorLogRow,
} from '@tpl/contracts';
import { DB_POOL } from '@tpl/event-store';
import { Roles, type AuthUser } from './auth-user';
import { CurrentUser } from './current-user';
import { businessDay } from './business-day';

type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply };
type Row = { id: string; user_id: string; account: string; received_at: Date; entry: Record<string, string | undefined>; total_count?: string };

const TZ = () => process.env.BUSINESS_TZ ?? 'Asia/Shanghai';

/** Tenant, then days received (business days, inclusive) and account prefix. */
const whereOf = (tenantId: string, q: { from?: string | undefined; to?: string | undefined; account?: string | undefined }) => {
  if (q.from && q.to && q.from > q.to) throw new AppError(400, 'validation.dateRange', {}, { label: 'errorLog.fields.from' });
  const where = ['tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (q.from) where.push(`received_at >= ($${params.push(q.from)}::date)::timestamp AT TIME ZONE $${params.push(TZ())}`);
  if (q.to) where.push(`received_at < ($${params.push(q.to)}::date + 1)::timestamp AT TIME ZONE $${params.push(TZ())}`);
  if (q.account) where.push(`account ILIKE $${params.push(`${q.account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  return { where: where.join(' AND '), params };
};

const toRow = (r: Row): ErrorLogRow => ({ ...r.entry, id: String(r.id), userId: r.user_id, account: r.account, receivedAt: r.received_at.toISOString() });

/** One readable block per entry in a day's .log file. */
const logBlock = (r: ErrorLogRow) =>
  [`${r.receivedAt} [${r.type ?? ''}] ${r.account} ${r.url ?? ''}`, `  time: ${r.time ?? ''}`, `  message: ${r.message ?? ''}`, ...(r.info ? [`  info: ${r.info}`] : []), ...(r.stack ? [r.stack.replace(/^/gm, '    ')] : []), ''].join('\n');

/**
 * The console's uploaded error logs (spec 01 "Upload local error logs"), for the tenant's
 * administrators: a paged list and a zip download (spec 01 "Zip download (GET) | bearer
 * token and a datasource header"). The datasource header names which log to pack; the
 * console's uploaded log is the only one (`console`, also when the header is absent).
 */
@Controller()
export class ErrorLogController {
  constructor(@Inject(DB_POOL) private readonly pool: Pool) {}

  @Roles('admin')
  @Get('/api/bl-system/error-log/list')
  async list(@Query() query: unknown, @CurrentUser() user: AuthUser) {
    const q = parseOrThrow(errorLogListQuerySchema, query, 'errorLog');
    const { where, params } = whereOf(user.tenantId, q);
    const { rows } = await this.pool.query<Row>(
      `SELECT id, user_id, account, received_at, entry, count(*) OVER () AS total_count FROM idn_error_logs WHERE ${where}
        ORDER BY received_at DESC, id DESC LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
      params,
    );
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && q.current > 1) total = Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM idn_error_logs WHERE ${where}`, params)).rows[0]!.n);
    return ok(toPage(rows.map(toRow), total, q));
  }

  @Roles('admin')
  @Get('/api/bl-system/error-log/download-zip')
  async downloadZip(@Query() query: unknown, @Headers('datasource') datasource: string | undefined, @CurrentUser() user: AuthUser, @Res() reply: Reply) {
    const source = datasource?.trim() || 'console';
    if (!(ERROR_LOG_DATASOURCES as readonly string[]).includes(source)) throw new AppError(400, 'errors.datasourceUnknown', { datasource: source.slice(0, 40) });
    const q = parseOrThrow(errorLogZipQuerySchema, query, 'errorLog');
    const { where, params } = whereOf(user.tenantId, q);
    const count = Number((await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM idn_error_logs WHERE ${where}`, params)).rows[0]!.n);
    if (count > ERROR_LOG_ZIP_MAX) throw new AppError(400, 'errors.errorLogTooMany', { count, max: ERROR_LOG_ZIP_MAX });
    const { rows } = await this.pool.query<Row>(`SELECT id, user_id, account, received_at, entry FROM idn_error_logs WHERE ${where} ORDER BY received_at, id`, params);
    const entries = rows.map(toRow);
    const zip = new JSZip();
    zip.file('error-logs.json', JSON.stringify(entries, null, 2));
    const byDay = new Map<string, string[]>();
    for (const e of entries) {
      const day = businessDay(new Date(e.receivedAt));
      byDay.set(day, [...(byDay.get(day) ?? []), logBlock(e)]);
    }
    for (const [day, blocks] of byDay) zip.file(`${day}.log`, blocks.join('\n'));
    const body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const name = encodeURIComponent(`error-logs-${user.tenantId}-${q.from ?? 'all'}-${q.to ?? businessDay()}.zip`);
    reply
      .header('content-type', 'application/zip')
      .header('download-filename', name)
      .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
      .header('x-total-rows', String(entries.length))
      .header('access-control-expose-headers', 'download-filename, x-total-rows')
      .send(body);
  }
}
