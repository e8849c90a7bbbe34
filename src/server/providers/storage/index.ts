import type { StorageConfig } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { ObjectStorage } from './storage';

export type { ObjectStorage } from './storage';

const instances = new WeakMap<StorageConfig, ObjectStorage>();

/** The storage adapter of a configuration (one per configuration object). */
export function storageFor(config: StorageConfig): ObjectStorage {
  let storage = instances.get(config);
  if (!storage) {
    storage = config.driver === 's3' ? s3Storage(config) : localStorage(config.dir);
    instances.set(config, storage);
  }
  return storage;
}
