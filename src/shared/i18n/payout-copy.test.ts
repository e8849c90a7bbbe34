import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fil } from './fil';

function leaves(node: unknown, prefix = ''): [string, string][] {
  if (node !== null && typeof node === 'object') return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  return typeof node === 'string' ? [[prefix, node]] : [];
}

/**
 * The member changes the payout account in Settings (Payout account dialog, free, confirmed by a
 * code). No text may send them to support for it (the Account dialog said so).
 */
describe('payout account copy', () => {
  it('never tells the member to contact support to change the payout account', () => {
    const offending = leaves(en).filter(
      ([, text]) => /payout account/i.test(text) && /chang/i.test(text) && /please contact support|separate request/i.test(text),
    );
    expect(offending).toEqual([]);
  });

  it('points to Payout account in both languages where the Account dialog mentions it', () => {
    expect(en.activation.account.bankNote).toMatch(/under Payout account/);
    expect(fil.activation.account.bankNote).toMatch(/Payout account/);
    expect(fil.activation.account.bankNote).not.toMatch(/support/i);
  });
});
