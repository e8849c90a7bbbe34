import pg from 'pg';
import { QueryLog } from '../src/server/db/query-log';
import { openLarge } from './seed-large';
const log = new QueryLog();
const large = await openLarge('lists13_bench', 200000, true, log);
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/lists13_bench' });
await client.connect();
try {
  for (const url of process.argv.slice(2)) {
    const w = large.world;
    const cookie = url.startsWith('/api/admin') ? w.officer.cookie : w.member.cookie;
    await large.t.app.inject({ method: 'GET', url: url.replace('OFFICER', w.officer.userId), headers: { cookie } });
    log.reset();
    const res = await large.t.app.inject({ method: 'GET', url: url.replace('OFFICER', w.officer.userId), headers: { cookie } });
    console.log(`=== ${url} ${res.statusCode}`);
    for (let i = 0; i < log.statements.length; i += 1) {
      const text = log.statements[i]!;
      if (!/^\s*(select|with)/i.test(text)) continue;
      const r = await client.query(`explain (analyze, buffers off, timing off, summary on) ${text}`, log.parameters[i]);
      const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
      const exec = lines.find((l) => l.startsWith('Execution Time')) ?? '';
      console.log(`--- ${exec}\n${text.slice(0, 600)}\n${lines.slice(0, Number(process.env.PLAN_LINES ?? 14)).join('\n')}`);
    }
  }
} finally {
  await client.end();
  await large.t.close();
}
