import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanContracts, loans, memberAddresses } from '../../src/server/db/schema';
import { DEMO_COMPANY_PROFILE } from '../../src/shared/company/profile';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  APPLICATION,
  apply,
  approvedLoan,
  createActivatedMember,
  createStaff,
  disburse,
  expectLedgerSound,
  get,
  ok,
  post,
  signedLoan,
  signingCode,
} from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

let t: TestApp;
let officer: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** The text drawn on each page of a pdf-lib PDF: its (deflated) content streams' hex strings, decoded. */
function pdfPageTexts(bytes: Buffer): string[] {
  const texts: string[] = [];
  const raw = bytes.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const chunk = bytes.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString('latin1');
    } catch {
      content = chunk.toString('latin1');
    }
    const strings = [...content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((s) => Buffer.from(s[1]!, 'hex').toString('latin1'));
    if (strings.length > 0) texts.push(strings.join('\n'));
  }
  return texts;
}

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
};

describe('before approval', () => {
  it('there is no contract to read or sign', async () => {
    const none = await createActivatedMember(t);
    const missing = await get(t, none.cookie, '/api/loans/current/contract');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("We haven't received any loan applications so far.");
    ok(await apply(t, none.cookie), 201);
    const pending = await get(t, none.cookie, '/api/loans/current/contract');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toEqual({ code: 'LOAN_STATE', message: 'The contract is ready once your loan is approved.' });
    expect((await post(t, none.cookie, '/api/loans/current/contract/code')).statusCode).toBe(409);
    expect((await post(t, none.cookie, '/api/loans/current/contract/sign', { code: '123456' })).statusCode).toBe(409);
    expect((await get(t, none.cookie, '/api/loans/current/contract.pdf')).statusCode).toBe(409);
    expect((await get(t, undefined, '/api/loans/current/contract')).statusCode).toBe(401);
  });
});

describe('the LOAN CONTRACT AGREEMENT', () => {
  it("renders section 9's terms from the product, the member's data and the offer, with the ID number masked", async () => {
    const member = await createActivatedMember(t);
    await approvedLoan(t, officer, { member, body: { ...APPLICATION, amount: '300000.00', term: 12, selectedCurrency: 'USD' } });
    const body = ok(await get(t, member.cookie, '/api/loans/current/contract'));
    expect(body).toMatchObject({ status: 'APPROVED', signed: false, signedAt: null });
    expect(body.contract.title).toBe('LOAN CONTRACT AGREEMENT');
    expect(body.contract.sections).toHaveLength(14);
    const text: string = body.contract.text;
    for (const phrase of [
      DEMO_COMPANY_PROFILE.companyName,
      `SEC Registration No. ${DEMO_COMPANY_PROFILE.secRegistrationNumber}`,
      `Certificate of Authority No. ${DEMO_COMPANY_PROFILE.certificateOfAuthorityNumber}`,
      'Maria Santos Dela Cruz',
      'principal of PHP 300,000.00 for 12 months',
      'USD 5,136.00',
      'Within 24 hours after the Borrower signs this contract, the Lender credits the net proceeds of PHP 300,000.00',
      'Interest is 0.5 % of the principal a month (add-on), PHP 18,000.00 over the term.',
      '12 monthly instalments of PHP 26,500.00',
      'penalty interest of 0.5 % a day on the overdue amount runs from the 4th day',
      'a collection charge of 5 % of the overdue portion applies once',
      'Interest, fines and fees together never exceed 25 % of the principal a year: over the term of this loan at most PHP 75,000.00, of which fines at most PHP 57,000.00.',
      'at least 5 days before the end of the contract period',
      'No fee is charged for modifying or terminating this contract.',
      'without any fee or penalty (Republic Act No. 11765)',
      'The Borrower pays nothing, to the Lender or to anyone, to receive, release, unlock or withdraw the proceeds.',
      'Read the Disclosure Statement before accepting the loan.',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
    expect(text).not.toMatch(/30 ?%/);
    // The ID number: the first 3 characters, the rest masked; never in full.
    expect(text).toContain(`National ID (PhilSys) No. ${member.identityNumber.slice(0, 3)}${'*'.repeat(member.identityNumber.length - 3)}`);
    expect(text).not.toContain(member.identityNumber);
    expect(text).toContain('BDO Unibank 001*********');
    // The disclosure is the loan's, from the one engine, issued to the borrower (BSP Circular 730).
    const loan = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    const statement = {
      date: '2026-11-22',
      timeZone: 'Asia/Manila',
      borrower: { name: 'Maria Santos Dela Cruz', address: expect.stringContaining('12 Mabini St., Brgy. Central') },
      certifiedCorrect: { ...DEMO_COMPANY_PROFILE.disclosureSignatory, companyName: DEMO_COMPANY_PROFILE.companyName },
      issue: 'ISSUED',
    };
    expect(body.disclosure.statement).toEqual(statement);
    expect(body.disclosure.nonFinanceCharges).toEqual(['INSURANCE', 'TAXES', 'REGISTRATION', 'NOTARIAL', 'OTHER'].map((code) => ({ code, amount: '0.00' })));
    expect(body.disclosure.totalNonFinanceCharges).toBe('0.00');
    // The loan view's preview is the same statement, except that it names no borrower (it is not yet the one to sign).
    expect(loan.disclosure.statement).toEqual({ ...statement, borrower: null });
    expect(body.disclosure).toEqual({ ...loan.disclosure, statement: body.disclosure.statement });
    expect(body.documentsSha256).toBe(
      createHash('sha256')
        .update(`${text}\n\n${canonical(body.disclosure)}`)
        .digest('hex'),
    );
  });

  it("is the member's own: another member sees none", async () => {
    const { member } = await approvedLoan(t, officer);
    const other = await createActivatedMember(t);
    expect((await get(t, other.cookie, '/api/loans/current/contract')).statusCode).toBe(404);
    expect(ok(await get(t, member.cookie, '/api/loans/current/contract')).signed).toBe(false);
  });
});

describe('signing with a one-time code', () => {
  it('sends the code by SMS only (never in the answer), at most one a minute', async () => {
    const { member } = await approvedLoan(t, officer);
    const res = await post(t, member.cookie, '/api/loans/current/contract/code');
    const body = ok(res);
    expect(body).toEqual({
      sentTo: `+63 ${member.phone.slice(3, 6)}*******`,
      expiresAt: '2026-11-22T04:05:00.000Z',
      resendAvailableAt: '2026-11-22T04:01:00.000Z',
    });
    const code = await signingCode(t, member.phone);
    expect(res.body).not.toContain(code);
    const again = await post(t, member.cookie, '/api/loans/current/contract/code');
    expect(again.statusCode).toBe(429);
  });

  it('refuses a wrong code and an expired code, and changes nothing', async () => {
    const { member, loanId } = await approvedLoan(t, officer);
    t.clock.advance(61_000);
    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const code = await signingCode(t, member.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(t, member.cookie, '/api/loans/current/contract/sign', { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'CODE_INVALID', message: 'Invalid OTP. 4 tries left.' });
    const malformed = await post(t, member.cookie, '/api/loans/current/contract/sign', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.code).toBe('6 up to 12 digit OTP code. Only numbers are allowed.');
    t.clock.advance(5 * 60_000 + 1);
    const expired = await post(t, member.cookie, '/api/loans/current/contract/sign', { code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CODE_EXPIRED');
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row!.status).toBe('APPROVED');
    expect(await t.deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId))).toHaveLength(0);
  });

  it('a code is bound to the exact documents: if they change, it no longer signs', async () => {
    const { member } = await approvedLoan(t, officer);
    t.clock.advance(61_000);
    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const code = await signingCode(t, member.phone);
    await t.deps.db.update(memberAddresses).set({ streetAddress: '99 Rizal Ave.' }).where(eq(memberAddresses.userId, member.userId));
    const res = await post(t, member.cookie, '/api/loans/current/contract/sign', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_NOT_FOUND');
  });

  it('signing stores an immutable snapshot with its SHA-256 and moves the loan to CONTRACT_SIGNED', async () => {
    const { member, loanId } = await approvedLoan(t, officer);
    t.clock.advance(61_000);
    const before = ok(await get(t, member.cookie, '/api/loans/current/contract'));
    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const signed = ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) }));
    expect(signed.documentsSha256).toBe(before.documentsSha256);
    expect(signed.loan).toMatchObject({
      status: 'CONTRACT_SIGNED',
      statusMessage: 'Contract signed. Your loan will be disbursed to your wallet within 24 hours.',
      canCancel: false,
      canSign: false,
      contract: { documentsSha256: before.documentsSha256, contractUrl: '/api/loans/current/contract.pdf', disclosureUrl: '/api/loans/current/disclosure.pdf' },
    });
    expect(signed.loan.timeline.at(-1)).toMatchObject({ from: 'APPROVED', to: 'CONTRACT_SIGNED', action: 'SIGN', actor: 'YOU', actorName: null });
    const [snapshot] = await t.deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId));
    expect(snapshot).toMatchObject({ contractText: before.contract.text, documentsSha256: before.documentsSha256, term: 6 });
    expect(snapshot!.contractSha256).toBe(createHash('sha256').update(before.contract.text).digest('hex'));

    // What the member reads later is the snapshot, whatever changes afterwards.
    await t.deps.db.update(memberAddresses).set({ streetAddress: '1 New Street' }).where(eq(memberAddresses.userId, member.userId));
    // The next day in Manila (sessions stay alive: each is used within its 12 idle hours).
    t.clock.advance(11 * 3_600_000);
    ok(await get(t, member.cookie, '/api/loans/current'));
    ok(await get(t, officer.cookie, '/api/admin/loans'));
    t.clock.advance(2 * 3_600_000);
    const after = ok(await get(t, member.cookie, '/api/loans/current/contract'));
    expect(after).toMatchObject({ signed: true, signedAt: signed.signedAt, documentsSha256: before.documentsSha256 });
    expect(after.contract).toEqual(before.contract);
    expect(after.disclosure).toEqual(before.disclosure);
    // The borrower's address on the signed statement is the one signed, not the new one.
    expect(after.disclosure.statement.borrower.address).toContain('12 Mabini St., Brgy. Central');
    expect(after.disclosure.statement.borrower.address).not.toContain('1 New Street');

    // Signing again or asking for another code is refused.
    expect((await post(t, member.cookie, '/api/loans/current/contract/code')).statusCode).toBe(409);
    const twice = await post(t, member.cookie, '/api/loans/current/contract/sign', { code: '123456' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('The contract is already signed.');
  });
});

describe('the disclosure statement at disbursement', () => {
  it('is the signed one when the disbursement keeps its date', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const signed = ok(await get(t, member.cookie, '/api/loans/current/contract'));
    ok(await disburse(t, (await createStaff(t, 'OFFICER', 'Officer Ana Lim')).cookie, loanId));
    const loan = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(loan.disclosure).toEqual(signed.disclosure);
    expect(loan.disclosure.statement.issue).toBe('ISSUED');
    const pdf = await get(t, member.cookie, '/api/loans/current/disclosure.pdf');
    expect(pdf.headers['content-disposition']).toMatch(/filename="TAPAT-L\d{6}-disclosure\.pdf"/);
    expect(pdfPageTexts(pdf.rawPayload).join('\n')).not.toContain('Re-issued');
  });

  it('is re-issued from the disbursement date the ledger booked when that date moved; the signed statement and its hash stay', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const signed = ok(await get(t, member.cookie, '/api/loans/current/contract'));
    const signedRow = (await t.deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId)))[0]!;
    // Two days later in Manila (sessions kept alive within their idle limit).
    for (let i = 0; i < 4; i++) {
      t.clock.advance(11 * 3_600_000);
      ok(await get(t, member.cookie, '/api/loans/current'));
      ok(await get(t, officer.cookie, '/api/admin/loans'));
    }
    ok(await disburse(t, (await createStaff(t, 'OFFICER', 'Officer Ana Lim')).cookie, loanId));
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row!.scheduleStartDate).not.toBe(signed.disclosure.scheduleStartDate);
    const loan = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(loan.disclosure.scheduleStartDate).toBe(row!.scheduleStartDate);
    expect(loan.disclosure.statement).toEqual({ ...signed.disclosure.statement, date: row!.scheduleStartDate, issue: 'REISSUED_AT_DISBURSEMENT' });
    expect(loan.disclosure.schedule[0].dueDate).not.toBe(signed.disclosure.schedule[0].dueDate);
    expect(loan.disclosure.nonFinanceCharges).toEqual(signed.disclosure.nonFinanceCharges);
    // The stored signed statement is untouched: same JSON, same digest.
    const [after] = await t.deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId));
    expect(after!.disclosureJson).toBe(signedRow.disclosureJson);
    expect(after!.documentsSha256).toBe(signedRow.documentsSha256);
    expect(createHash('sha256').update(after!.disclosureJson).digest('hex')).toBe(after!.disclosureSha256);
    expect(ok(await get(t, member.cookie, '/api/loans/current/contract')).disclosure).toEqual(signed.disclosure);
    // The disclosure PDF is now the re-issued statement, naming the signed one it re-issues.
    const pdf = await get(t, member.cookie, '/api/loans/current/disclosure.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/filename="TAPAT-L\d{6}-disclosure-reissued\.pdf"/);
    const text = pdfPageTexts(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Re-issued at disbursement: the schedule is dated from the disbursement date ${row!.scheduleStartDate}`);
    expect(text).toContain(loan.disclosure.schedule[0].dueDate);
    expect(text).toContain(`SHA-256 of the signed documents: ${signedRow.documentsSha256}`);
    expect(text).toContain('which is kept unchanged');
    expect(text).not.toContain('PREVIEW');
    // The contract PDF stays the signed one.
    expect((await get(t, member.cookie, '/api/loans/current/contract.pdf')).headers['content-disposition']).toMatch(/-contract\.pdf"/);
  });

  it('a statement signed before the statement facts existed is shown exactly as signed', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    const [row] = await t.deps.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId));
    const { statement: _s, nonFinanceCharges: _n, totalNonFinanceCharges: _t, ...older } = JSON.parse(row!.disclosureJson);
    await t.deps.db
      .update(loanContracts)
      .set({ disclosureJson: JSON.stringify(older) })
      .where(eq(loanContracts.loanId, loanId));
    const loan = ok(await get(t, member.cookie, '/api/loans/current')).loan;
    expect(loan.disclosure).toEqual(older);
    expect(loan.disclosure.statement).toBeUndefined();
  });
});

describe('PDF documents', () => {
  it('the contract and the disclosure as PDF: company, SEC and CA numbers on every page, the ID number masked', async () => {
    const { member } = await approvedLoan(t, officer, { body: { ...APPLICATION, term: 48 } });
    t.clock.advance(61_000);

    const preview = await get(t, member.cookie, '/api/loans/current/contract.pdf');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/filename="TAPAT-L\d{6}-contract-preview\.pdf"/);
    expect(pdfPageTexts(preview.rawPayload).join('\n')).toContain('PREVIEW: NOT SIGNED');

    ok(await post(t, member.cookie, '/api/loans/current/contract/code'));
    const signed = ok(await post(t, member.cookie, '/api/loans/current/contract/sign', { code: await signingCode(t, member.phone) }));

    for (const which of ['contract', 'disclosure'] as const) {
      const res = await get(t, member.cookie, `/api/loans/current/${which}.pdf`);
      expect(res.statusCode, which).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="TAPAT-L\\d{6}-${which}\\.pdf"`));
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(res.rawPayload);
      const pages = pdfPageTexts(res.rawPayload);
      expect(pages.length).toBe(doc.getPageCount());
      for (const [i, page] of pages.entries()) {
        expect(page, `${which} page ${i + 1}`).toContain(DEMO_COMPANY_PROFILE.companyName);
        expect(page).toContain(`SEC Registration No. ${DEMO_COMPANY_PROFILE.secRegistrationNumber}`);
        expect(page).toContain(`Certificate of Authority No. ${DEMO_COMPANY_PROFILE.certificateOfAuthorityNumber}`);
        expect(page).toContain('Read the Disclosure Statement before accepting a loan.');
        expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      }
      const all = pages.join('\n');
      expect(all).not.toContain(member.identityNumber);
      expect(all).not.toContain('PREVIEW');
      expect(all).toContain(signed.documentsSha256);
      if (which === 'contract') {
        expect(doc.getTitle()).toBe('LOAN CONTRACT AGREEMENT');
        expect(all).toContain(`${member.identityNumber.slice(0, 3)}${'*'.repeat(member.identityNumber.length - 3)}`);
      } else {
        expect(doc.getPageCount()).toBeGreaterThan(1); // 48 instalments
        expect(all).toContain('DISCLOSURE STATEMENT ON LOAN/CREDIT TRANSACTION');
        expect(all).toContain('PHP 200,000.00');
        expect(all).toContain('248,000.00'); // 200,000 + 200,000 x 0.5 % x 48
        expect(all).toContain('Date of this statement (Philippine time, Asia/Manila)');
        expect(all).toContain('Maria Santos Dela Cruz');
        expect(all).toContain('Total non-finance charges');
        expect(all.replace(/\s+/g, ' ')).toContain(
          `CERTIFIED CORRECT: ${DEMO_COMPANY_PROFILE.disclosureSignatory.name}, ${DEMO_COMPANY_PROFILE.disclosureSignatory.position}`,
        );
      }
    }
    // The PDFs are in the member's own language, kept on the server: a download from a browser
    // that says English (a link followed outside the app) is still in Filipino.
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/member/language',
      headers: { cookie: member.cookie },
      payload: { language: 'fil' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    for (const which of ['contract', 'disclosure'] as const) {
      const fil = await t.app.inject({
        method: 'GET',
        url: `/api/loans/current/${which}.pdf`,
        headers: { cookie: member.cookie, 'accept-language': 'en-US, en;q=0.9' },
      });
      expect(fil.statusCode, which).toBe(200);
      const text = pdfPageTexts(fil.rawPayload).join('\n');
      expect(text).toContain('Basahin ang Disclosure Statement bago tumanggap ng loan.');
      expect(text).toContain('Pahina 1 ng');
      if (which === 'disclosure') expect(text).toContain('1. Halagang popondohan (principal)');
      else expect(text).toContain('Elektronikong pirma');
    }
    expect((await get(t, undefined, '/api/loans/current/contract.pdf')).statusCode).toBe(401);
  });
});
