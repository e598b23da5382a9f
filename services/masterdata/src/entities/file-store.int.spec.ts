import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LocalDiskStore, S3Store, type FileStore } from './file-store';

/**
 * One contract for both file stores. The S3 one runs when S3_TEST_ENDPOINT (and
 * S3_TEST_ACCESS_KEY, S3_TEST_SECRET_KEY, S3_TEST_BUCKET) name a reachable bucket; no S3
 * service can run on these machines, so it is skipped with this message otherwise.
 */
const text = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

const stores: [string, () => FileStore][] = [['local disk', () => new LocalDiskStore(fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-files-')))]];
const s3 = process.env.S3_TEST_ENDPOINT;
if (s3) {
  stores.push([
    'S3-compatible',
    () =>
      new S3Store({
        endpoint: s3,
        accessKey: process.env.S3_TEST_ACCESS_KEY ?? '',
        secretKey: process.env.S3_TEST_SECRET_KEY ?? '',
        bucketName: process.env.S3_TEST_BUCKET ?? 'tpl-test',
        region: process.env.S3_TEST_REGION,
      }),
  ]);
} else {
  test.skip('S3 file store: skipped, set S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY, S3_TEST_SECRET_KEY and S3_TEST_BUCKET to run it', () => undefined);
}

describe.each(stores)('file store: %s', (_, make) => {
  it('puts, gets and removes a file per tenant', async () => {
    const store = make();
    const key = `${randomUUID()}.txt`;
    await store.put('t1', key, Buffer.from('签收单 delivery note'), 'text/plain');
    expect(await text((await store.get('t1', key))!)).toBe('签收单 delivery note');
    expect(await store.get('t2', key)).toBeUndefined();
    await store.remove('t1', key);
    expect(await store.get('t1', key)).toBeUndefined();
  });
});
