import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

/**
 * docs/configuration.md stays true: its "Settings" table lists exactly the variables the validated
 * config reads (src/server/config.ts), each once, with the config's own default: `value` when the
 * schema gives one, "(none)" when the variable has no value unless set.
 */
const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

function settingsRows(): { name: string; defaultCell: string }[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith('Settings'));
  if (!section) throw new Error('docs/configuration.md has no "## Settings" section');
  return section
    .split('\n')
    .filter((line) => /^\| `[A-Z0-9_]+` \|/.test(line))
    .map((line) => {
      const cells = line.slice(1, -1).split(' | ');
      return { name: cells[0]!.trim().replaceAll('`', ''), defaultCell: cells[1]!.trim() };
    });
}

function schemaDefault(name: string): string | undefined {
  const parsed = (envSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>)[name]!.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === '') return undefined;
  return String(parsed.data);
}

describe('docs/configuration.md', () => {
  const rows = settingsRows();
  const documented = rows.map((r) => r.name);

  it('lists every variable the config reads, once, and no other', () => {
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it("gives each variable the validated config's default", () => {
    const wrong = rows
      .map(({ name, defaultCell }) => {
        const expected = schemaDefault(name);
        const ok = expected === undefined ? defaultCell.startsWith('(none)') : defaultCell.startsWith(`\`${expected}\``);
        return ok ? null : `${name}: the doc says "${defaultCell}", the config's default is ${expected === undefined ? '(none)' : `\`${expected}\``}`;
      })
      .filter(Boolean);
    expect(wrong).toEqual([]);
  });

  it('would catch a wrong default (the check is not vacuous)', () => {
    expect(schemaDefault('OTP_ANON_PER_PREFIX_HOURLY')).toBe('10');
    expect(schemaDefault('S3_FORCE_PATH_STYLE')).toBe('true');
    expect(schemaDefault('DATABASE_URL')).toBeUndefined();
    expect(rows.find((r) => r.name === 'PORT')?.defaultCell).toBe('`3000`');
  });
});
