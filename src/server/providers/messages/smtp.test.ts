import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpAdapter, type SmtpOptions } from './smtp';
import { DeliveryError, type MessageAdapter } from './types';

/**
 * The SMTP adapter against a real SMTP server (smtp-server from npm) on a free port: plain and TLS
 * (implicit and STARTTLS, with the self-signed certificate in tests/fixtures/tls), authentication,
 * and a server that refuses the recipient or defers the message.
 */
const TLS_DIR = path.resolve(__dirname, '../../../../tests/fixtures/tls');
const CERT = readFileSync(path.join(TLS_DIR, 'localhost-cert.pem'), 'utf8');
const KEY = readFileSync(path.join(TLS_DIR, 'localhost-key.pem'), 'utf8');

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly data: string;
  readonly secure: boolean;
  readonly user: string | undefined;
}

const servers: SMTPServer[] = [];
const adapters: MessageAdapter[] = [];

async function startServer(options: SMTPServerOptions): Promise<{ port: number; received: Received[]; server: SMTPServer }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: [],
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        if (options.onData) options.onData(stream, session, callback);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return { port: (server.server.address() as AddressInfo).port, received, server };
}

function adapterFor(port: number, extra: Partial<SmtpOptions> = {}): MessageAdapter {
  const adapter = smtpAdapter({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTls: false,
    user: null,
    password: null,
    from: 'Tapat <no-reply@tapat.example>',
    timeoutMs: 5_000,
    messageIdDomain: 'tapat.example',
    ...extra,
  });
  adapters.push(adapter);
  return adapter;
}

const message = {
  channel: 'EMAIL' as const,
  recipient: 'juan@example.com',
  subject: 'Your withdrawal',
  body: 'Kumusta, Juan. Your withdrawal of PHP 1,000.00 is on its way.',
  idempotencyKey: '0b7c2f0e-8a55-4d7e-9d8a-3b2a1c0d9e8f',
};

afterEach(async () => {
  for (const adapter of adapters.splice(0)) adapter.close?.();
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the SMTP adapter against a real SMTP server', () => {
  it('delivers over plain SMTP with the message id as its Message-ID', async () => {
    const { port, received } = await startServer({ authOptional: true, secure: false, hideSTARTTLS: true });
    const result = await adapterFor(port).deliver(message);
    expect(result.providerMessageId).toBe(`<${message.idempotencyKey}@tapat.example>`);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['juan@example.com']);
    expect(received[0]!.from).toBe('no-reply@tapat.example');
    expect(received[0]!.data).toContain('Subject: Your withdrawal');
    expect(received[0]!.data).toContain(`Idempotency-Key: ${message.idempotencyKey}`);
    expect(received[0]!.data).toContain('is on its way.');
    expect(received[0]!.secure).toBe(false);
  });

  it('authenticates with the configured user and password, and a wrong password is retried, not dead', async () => {
    const { port, received } = await startServer({
      secure: false,
      hideSTARTTLS: true,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'tapat' && auth.password === 'correct horse') callback(null, { user: 'tapat' });
        else callback(new Error('Invalid username or password'));
      },
    });
    await adapterFor(port, { user: 'tapat', password: 'correct horse' }).deliver(message);
    expect(received[0]!.user).toBe('tapat');

    const wrong = adapterFor(port, { user: 'tapat', password: 'wrong' });
    const error = await wrong.deliver(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).permanent).toBe(false);
    expect((error as DeliveryError).reason).toMatch(/EAUTH/);
    expect(received).toHaveLength(1);
  });

  it('delivers over implicit TLS, trusting the configured certificate', async () => {
    const { port, received } = await startServer({ secure: true, key: KEY, cert: CERT, authOptional: true });
    await adapterFor(port, { secure: true, ca: CERT, host: 'localhost' }).deliver(message);
    expect(received[0]!.secure).toBe(true);
  });

  it('upgrades with STARTTLS when TLS is required, and refuses a server whose certificate it does not trust', async () => {
    const { port, received } = await startServer({ secure: false, key: KEY, cert: CERT, authOptional: true });
    await adapterFor(port, { requireTls: true, ca: CERT, host: 'localhost' }).deliver(message);
    expect(received[0]!.secure).toBe(true);

    const untrusting = adapterFor(port, { requireTls: true, host: 'localhost' });
    const error = (await untrusting.deliver(message).catch((e: unknown) => e)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.permanent).toBe(false);
    expect(received).toHaveLength(1);
  });

  it('a refused recipient (550) is permanent, with the reply code and without the address', async () => {
    const { port } = await startServer({
      secure: false,
      hideSTARTTLS: true,
      authOptional: true,
      onRcptTo(_address, _session, callback) {
        const refusal = new Error('5.1.1 No such user here') as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
      },
    });
    const error = (await adapterFor(port)
      .deliver(message)
      .catch((e: unknown) => e)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.permanent).toBe(true);
    expect(error.reason).toContain('550');
    expect(error.reason).not.toContain('juan@example.com');
  });

  it('a deferred message (451 after DATA) is retried', async () => {
    const { port } = await startServer({
      secure: false,
      hideSTARTTLS: true,
      authOptional: true,
      onData(stream, _session, callback) {
        stream.resume();
        const deferral = new Error('4.3.0 Try again later') as Error & { responseCode: number };
        deferral.responseCode = 451;
        callback(deferral);
      },
    });
    const error = (await adapterFor(port)
      .deliver(message)
      .catch((e: unknown) => e)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.permanent).toBe(false);
    expect(error.reason).toContain('451');
  });

  it('a server that is not there is retried', async () => {
    const { port, server } = await startServer({ secure: false, authOptional: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = (await adapterFor(port)
      .deliver(message)
      .catch((e: unknown) => e)) as DeliveryError;
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error.permanent).toBe(false);
  });
});
