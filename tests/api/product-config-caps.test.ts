import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productVersions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * An ADMIN could lift the 25 %-a-year cap (annualCostCapBps up to 10,000) and add
 * a 30 % "MODIFICATION" fee or 8 % a month. Configuration cannot promise more than the contract:
 * the cap is at most 25 % a year, measured on the effective rate too, and fees are kinds of a fixed
 * catalogue.
 */

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => t.close());

type Draft = Record<string, unknown> & { eligibility: Record<string, unknown> };

async function draftNow(): Promise<Draft> {
  return ok(await get(t, admin.cookie, '/api/admin/settings')).productDraft as Draft;
}

function postProduct(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/admin/settings/product', payload: payload as Record<string, unknown>, headers: { cookie: admin.cookie } });
}

async function nothingStored() {
  expect(await t.deps.db.select().from(productVersions)).toHaveLength(0);
  expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'PRODUCT_VERSION_CREATE'))).toHaveLength(0);
}

describe('POST /api/admin/settings/product refuses what the contract does not allow', () => {
  it('a cap above 25 % a year (the route and the ADMIN form share the schema)', async () => {
    const draft = await draftNow();
    for (const cap of [2501, 10_000]) {
      const res = await postProduct({ ...draft, annualCostCapBps: cap });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.annualCostCapBps).toBe('At most 25 % a year (2500 basis points): the contract promises no more.');
    }
    await nothingStored();
  });

  it('a 30 % "MODIFICATION" fee, in any spelling: fees are kinds of the catalogue, not names', async () => {
    const draft = await draftNow();
    const named = await postProduct({ ...draft, fees: [{ code: 'MODIFICATION', label: 'Modification fee', flat: '0.00', bpsOfPrincipal: 3000 }] });
    expect(named.statusCode).toBe(400);
    const asKind = await postProduct({ ...draft, fees: [{ kind: 'MODIFICATION', flat: '0.00', bpsOfPrincipal: 3000 }] });
    expect(asKind.statusCode).toBe(400);
    expect(asKind.json().error.fields['fees.0.kind']).toContain('One of the fee kinds');
    // Even a catalogue kind at 30 % is above what the cap allows (deducted from the proceeds).
    const big = await postProduct({ ...draft, fees: [{ kind: 'SERVICE', flat: '0.00', bpsOfPrincipal: 3000 }] });
    expect(big.statusCode).toBe(400);
    expect(Object.keys(big.json().error.fields)).toEqual(['fees.0.bpsOfPrincipal']);
    await nothingStored();
  });

  it('a product name with the words of the advance-fee pattern', async () => {
    const draft = await draftNow();
    for (const name of ['Unlock Loan', 'Fast Release Loan', 'Loan with Verification']) {
      const res = await postProduct({ ...draft, name });
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['name']);
    }
    await nothingStored();
  });

  it('8 % a month, and an add-on rate whose effective annual rate exceeds the cap though its flat cost does not', async () => {
    const draft = await draftNow();
    const eight = await postProduct({ ...draft, monthlyRateBps: 800 });
    expect(eight.statusCode).toBe(409);
    expect(eight.json().error.code).toBe('PRODUCT_REFUSED');
    // 2.08 % a month add-on: 24.96 % a year flat, about 45 % a year by EIR x 12.
    const addOn = await postProduct({ ...draft, monthlyRateBps: 208 });
    expect(addOn.statusCode).toBe(409);
    expect(addOn.json().error.message).toContain('(EIR x 12), above the 25 % a year cap');
    expect(addOn.json().error.message).not.toContain('in interest and fees');
    await nothingStored();
  });

  it('penalties that could never be charged under the cap', async () => {
    const draft = await draftNow();
    const res = await postProduct({ ...draft, penalties: { graceDays: 3, dailyRateBps: 100, collectionChargeBps: 2500 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('late charges of 26 % on the first day late could never be charged');
    await nothingStored();
  });

  it('a catalogue fee inside the cap is offered, with the catalogue label in the disclosure', async () => {
    const draft = await draftNow();
    const created = ok(await postProduct({ ...draft, fees: [{ kind: 'DOCUMENTARY_STAMP_TAX', flat: '0.00', bpsOfPrincipal: 75 }] }), 201);
    expect(created.draft.fees).toEqual([{ kind: 'DOCUMENTARY_STAMP_TAX', flat: '0.00', bpsOfPrincipal: 75 }]);
    const quote = ok(await get(t, undefined, '/api/loans/quote?amount=200000.00&term=6'));
    expect(quote.productVersion).toBe(created.version);
    expect(quote.disclosure.financeCharges).toContainEqual({
      code: 'DOCUMENTARY_STAMP_TAX',
      label: 'Documentary stamp tax',
      amount: '1500.00',
      paidAs: 'DEDUCTED_FROM_PROCEEDS',
    });
  });
});

describe('a version stored before these rules', () => {
  it('is kept for its loans but never offered; the next version is numbered after it', async () => {
    const draft = await draftNow();
    const offered = ok(await get(t, undefined, '/api/public/config')).product.version as number;
    const legacyVersion = offered + 1;
    await t.deps.db.insert(productVersions).values({
      productCode: 'PERSONAL',
      version: legacyVersion,
      draft: { ...draft, fees: [{ code: 'MODIFICATION', label: 'Modification fee', flat: '0.00', bpsOfPrincipal: 3000 }], annualCostCapBps: 10_000 },
      effectiveFrom: '2026-11-22',
      createdBy: admin.userId,
      createdAt: t.clock.now(),
    });
    const config = ok(await get(t, undefined, '/api/public/config'));
    expect(config.product.version).toBe(offered);
    expect(t.deps.products.byCodeVersion('PERSONAL', legacyVersion).fees[0]).toMatchObject({ code: 'MODIFICATION', bpsOfPrincipal: 3000 });
    expect(ok(await get(t, admin.cookie, '/api/admin/settings')).product.version).toBe(offered);

    const next = ok(await postProduct({ ...draft, monthlyRateBps: 45 }), 201);
    expect(next.version).toBe(legacyVersion + 1);
    expect(ok(await get(t, undefined, '/api/public/config')).product.version).toBe(legacyVersion + 1);
  });
});
