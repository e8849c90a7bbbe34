import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../tests/fixtures/app';
import { deliverDue } from '../src/server/modules/delivery/worker';
import { smsHttpAdapter } from '../src/server/providers/messages/sms-http';
import { startFakeHttp } from '../src/server/providers/messages/fake-http';

/**
 * The delivery worker at a night's scale (issue: reminders for a large book leave in the morning):
 * BENCH_MESSAGES (default 5,000) queued SMS on PostgreSQL (a fresh temporary database on
 * BENCH_DATABASE_URL's server, dropped after) sent through the HTTP SMS adapter to a local fake
 * gateway that answers after BENCH_GATEWAY_MS (default 20 ms, a network round trip), by the
 * worker's passes (deliverDue, as src/server/jobs/delivery.ts runs it) until none is left. Reports
 * messages a second and each pass's size. The gateway counts what it received: every message once.
 * The worker paces itself at DELIVERY_MAX_PER_SECOND (default 100); set it higher (and
 * DELIVERY_CONCURRENCY) to find the ceiling.
 *
 *   npx tsx bench/delivery.ts
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const GATEWAY_MS = Number(process.env.BENCH_GATEWAY_MS ?? 20);

process.env.TEST_DATABASE_URL = PG_ADMIN;
let id = 0;
const gateway = await startFakeHttp((_request, response) => {
  id += 1;
  const answer = JSON.stringify([{ message_id: id, status: 'Queued' }]);
  setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(answer), GATEWAY_MS);
});
// Daytime in Manila (10:00), so nothing waits for the quiet hours to end.
const pace = Object.fromEntries(['DELIVERY_MAX_PER_SECOND', 'DELIVERY_CONCURRENCY'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
const t = await createTestApp({}, { DEV_TOOLS: 'false', ...pace });
try {
  const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  t.clock.advance(Date.parse(`${tomorrow}T10:00:00+08:00`) - t.clock.now().getTime());
  await t.deps.db.execute(
    sql.raw(`insert into outbox_messages (channel, recipient, body, created_at)
      select 'SMS', '+6391' || lpad(i::text, 8, '0'), 'Tapat: your instalment of PHP 17,667.00 is due today. Reply STOP to ' || i, now() - interval '1 minute'
      from generate_series(1, ${MESSAGES}) as g(i)`),
  );
  await t.deps.db.execute(sql.raw('analyze outbox_messages'));
  const adapters = { SMS: smsHttpAdapter({ baseUrl: gateway.url, apiKey: 'bench', senderName: 'TAPAT', timeoutMs: 10_000 }), EMAIL: null };
  const passes: number[] = [];
  const started = performance.now();
  for (;;) {
    const pass = await deliverDue(t.deps, adapters);
    if (pass.sent + pass.retried + pass.dead === 0) break;
    passes.push(pass.sent);
  }
  const seconds = (performance.now() - started) / 1000;
  const [left] = (await t.deps.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from outbox_messages where status <> 'SENT'`))).rows;
  if (gateway.requests.length !== MESSAGES || Number(left?.n) !== 0)
    throw new Error(`the gateway received ${gateway.requests.length} of ${MESSAGES}; ${left?.n} not SENT`);
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAverageAfter: os.loadavg().map((l) => Math.round(l * 10) / 10),
    messages: MESSAGES,
    gatewayMs: GATEWAY_MS,
    maxPerSecond: t.deps.config.delivery.maxPerSecond,
    concurrency: t.deps.config.delivery.concurrency,
    seconds: Math.round(seconds * 10) / 10,
    messagesPerSecond: Math.round(MESSAGES / seconds),
    passes: passes.length,
    largestPass: Math.max(...passes),
  };
  console.log(JSON.stringify(result, null, 2));
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(path.resolve(`bench/results/delivery-${result.date.slice(0, 10)}${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ''}.json`), json);
  writeFileSync(path.resolve('bench/results/delivery-latest.json'), json);
} finally {
  await t.close();
  await gateway.close();
}
