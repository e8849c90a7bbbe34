import { describe, expect, it } from 'vitest';
import { readableText, renderIn } from '../../lib/render-for-tests';
import { statementOf, toDisclosure } from '../../../shared/loan/disclosure';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from '../../../shared/loan/product';
import { buildSchedule } from '../../../shared/loan/schedule';
import { DEMO_COMPANY_PROFILE } from '../../../shared/company/profile';
import { DisclosureView } from './DisclosureView';
import type { DisclosureDto } from '../../../shared/schemas/loans';

async function render(disclosure: DisclosureDto, lng: 'en' | 'fil' = 'en', extension = false): Promise<string> {
  return readableText(await renderIn(<DisclosureView disclosure={disclosure} extension={extension} />, lng));
}

describe('the disclosure statement on screen (BSP Circular 730)', () => {
  const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-24');
  const statement = statementOf(DEMO_COMPANY_PROFILE, '2026-11-24', { name: 'Maria Santos Dela Cruz', address: '12 Mabini St., Brgy. Central, Manila' });

  it('shows the statement date, the borrower, every non-finance charge at 0.00 and the certified-correct signatory', async () => {
    const text = await render(toDisclosure(PRODUCT_V1, schedule, null, statement));
    expect(text).toContain('Date of this statement (Philippine time)');
    expect(text).toContain('Maria Santos Dela Cruz');
    expect(text).toContain('12 Mabini St., Brgy. Central, Manila');
    expect(text).toMatch(
      /Non-finance charges Insurance premiums ₱0\.00 Taxes ₱0\.00 Registration fees ₱0\.00 Notarial fees ₱0\.00 Other charges ₱0\.00 Total non-finance charges ₱0\.00/,
    );
    expect(text).toContain(
      `Certified correct: ${DEMO_COMPANY_PROFILE.disclosureSignatory.name}, ${DEMO_COMPANY_PROFILE.disclosureSignatory.position}, for ${DEMO_COMPANY_PROFILE.companyName}`,
    );
    expect(text).not.toContain('Re-issued at disbursement');
    const tagalog = await render(toDisclosure(PRODUCT_V1, schedule, null, statement), 'fil');
    expect(tagalog).toContain('Petsa ng statement na ito (oras sa Pilipinas)');
    expect(tagalog).toContain('Premium ng insurance');
    expect(tagalog).toContain(`Pinatunayang tama: ${DEMO_COMPANY_PROFILE.disclosureSignatory.name}`);
  });

  it('says when it was re-issued at disbursement, and shows an older signed statement without the parts it never had', async () => {
    const reissued = await render(toDisclosure(PRODUCT_V1, schedule, null, { ...statement, issue: 'REISSUED_AT_DISBURSEMENT' }));
    expect(reissued).toContain('Re-issued at disbursement: the schedule is dated from the disbursement date');
    const { statement: _s, nonFinanceCharges: _n, totalNonFinanceCharges: _t, ...older } = toDisclosure(PRODUCT_V1, schedule, null, statement);
    const text = await render(older);
    expect(text).toContain('Amount financed (principal)');
    expect(text).not.toContain('Non-finance charges');
    expect(text).not.toContain('Certified correct');
    expect(text).not.toContain('Maria Santos Dela Cruz');
  });

  it('an extension’s statement says nothing is paid out and dates the schedule from the current period, not from a preview', async () => {
    const disclosure = toDisclosure(PRODUCT_V1, schedule, null, statement);
    const text = await render(disclosure, 'en', true);
    expect(text).toContain('Paid out to you Nothing: the principal you still owe is re-scheduled');
    expect(text).toContain('Due dates keep your loan’s day of the month, counted from November 24, 2026, the day your current period began.');
    expect(text).not.toContain('Net proceeds');
    expect(text).not.toContain('for this preview');
    const tagalog = await render(disclosure, 'fil', true);
    expect(tagalog).toContain('Wala: iniiskedyul muli ang principal na inuutang mo pa');
    expect(tagalog).not.toContain('Net proceeds');
    // The application's statement keeps its wording.
    expect(await render(disclosure)).toContain('Net proceeds (what reaches your wallet)');
  });
});

describe('the disclosure statement names its product in the reader’s language (decision 083)', () => {
  it('Small loan in English, Maliit na pautang in Filipino; a statement signed before it named none shows none', async () => {
    const small = toDisclosure(SMALL_PRODUCT_V1, buildSchedule(SMALL_PRODUCT_V1, 1_000_000n, 4, '2026-11-28'));
    expect(await render(small)).toContain('Loan product Small loan');
    expect(await render(small, 'fil')).toContain('Produktong pautang Maliit na pautang');
    const { product: _, ...older } = small;
    expect(await render(older as DisclosureDto)).not.toContain('Loan product');
  });

  it('states the schedule chosen: monthly on the payout day, on a picked day, or twice a month on paydays, in both languages', async () => {
    const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-24');
    const statement = statementOf(DEMO_COMPANY_PROFILE, '2026-11-24', { name: 'Maria Santos Dela Cruz', address: null });
    const plain = await render(toDisclosure(PRODUCT_V1, schedule, null, statement));
    expect(plain).toContain('Monthly instalment');
    expect(plain).toContain('Repayment schedule Monthly, on the day of the month the loan was paid out');
    expect(plain).toContain('Due dates count monthly from the disbursement date');
    const picked = await render(
      toDisclosure(PRODUCT_V1, buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-24', { frequency: 'MONTHLY', dueDay: 10 }), null, statement),
    );
    expect(picked).toContain('Repayment schedule Monthly, on day 10 of each month');
    expect(picked).toContain('Due dates follow the schedule you chose');
    const semi = toDisclosure(
      SMALL_PRODUCT_V1,
      buildSchedule(SMALL_PRODUCT_V1, 1_000_000n, 2, '2026-11-24', { frequency: 'SEMI_MONTHLY', dueDay: null }),
      null,
      statement,
    );
    const semiText = await render(semi);
    expect(semiText).toContain('Instalment (twice a month)');
    expect(semiText).toContain('Repayment schedule Twice a month, on the 15th and the last day of each month');
    expect(semiText).not.toContain('Monthly instalment');
    expect(await render(semi, 'fil')).toContain('Dalawang beses kada buwan, sa ika-15 at huling araw ng bawat buwan');
  });
});
