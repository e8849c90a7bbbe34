import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_PAGE, architectureMap, withMap } from './architecture-map';

describe("docs/architecture.md's map of owners, tables and jobs", () => {
  it('is the one the code gives (regenerate: npx tsx scripts/architecture-map.ts --write)', () => {
    const page = readFileSync(ARCHITECTURE_PAGE, 'utf8');
    expect(withMap(page, architectureMap())).toBe(page);
  });

  it('names every table of the schema and every module', () => {
    const map = architectureMap();
    for (const table of ['loans', 'loan_events', 'trial_balances', 'channel_payment_holds', 'withdrawal_parts', 'users']) expect(map).toContain(`\`${table}\``);
    for (const owner of ['modules/credit', 'modules/repayments', 'domain/loans', 'domain/activation', 'ledger']) expect(map).toContain(`| \`${owner}\` |`);
    expect(map).toMatch(/\| `modules\/repayments` \|[^\n]*`jobs\/servicing`/);
  });
});
