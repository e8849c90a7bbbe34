import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './s3';
import type { ObjectStorage } from './storage';

/**
 * The S3 adapter against a real S3-compatible server (s3rver, on a free port with a temporary
 * directory): the signed requests, path-style addressing and the answers for a missing object are
 * the server's own, not a mock's.
 */
describe('the S3 storage adapter against an S3-compatible server', () => {
  let dir: string;
  let server: S3rver;
  let storage: ObjectStorage;
  let options: Parameters<typeof s3Storage>[0];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tapat-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: 'tapat-kyc', configs: [] }] });
    const { port } = await server.run();
    options = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'tapat-kyc',
      // s3rver's documented default credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    storage = s3Storage(options);
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('puts an object under a new random key and gets the same bytes back', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250]);
    const key = await storage.put(bytes, { contentType: 'image/jpeg' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.get(key)).toEqual(bytes);
  });

  it('answers null for a missing object', async () => {
    expect(await storage.get('0'.repeat(64))).toBeNull();
  });

  it('deletes an object, and deleting a missing one is not an error', async () => {
    const key = await storage.put(new Uint8Array([9, 8, 7]), { contentType: 'image/png' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const wrong = s3Storage({ ...options, accessKeyId: 'UNKNOWN-KEY' });
    await expect(wrong.put(new Uint8Array([1]), { contentType: 'image/jpeg' })).rejects.toThrow(/S3 PUT failed: HTTP 403/);
  });
});
