import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';

/** The S3 driver, loaded only when an S3 file store is configured, never by merely importing this package. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const s3 = (): typeof S3 => require('@aws-sdk/client-s3') as typeof S3;

/** Where attachment bytes live: local disk by default, an S3-compatible bucket when configured. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(tenantId: string, key: string, body: Buffer, contentType: string): Promise<void>;
  get(tenantId: string, key: string): Promise<Readable | undefined>;
  remove(tenantId: string, key: string): Promise<void>;
}

const safe = (key: string) => path.basename(key);

export class LocalDiskStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  async put(tenantId: string, key: string, body: Buffer) {
    const dir = path.join(this.root, safe(tenantId));
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, safe(key)), body);
  }

  async get(tenantId: string, key: string) {
    const file = path.join(this.root, safe(tenantId), safe(key));
    try {
      await fs.access(file);
    } catch {
      return undefined;
    }
    return createReadStream(file);
  }

  async remove(tenantId: string, key: string) {
    await fs.rm(path.join(this.root, safe(tenantId), safe(key)), { force: true });
  }
}

export type S3Config = { endpoint: string; accessKey: string; secretKey: string; bucketName: string; region?: string | undefined };

/** Any S3-compatible service (AWS S3, MinIO, ...): objects under <tenant>/<key> in one bucket. */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3.S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new (s3().S3Client)({
      endpoint: config.endpoint,
      region: config.region || 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    });
  }

  async put(tenantId: string, key: string, body: Buffer, contentType: string) {
    await this.client.send(new (s3().PutObjectCommand)({ Bucket: this.config.bucketName, Key: `${safe(tenantId)}/${safe(key)}`, Body: body, ContentType: contentType }));
  }

  async get(tenantId: string, key: string) {
    try {
      const r = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.config.bucketName, Key: `${safe(tenantId)}/${safe(key)}` }));
      return r.Body as Readable | undefined;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async remove(tenantId: string, key: string) {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.config.bucketName, Key: `${safe(tenantId)}/${safe(key)}` }));
  }
}
