import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import { queueSms, withCode } from '../../src/server/providers/notify';
import { DeliveryError, type MessageAdapter, type OutgoingMessage } from '../../src/server/providers/messages';
import { en } from '../../src/shared/i18n/en';
import { fil } from '../../src/shared/i18n/fil';
import { interpolate } from '../../src/shared/i18n/lookup';
import { createTestApp, type TestApp } from '../fixtures/app';

/**
 * Every message template through a night (DECISIONS.md invariant 10; docs/decisions/062): the
 * templates are enumerated from the catalogue (every leaf under a `messages` namespace or an `sms`,
 * `email`, `notify` or `notices` branch, and the privacy export notice), and the server's code is
 * searched for the keys it renders into messages, so that a template added elsewhere fails here.
 * Each one is queued as its sender must queue it (a template that carries {{code}} through
 * withCode, every other one as plain text) at 00:11 Manila; the delivery path sends only the
 * one-time codes at once, and every other message at 06:00, not a second before.
 */

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

const TEMPLATE_BRANCHES = new Set(['sms', 'email', 'notify', 'notices']);
function isTemplateKey(key: string): boolean {
  const parts = key.split('.');
  return parts[0] === 'messages' || parts.slice(1, -1).some((p) => TEMPLATE_BRANCHES.has(p)) || /^activation\.privacy\.exportNotice/.test(key);
}

const ALL_EN = leaves(en as unknown as Tree);
const TEMPLATES = ALL_EN.filter(([key]) => isTemplateKey(key));
const FIL = new Map(leaves(fil as unknown as Tree));

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Catalogue keys (or `prefix.${...}` prefixes) that the server renders into a message: the argument of messageText, and every literal key in a file that queues messages. */
function keysRenderedIntoMessages(): string[] {
  const known = new Set(ALL_EN.map(([k]) => k));
  const found = new Set<string>();
  for (const file of serverSources(join(__dirname, '../../src/server'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/messageText\([^;]*?['`]([a-zA-Z]+(?:\.[a-zA-Z]+)+)(\.\$\{)?/g)) found.add(m[2] ? `${m[1]}.` : m[1]!);
    if (!/queueSms|queueEmail|queueSmsAndEmail|smsAndEmailRows/.test(source)) continue;
    for (const m of source.matchAll(/['`]((?:messages|[a-zA-Z]+\.(?:sms|email|notify|notices))(?:\.[a-zA-Z]+)*)(\.\$\{)?/g)) {
      if (m[2] || known.has(m[1]!)) found.add(m[2] ? `${m[1]}.` : m[1]!);
    }
  }
  return [...found].sort();
}

const CODE = '482913';
const values = (text: string) => Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1]!, m[1] === 'code' ? CODE : `«${m[1]}»`]));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t.close());
beforeEach(async () => {
  await t.deps.db.delete(outboxMessages);
});

/** The test clock only moves forward. */
function moveTo(iso: string): void {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
}

function recorder(): MessageAdapter & { calls: OutgoingMessage[] } {
  const calls: OutgoingMessage[] = [];
  return {
    name: 'recorder',
    calls,
    async deliver(message) {
      calls.push(message);
      return { providerMessageId: `p-${calls.length}` };
    },
  };
}

describe('every message template through a night', () => {
  it('finds the templates: every key the server renders into a message is one of them', () => {
    const templateKeys = TEMPLATES.map(([k]) => k);
    expect(templateKeys.length).toBeGreaterThan(40);
    const rendered = keysRenderedIntoMessages();
    expect(rendered.length).toBeGreaterThan(20);
    const escaped = rendered.filter((key) => (key.endsWith('.') ? !templateKeys.some((k) => k.startsWith(key)) : !templateKeys.includes(key)));
    expect(escaped, 'keys rendered into messages outside the template branches').toEqual([]);
  });

  it('at 00:11 Manila sends only the one-time codes; every other message leaves at 06:00', { timeout: 120_000 }, async () => {
    // 2026-11-22 16:11 UTC = 2026-11-23 00:11 Manila (UTC+8).
    moveTo('2026-11-22T16:11:00Z');
    const queued: { key: string; language: string; body: string; code: boolean }[] = [];
    for (const [key, english] of TEMPLATES) {
      for (const [language, template] of [
        ['en', english],
        ['fil', FIL.get(key) ?? english],
      ] as const) {
        const body = interpolate(template, values(template));
        const code = /\{\{\s*code\s*\}\}/.test(template);
        await queueSms(
          t.deps.db,
          { to: '+639171112222', body: code ? withCode((c) => interpolate(template, { ...values(template), code: c }), CODE) : body },
          { requestId: null },
        );
        queued.push({ key, language, body, code });
      }
    }
    const codes = queued.filter((q) => q.code);
    const notices = queued.filter((q) => !q.code);
    expect(codes.length).toBeGreaterThan(5);
    expect(notices.length).toBeGreaterThan(40);

    const sms = recorder();
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 1000);
    expect(sms.calls.map((c) => c.body).sort()).toEqual(codes.map((c) => c.body).sort());
    // Every notice says when it leaves: the next 06:00 Manila (2026-11-22 22:00 UTC).
    const held = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'QUEUED'));
    expect(held).toHaveLength(notices.length);
    expect(new Set(held.map((r) => r.sendAfter?.toISOString()))).toEqual(new Set(['2026-11-22T22:00:00.000Z']));

    moveTo('2026-11-22T21:59:59Z'); // 05:59:59 Manila
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 1000);
    expect(sms.calls).toHaveLength(codes.length);

    moveTo('2026-11-22T22:00:00Z'); // 06:00 Manila
    await deliverDue(t.deps, { SMS: sms, EMAIL: null }, 1000);
    expect(
      sms.calls
        .slice(codes.length)
        .map((c) => c.body)
        .sort(),
    ).toEqual(notices.map((n) => n.body).sort());
  });

  it('at 22:00 Manila a message that failed in the evening is not retried before 06:00', async () => {
    moveTo('2026-11-23T13:59:00Z'); // 21:59 Manila
    await queueSms(t.deps.db, { to: '+639171112222', body: 'notice' }, { requestId: null });
    let fail = true;
    const flaky: MessageAdapter = {
      name: 'flaky',
      async deliver() {
        if (fail) throw new DeliveryError('gateway timeout', false);
        return { providerMessageId: 'ok' };
      },
    };
    expect((await deliverDue(t.deps, { SMS: flaky, EMAIL: null })).retried).toBe(1);
    fail = false;
    moveTo('2026-11-23T15:00:00Z'); // 23:00 Manila, past the backoff
    expect((await deliverDue(t.deps, { SMS: flaky, EMAIL: null })).sent).toBe(0);
    moveTo('2026-11-23T22:00:00Z'); // 06:00 Manila
    expect((await deliverDue(t.deps, { SMS: flaky, EMAIL: null })).sent).toBe(1);
  });
});
