import { randomBytes } from 'node:crypto';

/**
 * Object storage for private files (ID and selfie images). Keys are random (32 bytes, hex) and
 * chosen by the adapter, so a key is never derived from anything a member sends. Objects are never
 * public: they are read only through the API's authorised routes.
 */
export interface ObjectStorage {
  /** Stores the bytes under a new unguessable key and returns the key. */
  put(bytes: Uint8Array, options: { contentType: string }): Promise<string>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;

export function newStorageKey(): string {
  return randomBytes(32).toString('hex');
}

/** Keys are only ever ours: anything else is refused before it reaches a path or a URL. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid storage key');
}
