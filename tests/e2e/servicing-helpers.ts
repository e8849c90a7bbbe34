import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect } from './browser-fixture';
import { approvedMember, fundMember, officerRequest, origin, type FundedMember } from './funding';
import { advanceClock } from './clock';
import { signInByApi } from './helpers';

/**
 * Loan servicing journeys (tests/e2e/servicing.spec.ts, the /loan axe scan): a member with a
 * disbursed loan (PHP 200,000.00 over 24 months), signed in in the page's context, and an officer's
 * recorded cash payment (the member's wallet holds only the net proceeds, less than the principal,
 * so a payoff from the wallet needs part of the loan paid another way first).
 */
export async function disbursedMember(playwright: PlaywrightWorkerArgs['playwright'], page: Page, baseURL: string | undefined): Promise<FundedMember> {
  const officers: APIRequestContext[] = [];
  try {
    for (const index of [0, 1] as const) {
      const request = await playwright.request.newContext({ baseURL });
      officers.push(request);
      await officerRequest(request, baseURL, index);
    }
    const approved = await approvedMember(page.request, officers[0]!, baseURL);
    return await fundMember(page.request, officers[1]!, baseURL, approved);
  } finally {
    for (const request of officers) await request.dispose();
  }
}

/** Moves the server's clock a day and a bit forward (the first instalment becomes due) and signs the member in again. */
export async function nextDay(page: Page, baseURL: string | undefined, member: FundedMember): Promise<void> {
  await advanceClock(page.request, 25 * 3_600_000);
  await signInByApi(page.request, baseURL, member);
}

/** Officer 1 records a cash payment on the member's loan (at most the approval threshold: posted at once). */
export async function officerCashPayment(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  loanId: string,
  amount: string,
): Promise<void> {
  const officer = await playwright.request.newContext({ baseURL });
  try {
    await officerRequest(officer, baseURL, 0);
    const today = new Date(Date.parse((await (await officer.get('/api/dev/clock')).json()).now) + 8 * 3_600_000).toISOString().slice(0, 10);
    const res = await officer.post(`/api/admin/loans/${loanId}/payments`, {
      headers: { ...origin(baseURL), 'idempotency-key': randomUUID() },
      // An official receipt number of its own: one already recorded is refused (PAYMENT_REFERENCE_USED).
      data: { amount, channel: 'CASH', bankReference: `OR-${randomUUID().slice(0, 8)}`, receivedOn: today },
    });
    expect(res.status(), `officer payment: ${await res.text()}`).toBe(201);
  } finally {
    await officer.dispose();
  }
}

/**
 * Pictures of a servicing journey at 360 and 1280 px into `dir`, only with SCREENSHOTS=1 (the
 * element `show` scrolled into view first; the wide one full page), back to the page's own size after.
 */
export function shooter(dir: string): (page: Page, name: string, show?: Locator) => Promise<void> {
  mkdirSync(dir, { recursive: true });
  return async (page, name, show) => {
    if (process.env.SCREENSHOTS !== '1') return;
    const original = page.viewportSize();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (show && (await show.isVisible())) await show.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: width > 360 });
    }
    if (original) await page.setViewportSize(original);
  };
}
