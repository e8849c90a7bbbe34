import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY_PROFILE } from '../company/profile';
import { en } from '../i18n/en';
import { fil } from '../i18n/fil';
import {
  LOAN_STATUSES,
  LOAN_STATUS_CATALOGUE,
  LOAN_TRANSITIONS,
  OPEN_LOAN_STATUSES,
  STATUS_COLOURS,
  STATUS_ICONS,
  actionsFrom,
  canTransition,
  findTransition,
  isCounterOffer,
  isLoanStatus,
  isOpenStatus,
  mustAcceptOffer,
  loanStatusLabelKey,
  loanStatusTexts,
} from './loan';
import { renderIn } from '../i18n/lookup';

describe('the loan status catalogue', () => {
  it('has an entry for every status, with a colour and one of the ten icons', () => {
    expect(STATUS_ICONS).toHaveLength(10);
    for (const status of LOAN_STATUSES) {
      const entry = LOAN_STATUS_CATALOGUE[status];
      expect(entry.status).toBe(status);
      expect(STATUS_COLOURS).toContain(entry.colour);
      expect(STATUS_ICONS).toContain(entry.icon);
      const texts = loanStatusTexts(status, DEMO_COMPANY_PROFILE);
      for (const language of ['en', 'fil'] as const) {
        const message = renderIn(language, texts.message);
        expect(message.trim().length, `${language} ${status}`).toBeGreaterThan(10);
        expect(message, `${language} ${status}`).not.toContain('loans.statusMessages');
        if (texts.statement) expect(renderIn(language, texts.statement)).not.toContain('loans.statusMessages');
        if (texts.statementMessage) expect(renderIn(language, texts.statementMessage)).not.toContain('loans.statusMessages');
      }
      expect(texts.statement !== null).toBe(entry.statement);
    }
  });

  it("gives PENDING section 4's message, colour and statement", () => {
    expect(LOAN_STATUS_CATALOGUE.PENDING).toMatchObject({ colour: 'info', statement: true });
    expect(en.loans.statusMessages.PENDING).toMatchObject({
      message: 'Scheduled for evaluation. For more information, contact our support team: {{support}}.',
      statement: 'LOAN APPLICATION IS PENDING REVIEW',
    });
  });

  it('reads in Filipino for a Filipino reader: the words are catalogue keys, not English literals', () => {
    const overdue = loanStatusTexts('OVERDUE', DEMO_COMPANY_PROFILE);
    expect(overdue.message).toEqual({ key: 'loans.statusMessages.OVERDUE.message' });
    expect(renderIn('fil', overdue.message)).toBe(fil.loans.statusMessages.OVERDUE.message);
    expect(renderIn('fil', overdue.message)).toMatch(/^May hulog na lampas na sa takdang petsa/);
    for (const status of LOAN_STATUSES) {
      const texts = loanStatusTexts(status, DEMO_COMPANY_PROFILE);
      expect(renderIn('fil', texts.message), status).not.toBe(renderIn('en', texts.message));
    }
  });

  it('never words a status as a reason to pay (no "frozen", no fee to unlock)', () => {
    for (const entry of Object.values(en.loans.statusMessages)) {
      const text = Object.values(entry).join(' ').toLowerCase();
      expect(text).not.toMatch(/frozen|unlock|pay .*fee|deposit/);
    }
  });
});

describe('the loan state machine', () => {
  it('walks application -> review -> approval -> signature -> disbursement', () => {
    const path = ['APPLY', 'START_REVIEW', 'APPROVE', 'SIGN', 'DISBURSE'] as const;
    let state: (typeof LOAN_STATUSES)[number] | null = null;
    const seen: string[] = [];
    for (const action of path) {
      const t = findTransition(state, action);
      expect(t, `${state} ${action}`).not.toBeNull();
      state = t!.to;
      seen.push(state);
    }
    expect(seen).toEqual(['PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED', 'DISBURSED']);
  });

  it('lets the borrower cancel only before signing', () => {
    for (const s of ['PENDING', 'UNDER_REVIEW', 'APPROVED'] as const) expect(canTransition(s, 'CANCEL')).toBe(true);
    for (const s of ['CONTRACT_SIGNED', 'DISBURSED', 'ACTIVE', 'REPAID', 'REJECTED', 'CANCELLED'] as const) expect(canTransition(s, 'CANCEL')).toBe(false);
  });

  it('requires a reason to reject, and approval only after review starts', () => {
    expect(findTransition('UNDER_REVIEW', 'REJECT')?.reasonRequired).toBe(true);
    expect(findTransition('PENDING', 'REJECT')?.reasonRequired).toBe(true);
    expect(canTransition('PENDING', 'APPROVE')).toBe(false);
    expect(canTransition('APPROVED', 'DISBURSE')).toBe(false);
    expect(canTransition('CONTRACT_SIGNED', 'DISBURSE')).toBe(true);
    expect(canTransition('DISBURSED', 'DISBURSE')).toBe(false);
  });

  it('names who takes each transition: asked for another actor, there is none', () => {
    expect(findTransition('PENDING', 'START_REVIEW', 'STAFF')?.to).toBe('UNDER_REVIEW');
    expect(findTransition('PENDING', 'START_REVIEW', 'MEMBER')).toBeNull();
    expect(findTransition('PENDING', 'CANCEL', 'STAFF')).toBeNull();
    expect(findTransition('ACTIVE', 'REPAY', 'SYSTEM')?.to).toBe('REPAID');
    expect(findTransition('ACTIVE', 'REPAY', 'MEMBER')).toBeNull();
    expect(findTransition('CONTRACT_SIGNED', 'DISBURSE', 'SYSTEM')).toBeNull();
    // Every transition is found for its own actor.
    for (const t of LOAN_TRANSITIONS) expect(findTransition(t.from, t.action, t.by)).toBe(t);
  });

  it('has no way out of the closed states', () => {
    for (const s of ['REPAID', 'REJECTED', 'CANCELLED'] as const) {
      expect(actionsFrom(s)).toEqual([]);
      expect(isOpenStatus(s)).toBe(false);
    }
    for (const s of OPEN_LOAN_STATUSES) expect(isOpenStatus(s)).toBe(true);
  });

  it('only lists known states and every state is reachable', () => {
    const reachable = new Set(LOAN_TRANSITIONS.map((t) => t.to));
    for (const s of LOAN_STATUSES) expect(reachable.has(s), s).toBe(true);
    for (const t of LOAN_TRANSITIONS) if (t.from) expect(isLoanStatus(t.from)).toBe(true);
    expect(isLoanStatus('FROZEN')).toBe(false);
  });
});

describe('counter-offers', () => {
  const applied = { requestedAmount: 250_000_00n, requestedTerm: 12 };

  it('are offers lower or shorter than the application', () => {
    expect(isCounterOffer({ ...applied, amount: 250_000_00n, term: 12 })).toBe(false);
    expect(isCounterOffer({ ...applied, amount: 200_000_00n, term: 12 })).toBe(true);
    expect(isCounterOffer({ ...applied, amount: 250_000_00n, term: 6 })).toBe(true);
  });

  it('must be accepted by the borrower before signing, and only while APPROVED', () => {
    const counter = { ...applied, amount: 200_000_00n, term: 12 };
    expect(mustAcceptOffer({ ...counter, status: 'APPROVED', offerAcceptedAt: null })).toBe(true);
    expect(mustAcceptOffer({ ...counter, status: 'APPROVED', offerAcceptedAt: new Date() })).toBe(false);
    expect(mustAcceptOffer({ ...applied, amount: 250_000_00n, term: 12, status: 'APPROVED', offerAcceptedAt: null })).toBe(false);
    expect(mustAcceptOffer({ ...counter, status: 'UNDER_REVIEW', offerAcceptedAt: null })).toBe(false);
    expect(findTransition('APPROVED', 'ACCEPT_OFFER')).toMatchObject({ to: 'APPROVED', by: 'MEMBER' });
    expect(canTransition('UNDER_REVIEW', 'ACCEPT_OFFER')).toBe(false);
    expect(canTransition('CONTRACT_SIGNED', 'ACCEPT_OFFER')).toBe(false);
  });
});

describe('what the borrower is told to contact', () => {
  it("names the company's support channels from the company profile, never a Loan Officer they cannot reach", () => {
    expect(renderIn('en', loanStatusTexts('PENDING', DEMO_COMPANY_PROFILE).message)).toBe(
      'Scheduled for evaluation. For more information, contact our support team: support@example.invalid (Everyday 10 am to 10 pm).',
    );
    expect(renderIn('en', loanStatusTexts('PENDING', { ...DEMO_COMPANY_PROFILE, supportChatUrl: 'https://chat.example/tapat' }).message)).toContain(
      'support@example.invalid, https://chat.example/tapat (Everyday',
    );
    for (const status of LOAN_STATUSES) {
      const text = renderIn('en', loanStatusTexts(status, DEMO_COMPANY_PROFILE).message);
      expect(text, status).not.toMatch(/contact your (designated )?loan officer|\{\{/i);
    }
  });

  it('has a short label for every status, in English and Filipino (no raw codes in staff toasts)', () => {
    for (const status of LOAN_STATUSES) {
      expect(loanStatusLabelKey(status)).toBe(`loans.statusLabel.${status}`);
      expect(en.loans.statusLabel[status], status).toMatch(/^[A-Z][a-z ]+$/);
      expect(fil.loans.statusLabel[status], status).toBeTruthy();
    }
  });
});
