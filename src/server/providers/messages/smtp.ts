import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../../lazy';
import { DeliveryError, type Delivered, type MessageAdapter } from './types';

/**
 * E-mail over SMTP with nodemailer (pooled connections). `secure`: TLS from the first byte (port
 * 465); otherwise STARTTLS when the server offers it, required when `requireTls`. The certificate
 * is checked against the system's CAs, or `ca` (a PEM) for a private one.
 *
 * Outcomes: the server accepted the message -> sent (its Message-ID kept); a 5xx answer (a refused
 * recipient, a refused message) -> dead with the server's reply code; a 4xx, a timeout or a broken
 * connection -> retried. The outbox id goes in the Message-ID and an Idempotency-Key header, so a
 * receiver (or a relay that dedupes) sees one message however often it is tried.
 */
export interface SmtpOptions {
  readonly host: string;
  readonly port: number;
  readonly secure: boolean;
  readonly requireTls: boolean;
  readonly user: string | null;
  readonly password: string | null;
  readonly from: string;
  readonly timeoutMs: number;
  /** A PEM certificate to trust (a private CA or a self-signed server certificate). */
  readonly ca?: string;
  /** Domain for the Message-ID; default the From address's. */
  readonly messageIdDomain?: string;
}

interface SmtpFailure {
  readonly responseCode?: number;
  readonly code?: string;
  readonly command?: string;
  readonly message?: string;
}

function reasonOf(error: SmtpFailure): DeliveryError {
  const code = error.responseCode;
  const what = [error.code, error.command, code].filter(Boolean).join(' ');
  // The server's reply can quote the recipient address: only its reply code and our own labels.
  // Refused credentials are the operator's to fix (SMTP_USER, SMTP_PASSWORD): retried meanwhile.
  if (error.code === 'EAUTH') return new DeliveryError(`SMTP authentication failed (${what})`, false);
  if (code !== undefined && code >= 500) return new DeliveryError(`SMTP server refused (${what})`, true);
  if (code !== undefined && code >= 400) return new DeliveryError(`SMTP server deferred (${what})`, false);
  return new DeliveryError(`SMTP failed (${what || 'connection'})`, false);
}

export function smtpAdapter(options: SmtpOptions): MessageAdapter {
  // nodemailer loads with the first message, not at the server's start (src/server/lazy.ts).
  let transport: Promise<Transporter> | undefined;
  const open = (nodemailer: Awaited<ReturnType<typeof loadNodemailer>>) =>
    nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      requireTLS: options.requireTls,
      ...(options.user ? { auth: { user: options.user, pass: options.password ?? '' } } : {}),
      ...(options.ca ? { tls: { ca: options.ca } } : {}),
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      pool: true,
      maxConnections: 2,
    });
  const domain = options.messageIdDomain ?? options.from.replace(/^.*@/, '').replace(/>.*$/, '');
  return {
    name: 'smtp',
    async deliver(message): Promise<Delivered> {
      if (message.channel !== 'EMAIL') throw new DeliveryError('SMTP sends e-mail only', true);
      transport ??= loadNodemailer().then(open);
      const mailer = await transport;
      try {
        const info = await mailer.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          messageId: `<${message.idempotencyKey}@${domain}>`,
          headers: { 'Idempotency-Key': message.idempotencyKey },
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        throw reasonOf(error as SmtpFailure);
      }
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => {});
    },
  };
}
