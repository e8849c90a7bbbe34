import { describe, expect, it } from 'vitest';
import { auditDetails, auditQueryString } from './audit';
import type { AuditEntry } from '../../../shared/schemas/audit';

const entry = (action: string, details: Record<string, unknown>): AuditEntry => ({
  id: 'x',
  at: '2026-11-22T04:00:00.000Z',
  actor: { id: null, name: 'Command line', role: 'SYSTEM' },
  action,
  subjectType: 'LOAN',
  subjectId: null,
  details,
  ip: null,
});

describe('auditQueryString', () => {
  it('keeps the non-empty filters in the API order, and the cursor', () => {
    expect(auditQueryString({ to: '2026-11-22', action: 'LOAN_APPROVE', actor: ' ', subjectId: '' }, '42')).toBe('action=LOAN_APPROVE&to=2026-11-22&cursor=42');
    expect(auditQueryString({}, null)).toBe('');
  });
});

describe('auditDetails', () => {
  it('shows a configuration change field by field, before and after', () => {
    expect(
      auditDetails(
        entry('COMPANY_PROFILE_UPDATE', {
          changed: ['companyName', 'demo'],
          before: { companyName: 'A Corp', demo: true },
          after: { companyName: 'B Corp', demo: false },
        }),
      ),
    ).toEqual([
      ['companyName', 'A Corp → B Corp'],
      ['demo', 'true → false'],
    ]);
  });

  it('shows a product version by the fields that changed, the version first', () => {
    expect(
      auditDetails(
        entry('PRODUCT_VERSION_CREATE', { before: { version: 1, monthlyRateBps: 50, terms: [6] }, after: { version: 2, monthlyRateBps: 40, terms: [6] } }),
      ),
    ).toEqual([
      ['version', '1 → 2'],
      ['monthlyRateBps', '50 → 40'],
    ]);
  });

  it('shows other details as recorded, without empty values or the loan number (shown as the subject)', () => {
    expect(
      auditDetails(entry('LOAN_APPROVE', { loanNumber: 'TAPAT-000001', to: 'APPROVED', from: 'UNDER_REVIEW', note: null, offer: { amount: '1.00', term: 6 } })),
    ).toEqual([
      ['status', 'UNDER_REVIEW → APPROVED'],
      ['offer', 'amount 1.00, term 6'],
    ]);
  });
});
