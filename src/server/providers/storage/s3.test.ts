import { describe, expect, it } from 'vitest';
import { s3Storage } from './s3';

/** A fake S3 endpoint: records the signed requests and keeps objects in a map. */
function fakeS3() {
  const objects = new Map<string, Uint8Array>();
  const requests: Request[] = [];
  const fetchFake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    if (request.method === 'PUT') {
      objects.set(pathname, new Uint8Array(await request.arrayBuffer()));
      return new Response(null, { status: 200 });
    }
    if (request.method === 'GET') {
      const body = objects.get(pathname);
      return body ? new Response(new Uint8Array(body), { status: 200 }) : new Response('NoSuchKey', { status: 404 });
    }
    if (request.method === 'DELETE') {
      objects.delete(pathname);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 405 });
  };
  return { objects, requests, fetch: fetchFake as typeof fetch };
}

const options = { endpoint: 'https://s3.example.test', region: 'ap-southeast-1', bucket: 'tapat-kyc', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

describe('the S3-compatible storage adapter', () => {
  it('puts, gets and deletes with SigV4-signed path-style requests', async () => {
    const s3 = fakeS3();
    const storage = s3Storage({ ...options, forcePathStyle: true, fetch: s3.fetch });
    const key = await storage.put(new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const put = s3.requests[0]!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`https://s3.example.test/tapat-kyc/${key}`);
    expect(put.headers.get('authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ap-southeast-1\/s3\/aws4_request/);
    expect(put.headers.get('content-type')).toBe('image/jpeg');
    expect(await storage.get(key)).toEqual(new Uint8Array([1, 2, 3]));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('addresses the bucket as a subdomain without path style', async () => {
    const s3 = fakeS3();
    const storage = s3Storage({ ...options, forcePathStyle: false, fetch: s3.fetch });
    const key = await storage.put(new Uint8Array([1]), { contentType: 'image/jpeg' });
    expect(s3.requests[0]!.url).toBe(`https://tapat-kyc.s3.example.test/${key}`);
  });

  it('fails loudly when the service refuses', async () => {
    const storage = s3Storage({ ...options, forcePathStyle: true, fetch: (async () => new Response('AccessDenied', { status: 403 })) as typeof fetch });
    await expect(storage.put(new Uint8Array([1]), { contentType: 'image/jpeg' })).rejects.toThrow('S3 PUT failed: HTTP 403 AccessDenied');
    await expect(storage.get('a'.repeat(64))).rejects.toThrow('HTTP 403');
  });
});
