import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWorld, openApp, type World } from './seed-large';
import type { TestApp } from '../tests/fixtures/app';

/**
 * CPU time per request of the hot reads in process (decision 040): the app on the
 * embedded PGlite (which runs on the server's own thread, so its CPU is the request's), requests
 * sent with app.inject, 10 in flight, process.cpuUsage() around a fixed count. Each route is
 * measured with PGlite's statements unnamed ("plain": parsed and planned on every run) and named
 * (decision 040), alternately in one run, so the ratio holds on a loaded machine.
 *
 *   npx tsx bench/inject-cpu.ts     BENCH_REQUESTS (default 1500), BENCH_ROUNDS (default 2),
 *                                   INJECT_OUT=name writes results/inject-cpu-<name>.json
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const ROUTES: { name: string; url: (w: World) => string; staff?: boolean }[] = [
  { name: 'GET /api/wallet', url: () => '/api/wallet' },
  { name: 'GET /api/loans/current', url: () => '/api/loans/current' },
  { name: 'GET /api/member/account', url: () => '/api/member/account' },
  { name: 'GET /api/withdrawals/:id', url: (w) => `/api/withdrawals/${w.withdrawalId}` },
  { name: 'GET /api/admin/loans (page 1)', url: () => '/api/admin/loans', staff: true },
];

async function perRequest(t: TestApp, url: string, cookie: string, count: number): Promise<number> {
  let sent = 0;
  const start = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (sent < count) {
        sent += 1;
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / count;
}

const rows: { round: number; route: string; plainMs: number; namedMs: number; ratio: number; load: number }[] = [];
const apps: Record<'plain' | 'named', { t: TestApp; world: World }> = {
  plain: await open(false),
  named: await open(true),
};
async function open(namedStatements: boolean) {
  const t = await openApp(undefined, async () => {}, undefined, { namedStatements });
  return { t, world: await buildWorld(t) };
}

for (let round = 1; round <= ROUNDS; round += 1) {
  for (const route of ROUTES) {
    const figures: Record<string, number> = {};
    for (const side of ['plain', 'named'] as const) {
      const { t, world } = apps[side];
      const cookie = route.staff ? world.officer.cookie : world.member.cookie;
      await perRequest(t, route.url(world), cookie, Math.max(50, REQUESTS / 10));
      figures[side] = await perRequest(t, route.url(world), cookie, REQUESTS);
    }
    const row = {
      round,
      route: route.name,
      plainMs: Number(figures.plain!.toFixed(3)),
      namedMs: Number(figures.named!.toFixed(3)),
      ratio: Number((figures.named! / figures.plain!).toFixed(2)),
      load: Number(os.loadavg()[0]!.toFixed(1)),
    };
    rows.push(row);
    console.log(`round ${round} ${route.name} on PGlite: plain ${row.plainMs} ms, named ${row.namedMs} ms CPU per request (x${row.ratio}) | load ${row.load}`);
  }
}
await apps.plain.t.close();
await apps.named.t.close();

if (process.env.INJECT_OUT) {
  const cpu = os.cpus();
  const json = JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      requests: REQUESTS,
      rows,
    },
    null,
    2,
  );
  writeFileSync(path.resolve(`bench/results/inject-cpu-${process.env.INJECT_OUT}.json`), `${json}\n`);
}
