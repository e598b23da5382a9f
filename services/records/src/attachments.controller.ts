import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { z } from 'zod';
import { AppError, entityByName, ok, parseOrThrow } from '@tpl/contracts';
import { Meta, PostOk, type RequestMeta } from '@tpl/identity';
import { RecordsService } from './records.service';
import { contextOf } from './records.controller';

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
  constructor(@Inject(RecordsService) private readonly records: RecordsService) {}

  @PostOk('/api/bl-resource/attach/upload')
  async upload(@Req() req: { isMultipart?: () => boolean; file?: () => Promise<Upload | undefined> }, @Meta() meta: RequestMeta) {
    const def = entityByName('attach');
    const file = req.isMultipart?.() ? await req.file?.() : undefined;
    if (!def || !file) throw new AppError(400, 'validation.importNoFile');
    const body = await file.toBuffer();
    if (body.length > MAX_BYTES) throw new AppError(400, 'validation.tooLarge');
    const originalName = path.basename(file.filename || 'file').slice(0, 255);
    const extension = path.extname(originalName).slice(1).toLowerCase().slice(0, 20);
    const key = `${randomUUID()}${extension ? `.${extension}` : ''}`;
    const dir = path.join(attachmentsRoot(), meta.user.tenantId);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, key), body);
    try {
      const created = await this.records.submit(def, contextOf(meta), {
        data: { originalName, extension, attachSize: body.length, name: key, domain: '', link: '' },
      });
      return ok({ ...created!, originalName, attachSize: body.length, link: `/api/bl-resource/oss/download/${created!.id}` });
    } catch (err) {
      await fs.rm(path.join(dir, key), { force: true });
      throw err;
    }
  }

  @Get('/api/bl-resource/oss/download/:id')
  async download(@Param('id') id: string, @Meta() meta: RequestMeta, @Res() reply: Reply) {
    const def = entityByName('attach')!;
    const { id: recordId } = parseOrThrow(z.object({ id: z.uuid({ error: 'validation.invalid' }) }), { id }, 'attach');
    const row = await this.records.detail(def, meta.user.tenantId, recordId);
    const file = path.join(attachmentsRoot(), meta.user.tenantId, path.basename(String(row.name)));
    try {
      await fs.access(file);
    } catch {
      throw new AppError(404, 'errors.notFound');
    }
    const encoded = encodeURIComponent(String(row.originalName));
    reply
      .header('content-type', 'application/octet-stream')
      .header('download-filename', encoded)
      .header('content-disposition', `attachment; filename*=UTF-8''${encoded}`)
      .header('access-control-expose-headers', 'download-filename')
      .send(createReadStream(file));
  }
}
