import { describe, expect, it } from 'vitest';
import { loanNumber, withdrawalReference } from './references';

describe('references', () => {
  it('a withdrawal: short name, dash, the number in six digits', () => {
    expect(withdrawalReference('TAPAT', 1)).toBe('TAPAT-000001');
    expect(withdrawalReference('TAPAT', 123_456)).toBe('TAPAT-123456');
    expect(withdrawalReference('TAPAT', 1_234_567)).toBe('TAPAT-1234567');
  });

  it('a loan: an L after the dash, so the same number never reads the same for both', () => {
    expect(loanNumber('TAPAT', 1)).toBe('TAPAT-L000001');
    expect(loanNumber('TAPAT', 1)).not.toBe(withdrawalReference('TAPAT', 1));
  });
});
