import { AwsClient } from 'aws4fetch';
import { assertStorageKey, newStorageKey, type ObjectStorage } from './storage';

export interface S3Options {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** true: https://endpoint/bucket/key (MinIO and most S3-compatible services); false: https://bucket.endpoint/key. */
  readonly forcePathStyle: boolean;
  /** For tests: the fetch that sends the signed requests. */
  readonly fetch?: typeof fetch;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) through signed (SigV4) requests.
 * Objects are written without any ACL; the bucket itself must block public access and encrypt at
 * rest (default encryption is a bucket setting, so no per-object header that some services refuse).
 */
export function s3Storage(options: S3Options): ObjectStorage {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 's3', region: options.region });
  const send = options.fetch ?? fetch;
  const base = new URL(options.endpoint);
  const urlOf = (key: string) => {
    assertStorageKey(key);
    const url = new URL(base);
    const prefix = url.pathname.replace(/\/+$/, '');
    if (options.forcePathStyle) url.pathname = `${prefix}/${options.bucket}/${key}`;
    else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${prefix}/${key}`;
    }
    return url.toString();
  };
  const request = async (method: string, key: string, init: { body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {}) => {
    const signed = await client.sign(urlOf(key), { method, headers: init.headers ?? {}, ...(init.body ? { body: init.body } : {}) });
    return send(signed);
  };
  const fail = async (what: string, response: Response): Promise<never> => {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} failed: HTTP ${response.status} ${detail}`);
  };
  return {
    async put(bytes, { contentType }) {
      const key = newStorageKey();
      const response = await request('PUT', key, {
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) },
      });
      if (!response.ok) await fail('PUT', response);
      return key;
    },
    async get(key) {
      const response = await request('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) await fail('GET', response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DELETE', response);
    },
  };
}
