import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, newStorageKey, type ObjectStorage } from './storage';

/**
 * Files under a directory (DATA_DIR/uploads by default): `<dir>/<first 2 hex digits>/<key>`,
 * created as needed, readable by the server's user only. A file is written under a temporary name
 * and renamed, so a reader never sees half an image.
 */
export function localStorage(dir: string): ObjectStorage {
  const root = path.resolve(dir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = newStorageKey();
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, file);
      return key;
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
