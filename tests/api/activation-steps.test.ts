import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, memberAddresses, payoutAccounts } from '../../src/server/db/schema';
import { CREDIT_BUREAU_CONSENT } from '../../src/shared/activation/consent';
import { accountStateOf, completeSteps, createAppWithUploads, createMember, saveStep, STEP_BODIES, uploadAllDocuments } from '../fixtures/members';

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;

beforeAll(async () => {
  t = await createAppWithUploads();
});
afterAll(async () => {
  await t.close();
});

function getActivation(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/activation', headers: cookie ? { cookie } : {} });
}

describe('the activation state machine over the API', () => {
  it('starts a new member at PERSONAL_INFO with nothing saved', async () => {
    const m = await createMember(t);
    const res = await getActivation(m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: 'PERSONAL_INFO',
      consentVersion: CREDIT_BUREAU_CONSENT.version,
      documents: { ID_FRONT: null, ID_BACK: null, SELFIE: null },
    });
  });

  it('takes the five steps in order, each answering the new state, and ends INFO_COMPLETED', async () => {
    const m = await createMember(t);
    const states: string[] = [];
    for (const step of ['personal', 'address', 'references', 'identity', 'bank'] as const) {
      if (step === 'identity') await uploadAllDocuments(t, m.cookie);
      const res = await saveStep(t, m.cookie, step);
      expect(res.statusCode, res.body).toBe(200);
      states.push(res.json().state);
    }
    expect(states).toEqual(['ADDRESS_INFO', 'REFERENCES_INFO', 'IDENTITY_INFO', 'BANK_INFO', 'INFO_COMPLETED']);
    expect(await accountStateOf(t, m.userId)).toBe('INFO_COMPLETED');
  });

  it('resumes: GET answers the state reached and the data saved so far', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'address');
    const body = (await getActivation(m.cookie)).json();
    expect(body.state).toBe('REFERENCES_INFO');
    expect(body.personal).toMatchObject({ firstName: 'Maria', middleName: 'Santos', birthDate: '1990-05-17', consentVersion: CREDIT_BUREAU_CONSENT.version });
    expect(body.address).toEqual({
      countryResidence: 'PH',
      province: '1300000000',
      town: '1381300000',
      provinceName: 'Metro Manila (NCR)',
      townName: 'Quezon City',
      streetAddress: '12 Mabini St., Brgy. Central',
      postalCode: '1100',
    });
    expect(body.references).toBeUndefined();
  });

  it('refuses a skipped step with 409 and a clear message, and stores nothing', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'references');
    await uploadAllDocuments(t, m.cookie);
    const res = await saveStep(t, m.cookie, 'bank');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Please complete the earlier steps first.' });
    expect(await t.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, m.userId))).toHaveLength(0);
    expect(await accountStateOf(t, m.userId)).toBe('IDENTITY_INFO');

    const fresh = await createMember(t);
    for (const step of ['address', 'references', 'identity', 'bank'] as const) expect((await saveStep(t, fresh.cookie, step)).statusCode, step).toBe(409);
  });

  it('saving step 4 before step 3 is refused', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'address');
    const res = await saveStep(t, m.cookie, 'identity');
    expect(res.statusCode).toBe(409);
    expect(await accountStateOf(t, m.userId)).toBe('REFERENCES_INFO');
  });

  it('lets an earlier step be edited without losing the later data or moving the state', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'references');
    const res = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, firstName: 'Mariana', maritalStatus: 'Others' });
    expect(res.json()).toEqual({ state: 'IDENTITY_INFO' });
    const body = (await getActivation(m.cookie)).json();
    expect(body.personal.firstName).toBe('Mariana');
    expect(body.personal.maritalStatus).toBe('Others');
    expect(body.address.townName).toBe('Quezon City');
    expect(body.references.refFullName1).toBe('Jose Rizal');
  });

  it('records the consent with the time and the text version on every save of step 1', async () => {
    const m = await createMember(t);
    await saveStep(t, m.cookie, 'personal');
    const rows = await t.deps.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.userId), eq(consents.kind, 'CREDIT_BUREAU')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textVersion).toBe(CREDIT_BUREAU_CONSENT.version);
    expect(rows[0]!.givenAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('after activation: address and references stay editable; personal, identity and payout account are locked', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie);
    const address = await saveStep(t, m.cookie, 'address', {
      countryResidence: 'JP',
      province: 'Tokyo',
      town: 'Shinjuku-ku',
      streetAddress: '1-2-3 Nishi-Shinjuku',
      postalCode: '160-0023',
    });
    expect(address.json()).toEqual({ state: 'INFO_COMPLETED' });
    const [row] = await t.deps.db.select().from(memberAddresses).where(eq(memberAddresses.userId, m.userId));
    expect(row).toMatchObject({ countryCode: 'JP', provinceCode: null, provinceName: 'Tokyo', townCode: null, townName: 'Shinjuku-ku' });
    expect((await saveStep(t, m.cookie, 'references')).statusCode).toBe(200);
    for (const step of ['personal', 'identity'] as const) {
      const res = await saveStep(t, m.cookie, step);
      expect(res.statusCode, step).toBe(409);
      expect(res.json().error.message).toMatch(/already activated/);
    }
    const bank = await saveStep(t, m.cookie, 'bank', { ...STEP_BODIES.bank, accountNumber: '9999 8888 7777' });
    expect(bank.statusCode).toBe(409);
    expect(bank.json().error.message).toMatch(/payout account/);
  });

  it('needs a session: anonymous reads and saves are 401', async () => {
    expect((await getActivation()).statusCode).toBe(401);
    expect((await saveStep(t, undefined, 'personal')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/member/account' })).statusCode).toBe(401);
  });
});

describe('step rules on the server', () => {
  it('checks the age on the Philippine date of the clock: exactly 18 and exactly 80 pass, one day short of 18 does not', async () => {
    const m = await createMember(t);
    // The test clock: 2026-11-22T04:00Z, 12:00 on 22 November in Manila.
    const tooYoung = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '2008-11-23' });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().error.fields).toEqual({ birthDate: 'Make sure the date of birth is between 18 and 80 years old.' });
    const tooOld = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '1946-11-21' });
    expect(tooOld.json().error.fields).toEqual({ birthDate: 'Make sure the date of birth is between 18 and 80 years old.' });
    expect((await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '1946-11-22' })).statusCode).toBe(200);
    expect((await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '2008-11-22' })).statusCode).toBe(200);
  });

  it('uses the clock, in Philippine time, for "today"', async () => {
    const m = await createMember(t);
    const saved = t.clock.now();
    try {
      // 23:59 on 21 November in Manila: the 18th birthday on the 22nd is not reached yet.
      t.clock.advance(new Date('2026-11-21T15:59:00Z').getTime() - saved.getTime());
      expect((await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '2008-11-22' })).statusCode).toBe(400);
      t.clock.advance(60_000);
      expect((await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, birthDate: '2008-11-22' })).statusCode).toBe(200);
    } finally {
      t.clock.advance(saved.getTime() - t.clock.now().getTime());
    }
  });

  it('answers the specification messages per field', async () => {
    const m = await createMember(t);
    const res = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, firstName: 'Al', middleName: 'X1', isAgree: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: 'Please enter your first name. Ensure the first name is within a reasonable length.',
      middleName: 'Please enter your middle name. Ensure the middle name is within a reasonable length.',
      isAgree: 'Please tick the box to give your consent before you continue.',
    });
    expect((await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, middleName: '' })).statusCode).toBe(200);
  });

  it('refuses an outdated consent version', async () => {
    const m = await createMember(t);
    const res = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, consentVersion: 'credit-bureau-consent-2020-01-01-en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ isAgree: 'The consent text has changed. Please read it again and tick the box.' });
  });

  it('refuses fields that decide whose data it is (strict bodies)', async () => {
    const other = await createMember(t);
    const m = await createMember(t);
    const res = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, userId: other.userId, phoneNumber: other.phone });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['phoneNumber', 'userId']);
  });

  it('in the Philippines, needs a PSGC province and a town of that province', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'personal');
    const badProvince = await saveStep(t, m.cookie, 'address', { ...STEP_BODIES.address, province: 'Metro Manila' });
    expect(badProvince.json().error.fields).toEqual({ province: 'Please choose your province from the list.' });
    // Cebu City is not a town of Metro Manila.
    const wrongTown = await saveStep(t, m.cookie, 'address', { ...STEP_BODIES.address, town: '0730600000' });
    expect(wrongTown.json().error.fields).toEqual({ town: 'Please choose your city or municipality from the list of the chosen province.' });
    expect(await accountStateOf(t, m.userId)).toBe('ADDRESS_INFO');
    const cebu = await saveStep(t, m.cookie, 'address', { ...STEP_BODIES.address, province: '0702200000', town: '0730600000', postalCode: '6000' });
    expect(cebu.statusCode, cebu.body).toBe(200);
    expect((await getActivation(m.cookie)).json().address).toMatchObject({ provinceName: 'Cebu', townName: 'City of Cebu' });
  });

  it("refuses a reference with the member's own phone, or two references with one phone, on the right field", async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'address');
    const national = `0${m.phone.slice(3)}`;
    const own = await saveStep(t, m.cookie, 'references', { ...STEP_BODIES.references, refPhoneNumber2: national });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields).toEqual({ refPhoneNumber2: 'A reference cannot have your own phone number.' });
    const same = await saveStep(t, m.cookie, 'references', { ...STEP_BODIES.references, refPhoneNumber2: '+63 917 123 4567' });
    expect(same.json().error.fields).toEqual({ refPhoneNumber2: 'Your two references must have different phone numbers.' });
    expect(await accountStateOf(t, m.userId)).toBe('REFERENCES_INFO');
  });

  it('step 4 needs the three images: a field error per missing image', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'references');
    const res = await saveStep(t, m.cookie, 'identity');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      imageIdFront: 'Please upload a photo of the front of your ID.',
      imageIdBack: 'Please upload a photo of the back of your ID.',
      imageSelfie: 'Please upload a selfie.',
    });
    const others = await saveStep(t, m.cookie, 'identity', { identityType: 'Others', identityNumber: '12345678' });
    expect(others.json().error.fields).toEqual({ otherIdentityType: 'Please enter the type of your ID.' });
    const short = await saveStep(t, m.cookie, 'identity', { identityType: 'Passport', identityNumber: 'P123456' });
    expect(short.json().error.fields).toEqual({ identityNumber: 'Between 8 and 20 digits. Must start with a digit or alpha-numeric.' });
    expect(await accountStateOf(t, m.userId)).toBe('IDENTITY_INFO');
  });

  it('step 5: an e-wallet account must be a Philippine mobile number, stored in E.164, shown masked', async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie, 'identity');
    const landline = await saveStep(t, m.cookie, 'bank', { bankCode: 'GCASH', accountNumber: '02 8234 5678', accountName: 'Maria Dela Cruz' });
    expect(landline.json().error.fields).toEqual({
      accountNumber: 'For an e-wallet, enter the Philippine mobile number of the account (for example 0917 123 4567).',
    });
    const unknown = await saveStep(t, m.cookie, 'bank', { bankCode: 'FAKEBANK', accountNumber: '001234567890', accountName: 'Maria Dela Cruz' });
    expect(unknown.json().error.fields).toEqual({ bankCode: 'Please choose your bank or e-wallet.' });
    const ok = await saveStep(t, m.cookie, 'bank', { bankCode: 'GCASH', accountNumber: '0917 555 0101', accountName: 'Maria Dela Cruz' });
    expect(ok.json()).toEqual({ state: 'INFO_COMPLETED' });
    const [row] = await t.deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, m.userId));
    expect(row).toMatchObject({ institutionCode: 'GCASH', kind: 'EWALLET', accountNumber: '+639175550101' });
    expect((await getActivation(m.cookie)).json().bank).toEqual({
      bankCode: 'GCASH',
      bankName: 'GCash',
      kind: 'EWALLET',
      accountNumberMasked: '091********',
      accountName: 'Maria Dela Cruz',
    });
  });
});

describe('the Account dialog (GET /api/member/account)', () => {
  it("shows the member's own data: ID number in full, account number masked but its first 3, image URLs on the owner route", async () => {
    const m = await createMember(t);
    await completeSteps(t, m.cookie);
    const res = await t.app.inject({ method: 'GET', url: '/api/member/account', headers: { cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'INFO_COMPLETED',
      active: true,
      phoneNumber: m.phone,
      fullName: m.fullName,
      personal: {
        firstName: 'Maria',
        middleName: 'Santos',
        lastName: 'Dela Cruz',
        birthDate: '1990-05-17',
        maritalStatus: 'Single',
        nationality: 'Filipino',
        gender: 'Female',
      },
      address: {
        countryResidence: 'PH',
        provinceName: 'Metro Manila (NCR)',
        townName: 'Quezon City',
        streetAddress: '12 Mabini St., Brgy. Central',
        postalCode: '1100',
      },
      references: {
        refFullName1: 'Jose Rizal',
        refRelationship1: 'Friend',
        refPhoneNumber1: '+639171234567',
        refFullName2: 'Gabriela Silang',
        refPhoneNumber2: '+639197654321',
      },
      identity: { identityType: 'National ID (PhilSys)', otherIdentityType: null, identityNumber: '1234-5678-9012-3456' },
      bank: { bankCode: 'BDO', bankName: 'BDO Unibank', kind: 'BANK', accountNumberMasked: '001*********', accountName: 'Maria Santos Dela Cruz' },
    });
    for (const kind of ['ID_FRONT', 'ID_BACK', 'SELFIE']) {
      expect(body.documents[kind].url).toMatch(new RegExp(`^/api/activation/documents/${kind}\\?v=[0-9a-f]{8}$`));
      const image = await t.app.inject({ method: 'GET', url: body.documents[kind].url, headers: { cookie: m.cookie } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('shows only the session member: another member sees their own (empty) account', async () => {
    const a = await createMember(t);
    await completeSteps(t, a.cookie);
    const b = await createMember(t, { fullName: 'Juan Santos' });
    const body = (await t.app.inject({ method: 'GET', url: '/api/member/account', headers: { cookie: b.cookie } })).json();
    expect(body).toMatchObject({
      state: 'PERSONAL_INFO',
      active: false,
      fullName: 'Juan Santos',
      personal: null,
      address: null,
      references: null,
      identity: null,
      bank: null,
    });
    expect(body.documents).toEqual({ ID_FRONT: null, ID_BACK: null, SELFIE: null });
  });
});
