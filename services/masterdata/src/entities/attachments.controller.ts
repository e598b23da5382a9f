import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { AppError, entityByName, ok, parseOrThrow, recordIdQuerySchema, systemRoutes } from '@tpl/contracts';
import { Meta, PostOk, type RequestMeta } from '@tpl/identity';
import { RecordsService } from '../engine/records.service';
import { RecordsGate, contextOf } from '../engine/records.controller';
import { LocalDiskStore, S3Store, type FileStore } from './file-store';
import type { Pool } from 'pg';
import { DB_POOL } from '@tpl/event-store';
import { RECORDS_TABLE } from '../engine/records.migrations';

type Upload = { filename: string; mimetype: string; toBuffer(): Promise<Buffer> };
type Reply = { header(name: string, value: string): Reply; send(body: unknown): Reply };

/** The local-disk object store (the default): DATA_DIR/attachments/<tenant>/<key>. */
export const attachmentsRoot = () => path.resolve(process.env.ATTACH_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'attachments'));
const MAX_BYTES = 50 * 1024 * 1024;

/**
 * Upload, list (the generic attach list) and download by id (spec 01 section 7: the file
 * name travels in a download-filename header). Files live on local disk by default.
 */
@Controller()
export class AttachmentsController {
  constructor(
    @Inject(RecordsService) private readonly records: RecordsService,
    @Inject(DB_POOL) private readonly pool: Pool,
    @Inject(RecordsGate) private readonly gate: RecordsGate,
  ) {}

  /**
   * The tenant's store: its object storage config of an S3-compatible category (the most
   * recently updated one) when it has one, else the local disk.
   */
  async storeFor(tenantId: string): Promise<{ store: FileStore; domain: string }> {
    const { rows } = await this.pool.query<{ data: { endpoint?: string; accessKey?: string; secretKey?: string; bucketName?: string; region?: string } }>(
      `SELECT data FROM ${RECORDS_TABLE} WHERE tenant_id = $1 AND entity = 'oss' AND NOT is_deleted AND data->>'category' IN ('S3', 'MINIO')
        ORDER BY update_time DESC LIMIT 1`,
      [tenantId],
    );
    const c = rows[0]?.data;
    if (c?.endpoint && c.accessKey && c.secretKey && c.bucketName) {
      return { store: new S3Store({ endpoint: c.endpoint, accessKey: c.accessKey, secretKey: c.secretKey, bucketName: c.bucketName, region: c.region }), domain: c.endpoint };
    }
    return { store: new LocalDiskStore(attachmentsRoot()), domain: '' };
  }

  @PostOk(systemRoutes.attachUpload.path)
  async upload(@Req() req: { isMultipart?: () => boolean; file?: () => Promise<Upload | undefined> }, @Meta() meta: RequestMeta) {
    const def = entityByName('attach');
    if (!def) throw new AppError(404, 'errors.notFound');
    await this.gate.may(def, meta, 'add');
    const file = req.isMultipart?.() ? await req.file?.() : undefined;
    if (!file) throw new AppError(400, 'validation.importNoFile');
    const body = await file.toBuffer();
    if (body.length > MAX_BYTES) throw new AppError(400, 'validation.tooLarge');
    const originalName = path.basename(file.filename || 'file').slice(0, 255);
    const extension = path.extname(originalName).slice(1).toLowerCase().slice(0, 20);
    const key = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    const { store, domain } = await this.storeFor(meta.user.tenantId);
    await store.put(meta.user.tenantId, key, body, file.mimetype || 'application/octet-stream');
    try {
      const created = await this.records.submit(def, contextOf(meta), {
        data: { originalName, extension, attachSize: body.length, name: key, domain, link: '' },
      });
      return ok({ ...created!, originalName, attachSize: body.length, store: store.kind, link: systemRoutes.ossDownload.path.replace('{id}', created!.id) });
    } catch (err) {
      await store.remove(meta.user.tenantId, key);
      throw err;
    }
  }

  @Get(systemRoutes.ossDownload.path.replace('{id}', ':id'))
  async download(@Param('id') id: string, @Meta() meta: RequestMeta, @Res() reply: Reply) {
    const def = entityByName('attach')!;
    const { id: recordId } = parseOrThrow(recordIdQuerySchema, { id }, 'attach');
    const row = await this.records.detail(def, await this.gate.viewer(def, meta), recordId);
    // a file kept on S3 names its endpoint in domain; one kept locally has none
    const { store } = row.domain ? await this.storeFor(meta.user.tenantId) : { store: new LocalDiskStore(attachmentsRoot()) };
    const stream = await store.get(meta.user.tenantId, String(row.name));
    if (!stream) throw new AppError(404, 'errors.notFound');
    const encoded = encodeURIComponent(String(row.originalName));
    reply
      .header('content-type', 'application/octet-stream')
      .header('download-filename', encoded)
      .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
      .header('access-control-expose-headers', 'download-filename')
      .send(stream);
  }
}
