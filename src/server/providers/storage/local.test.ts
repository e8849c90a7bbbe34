import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from './local';

describe('the local storage adapter', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tapat-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores under a random 64-hex-digit key in a directory it creates, and reads it back', async () => {
    const storage = localStorage(path.join(dir, 'uploads', 'nested'));
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const key = await storage.put(bytes, { contentType: 'image/jpeg' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await storage.get(key)).toEqual(bytes);
    const file = path.join(dir, 'uploads', 'nested', key.slice(0, 2), key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual([key]);
  });

  it('gives a new key for every object', async () => {
    const storage = localStorage(dir);
    const a = await storage.put(new Uint8Array([1]), { contentType: 'image/jpeg' });
    const b = await storage.put(new Uint8Array([1]), { contentType: 'image/jpeg' });
    expect(a).not.toBe(b);
  });

  it('deletes, and a missing object is null and deleting it again is fine', async () => {
    const storage = localStorage(dir);
    const key = await storage.put(new Uint8Array([9]), { contentType: 'image/jpeg' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys that are not its own (no path traversal)', async () => {
    const storage = localStorage(dir);
    for (const key of ['../../etc/passwd', 'ab', `${'a'.repeat(63)}/`, 'A'.repeat(64)]) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    }
  });
});
