import { todayPh } from '../../domain/day';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { prepared } from '../../db/prepared';
import type { DbOrTx, Tx } from '../../db/client';
import {
  consents,
  memberAddresses,
  memberDocuments,
  memberIdentities,
  memberPersonal,
  memberReferences,
  payoutAccounts,
  sessions,
  users,
} from '../../db/schema';
import { sessionAndVersionsColumns, type SessionAuth } from '../../sessions/store';
import { AppError, fieldError } from '../../http/errors';
import { checkBirthDate } from '../../../shared/activation/age';
import { CONSENT_KIND_CREDIT_BUREAU, CREDIT_BUREAU_CONSENT, isCurrentCreditBureauConsent } from '../../../shared/activation/consent';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../shared/activation/id-types';
import { findPayoutInstitution } from '../../../shared/activation/payout-institutions';
import { findCity, findProvince } from '../../../shared/activation/places';
import { maskAccountNumber } from '../../../shared/phone/account-number';
import {
  DOCUMENT_FIELD,
  ownDocumentUrl,
  referencePhoneProblems,
  type ActivationResponse,
  type AddressStep,
  type BankStep,
  type IdentityStep,
  type MemberAccountResponse,
  type PersonalStep,
  type ReferencesStep,
} from '../../../shared/schemas/activation';
import { canSave, isActivated, nextState, type AccountState, type ActivationStep } from '../../../shared/states/account';
import { text } from '../../../shared/i18n/text';

/**
 * Account activation: the five wizard steps, each saved on its own, in order (src/shared/states/
 * account.ts has the rules). A save runs in one transaction that locks the member's row, checks
 * the state, writes the step and moves the state. Identity is always the session's user.
 */

export interface Member {
  readonly userId: string;
  /** E.164, from the session. */
  readonly phone: string;
}

/** The request a step is saved in (routes: http/request-origin.ts). */
export interface RequestContext {
  readonly ip: string;
  /** The request's id, for any row it leaves to a job (decision 045). */
  readonly requestId: string | null;
}

type StepSaved = { state: AccountState };

function refuse(step: ActivationStep, reason: 'STEP_SKIPPED' | 'STEP_LOCKED'): AppError {
  if (reason === 'STEP_SKIPPED') return new AppError(409, 'CONFLICT', text('activation.errors.stepSkipped'));
  return new AppError(409, 'CONFLICT', text(step === 'bank' ? 'activation.errors.bankLocked' : 'activation.errors.stepLocked'));
}

async function lockedState(tx: Tx, userId: string): Promise<AccountState> {
  const [row] = await tx.select({ state: users.accountState }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new AppError(401, 'UNAUTHENTICATED');
  return row.state as AccountState;
}

async function currentState(db: DbOrTx, userId: string): Promise<AccountState> {
  const [row] = await db.select({ state: users.accountState }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(401, 'UNAUTHENTICATED');
  return row.state as AccountState;
}

/** Refuses early (before any other check) a step the member may not save now. */
async function assertCanSave(deps: AppDeps, userId: string, step: ActivationStep): Promise<void> {
  const check = canSave(await currentState(deps.db, userId), step);
  if (!check.ok) throw refuse(step, check.reason);
}

/** Locks the member, checks the state again, writes the step and advances the state. */
async function saveStep(deps: AppDeps, userId: string, step: ActivationStep, write: (tx: Tx, now: Date) => Promise<void>): Promise<StepSaved> {
  return deps.db.transaction(async (tx) => {
    const state = await lockedState(tx, userId);
    const check = canSave(state, step);
    if (!check.ok) throw refuse(step, check.reason);
    const now = deps.clock.now();
    await write(tx, now);
    const next = nextState(state, step);
    if (next !== state) await tx.update(users).set({ accountState: next, updatedAt: now }).where(eq(users.id, userId));
    return { state: next };
  });
}

/** Step 1. The age is checked on the Philippine date of the server's clock; the consent is recorded with its text version. */
export async function savePersonal(deps: AppDeps, member: Member, input: PersonalStep, ctx: RequestContext): Promise<StepSaved> {
  await assertCanSave(deps, member.userId, 'personal');
  const problem = checkBirthDate(input.birthDate, todayPh(deps));
  const fields: Record<string, string> = {};
  if (problem) fields.birthDate = problem === 'INVALID' ? 'activation.validation.birthDateInvalid' : 'activation.validation.birthDate';
  if (!isCurrentCreditBureauConsent(input.consentVersion)) fields.isAgree = 'activation.validation.consentOutdated';
  if (Object.keys(fields).length > 0) throw fieldError(fields);

  return saveStep(deps, member.userId, 'personal', async (tx, now) => {
    const values = {
      gender: input.gender,
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      maritalStatus: input.maritalStatus,
      nationality: input.nationality,
      updatedAt: now,
    };
    await tx
      .insert(memberPersonal)
      .values({ userId: member.userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: memberPersonal.userId, set: values });
    await tx.insert(consents).values({ userId: member.userId, kind: CONSENT_KIND_CREDIT_BUREAU, textVersion: input.consentVersion, givenAt: now, ip: ctx.ip });
  });
}

/** Step 2. In the Philippines the province and town must be PSGC codes, the town one of the province's. */
export async function saveAddress(deps: AppDeps, member: Member, input: AddressStep): Promise<StepSaved> {
  await assertCanSave(deps, member.userId, 'address');
  let place: { provinceCode: string | null; provinceName: string; townCode: string | null; townName: string };
  if (input.countryResidence === 'PH') {
    const province = findProvince(input.province);
    if (!province) throw fieldError({ province: 'activation.validation.provinceChoose' });
    const town = findCity(province.code, input.town);
    if (!town) throw fieldError({ town: 'activation.validation.townChoose' });
    place = { provinceCode: province.code, provinceName: province.name, townCode: town.code, townName: town.name };
  } else {
    place = { provinceCode: null, provinceName: input.province, townCode: null, townName: input.town };
  }
  return saveStep(deps, member.userId, 'address', async (tx, now) => {
    const values = { countryCode: input.countryResidence, ...place, streetAddress: input.streetAddress, postalCode: input.postalCode, updatedAt: now };
    await tx
      .insert(memberAddresses)
      .values({ userId: member.userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: memberAddresses.userId, set: values });
  });
}

/** Step 3. Neither reference may have the member's own phone (the schema already refused two equal phones). */
export async function saveReferences(deps: AppDeps, member: Member, input: ReferencesStep): Promise<StepSaved> {
  await assertCanSave(deps, member.userId, 'references');
  const problems = referencePhoneProblems(input, member.phone);
  if (Object.keys(problems).length > 0) throw fieldError(problems);
  return saveStep(deps, member.userId, 'references', async (tx, now) => {
    const refs = [
      { position: 1, fullName: input.refFullName1, relationship: input.refRelationship1, phone: input.refPhoneNumber1 },
      { position: 2, fullName: input.refFullName2, relationship: input.refRelationship2, phone: input.refPhoneNumber2 },
    ];
    for (const ref of refs) {
      await tx
        .insert(memberReferences)
        .values({ userId: member.userId, ...ref, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [memberReferences.userId, memberReferences.position],
          set: { fullName: ref.fullName, relationship: ref.relationship, phone: ref.phone, updatedAt: now },
        });
    }
  });
}

/** Step 4. The three images must already be uploaded; each missing one is a field error. */
export async function saveIdentity(deps: AppDeps, member: Member, input: IdentityStep): Promise<StepSaved> {
  await assertCanSave(deps, member.userId, 'identity');
  return saveStep(deps, member.userId, 'identity', async (tx, now) => {
    const present = new Set(
      (
        await tx
          .select({ kind: memberDocuments.kind })
          .from(memberDocuments)
          .where(and(eq(memberDocuments.userId, member.userId), isNull(memberDocuments.supersededAt)))
      ).map((r) => r.kind),
    );
    const missing = DOCUMENT_KINDS.filter((kind) => !present.has(kind));
    if (missing.length > 0)
      throw fieldError(Object.fromEntries(missing.map((kind) => [DOCUMENT_FIELD[kind], `activation.validation.${DOCUMENT_FIELD[kind]}`])));
    const values = { identityType: input.identityType, otherIdentityType: input.otherIdentityType, identityNumber: input.identityNumber, updatedAt: now };
    await tx
      .insert(memberIdentities)
      .values({ userId: member.userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: memberIdentities.userId, set: values });
  });
}

/** Step 5. Saving it makes the member INFO_COMPLETED. */
export async function saveBank(deps: AppDeps, member: Member, input: BankStep): Promise<StepSaved> {
  await assertCanSave(deps, member.userId, 'bank');
  const institution = findPayoutInstitution(input.bankCode);
  if (!institution) throw fieldError({ bankCode: 'activation.validation.bankCode' });
  return saveStep(deps, member.userId, 'bank', async (tx, now) => {
    const values = {
      institutionCode: institution.code,
      institutionName: institution.name,
      kind: institution.kind,
      accountNumber: input.accountNumber,
      accountName: input.accountName,
      updatedAt: now,
    };
    await tx
      .insert(payoutAccounts)
      .values({ userId: member.userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: payoutAccounts.userId, set: values });
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

interface Sections {
  state: AccountState;
  phone: string;
  fullName: string;
  personal: NonNullable<ActivationResponse['personal']> | null;
  address: NonNullable<ActivationResponse['address']> | null;
  references: NonNullable<ActivationResponse['references']> | null;
  identity: NonNullable<ActivationResponse['identity']> | null;
  documents: ActivationResponse['documents'];
  bank: NonNullable<ActivationResponse['bank']> | null;
}

async function readSections(deps: AppDeps, userId: string): Promise<Sections> {
  const db = deps.db;
  // Independent reads sent together: one round trip on PostgreSQL (the query-count test holds it).
  // Each statement built once per database handle (src/server/db/prepared.ts): GET /api/member/account is a hot read.
  const id = sql.placeholder('userId');
  const [[user], [personal], [consent], [address], refs, [identity], docs, [payout]] = await Promise.all([
    prepared(db, 'member_section_user', () =>
      db.select({ state: users.accountState, phone: users.phone, fullName: users.fullName }).from(users).where(eq(users.id, id)).prepare('member_section_user'),
    ).execute({ userId }),
    prepared(db, 'member_section_personal', () =>
      db.select().from(memberPersonal).where(eq(memberPersonal.userId, id)).prepare('member_section_personal'),
    ).execute({
      userId,
    }),
    prepared(db, 'member_section_consent', () =>
      db
        .select()
        .from(consents)
        .where(and(eq(consents.userId, id), eq(consents.kind, CONSENT_KIND_CREDIT_BUREAU)))
        .orderBy(desc(consents.givenAt))
        .limit(1)
        .prepare('member_section_consent'),
    ).execute({ userId }),
    prepared(db, 'member_section_address', () =>
      db.select().from(memberAddresses).where(eq(memberAddresses.userId, id)).prepare('member_section_address'),
    ).execute({
      userId,
    }),
    prepared(db, 'member_section_references', () =>
      db.select().from(memberReferences).where(eq(memberReferences.userId, id)).orderBy(asc(memberReferences.position)).prepare('member_section_references'),
    ).execute({ userId }),
    prepared(db, 'member_section_identity', () =>
      db.select().from(memberIdentities).where(eq(memberIdentities.userId, id)).prepare('member_section_identity'),
    ).execute({
      userId,
    }),
    prepared(db, 'member_section_documents', () =>
      db
        .select()
        .from(memberDocuments)
        .where(and(eq(memberDocuments.userId, id), isNull(memberDocuments.supersededAt)))
        .prepare('member_section_documents'),
    ).execute({ userId }),
    prepared(db, 'member_section_payout', () => db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, id)).prepare('member_section_payout')).execute(
      {
        userId,
      },
    ),
  ]);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  return sectionsOf({ user, personal, consent, address, refs, identity, docs, payout });
}

/** What the sections are built from: the member's row and each step's rows, as readSections or memberAccountWithSession read them. */
interface SectionRows {
  user: { state: string; phone: string; fullName: string };
  personal:
    | Pick<typeof memberPersonal.$inferSelect, 'gender' | 'firstName' | 'middleName' | 'lastName' | 'birthDate' | 'maritalStatus' | 'nationality'>
    | null
    | undefined;
  consent: { textVersion: string; givenAt: Date } | null | undefined;
  address:
    | Pick<typeof memberAddresses.$inferSelect, 'countryCode' | 'provinceCode' | 'provinceName' | 'townCode' | 'townName' | 'streetAddress' | 'postalCode'>
    | null
    | undefined;
  refs: readonly Pick<typeof memberReferences.$inferSelect, 'fullName' | 'relationship' | 'phone'>[];
  identity: Pick<typeof memberIdentities.$inferSelect, 'identityType' | 'otherIdentityType' | 'identityNumber'> | null | undefined;
  docs: readonly { id: string; kind: string; createdAt: Date; width: number; height: number; sizeBytes: number }[];
  payout: Pick<typeof payoutAccounts.$inferSelect, 'institutionCode' | 'institutionName' | 'kind' | 'accountNumber' | 'accountName'> | null | undefined;
}

function sectionsOf({ user, personal, consent, address, refs, identity, docs, payout }: SectionRows): Sections {
  const documents: ActivationResponse['documents'] = { ID_FRONT: null, ID_BACK: null, SELFIE: null };
  for (const doc of docs) {
    const kind = doc.kind as DocumentKind;
    documents[kind] = {
      kind,
      uploadedAt: doc.createdAt.toISOString(),
      width: doc.width,
      height: doc.height,
      sizeBytes: doc.sizeBytes,
      url: ownDocumentUrl(kind, doc.id),
    };
  }
  const [ref1, ref2] = refs;
  return {
    state: user.state as AccountState,
    phone: user.phone,
    fullName: user.fullName,
    personal: personal
      ? {
          gender: personal.gender as 'Male' | 'Female',
          firstName: personal.firstName,
          middleName: personal.middleName,
          lastName: personal.lastName,
          birthDate: personal.birthDate,
          maritalStatus: personal.maritalStatus,
          nationality: personal.nationality,
          consentVersion: consent?.textVersion ?? null,
          consentedAt: consent?.givenAt.toISOString() ?? null,
        }
      : null,
    address: address
      ? {
          countryResidence: address.countryCode,
          province: address.provinceCode ?? address.provinceName,
          town: address.townCode ?? address.townName,
          provinceName: address.provinceName,
          townName: address.townName,
          streetAddress: address.streetAddress,
          postalCode: address.postalCode,
        }
      : null,
    references:
      ref1 && ref2
        ? {
            refFullName1: ref1.fullName,
            refRelationship1: ref1.relationship,
            refPhoneNumber1: ref1.phone,
            refFullName2: ref2.fullName,
            refRelationship2: ref2.relationship,
            refPhoneNumber2: ref2.phone,
          }
        : null,
    identity: identity ? { identityType: identity.identityType, otherIdentityType: identity.otherIdentityType, identityNumber: identity.identityNumber } : null,
    documents,
    bank: payout
      ? {
          bankCode: payout.institutionCode,
          bankName: payout.institutionName,
          kind: payout.kind as 'BANK' | 'EWALLET',
          accountNumberMasked: maskAccountNumber(payout.kind, payout.accountNumber),
          accountName: payout.accountName,
        }
      : null,
  };
}

/** GET /api/activation: the state (to resume the wizard) and what the member has saved so far. */
export async function getActivation(deps: AppDeps, userId: string): Promise<ActivationResponse> {
  const s = await readSections(deps, userId);
  return {
    state: s.state,
    consentVersion: CREDIT_BUREAU_CONSENT.version,
    ...(s.personal ? { personal: s.personal } : {}),
    ...(s.address ? { address: s.address } : {}),
    ...(s.references ? { references: s.references } : {}),
    ...(s.identity ? { identity: s.identity } : {}),
    documents: s.documents,
    ...(s.bank ? { bank: s.bank } : {}),
  };
}

/** A JSON column's reference of memberAccountWithSession. */
interface ReferenceJson {
  fullName: string;
  relationship: string;
  phone: string;
}

/** A JSON column's current document of memberAccountWithSession (`createdAt` as PostgreSQL's JSON text of a timestamptz). */
interface DocumentJson {
  id: string;
  kind: string;
  createdAt: string;
  width: number;
  height: number;
  sizeBytes: number;
}

/**
 * GET /api/member/account in ONE statement (decision 042, as GET /api/wallet in decision 038): the
 * session and configuration versions (sessionAndVersionsColumns, which carry the member's state,
 * phone and name), then each section readSections reads, every one joined on sessions.user_id of
 * the cookie's session row (no session row, no section): the one-row steps as joins, the latest
 * credit-bureau consent, the references and the current documents as JSON columns. The route
 * checks the session (acceptSessionRow) before memberAccountOf uses anything else of the row.
 */
export async function memberAccountWithSession(db: DbOrTx, key: string) {
  const statement = prepared(db, 'member_account_with_session', () =>
    db
      .select({
        ...sessionAndVersionsColumns,
        personal: {
          userId: memberPersonal.userId,
          gender: memberPersonal.gender,
          firstName: memberPersonal.firstName,
          middleName: memberPersonal.middleName,
          lastName: memberPersonal.lastName,
          birthDate: memberPersonal.birthDate,
          maritalStatus: memberPersonal.maritalStatus,
          nationality: memberPersonal.nationality,
        },
        consent: sql<{ textVersion: string; givenAt: string } | null>`(select json_build_object('textVersion', c.text_version, 'givenAt', c.given_at)
          from ${consents} c where c.user_id = ${sessions.userId} and c.kind = ${CONSENT_KIND_CREDIT_BUREAU} order by c.given_at desc limit 1)`,
        address: {
          userId: memberAddresses.userId,
          countryCode: memberAddresses.countryCode,
          provinceCode: memberAddresses.provinceCode,
          provinceName: memberAddresses.provinceName,
          townCode: memberAddresses.townCode,
          townName: memberAddresses.townName,
          streetAddress: memberAddresses.streetAddress,
          postalCode: memberAddresses.postalCode,
        },
        refs: sql<
          ReferenceJson[] | null
        >`(select json_agg(json_build_object('fullName', r.full_name, 'relationship', r.relationship, 'phone', r.phone) order by r.position)
          from ${memberReferences} r where r.user_id = ${sessions.userId})`,
        identity: {
          userId: memberIdentities.userId,
          identityType: memberIdentities.identityType,
          otherIdentityType: memberIdentities.otherIdentityType,
          identityNumber: memberIdentities.identityNumber,
        },
        docs: sql<
          DocumentJson[] | null
        >`(select json_agg(json_build_object('id', d.id, 'kind', d.kind, 'createdAt', d.created_at, 'width', d.width, 'height', d.height, 'sizeBytes', d.size_bytes))
          from ${memberDocuments} d where d.user_id = ${sessions.userId} and d.superseded_at is null)`,
        payout: {
          userId: payoutAccounts.userId,
          institutionCode: payoutAccounts.institutionCode,
          institutionName: payoutAccounts.institutionName,
          kind: payoutAccounts.kind,
          accountNumber: payoutAccounts.accountNumber,
          accountName: payoutAccounts.accountName,
        },
      })
      .from(sql`(select 1) as one`)
      .leftJoin(sessions, eq(sessions.id, sql.placeholder('id')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(memberPersonal, eq(memberPersonal.userId, sessions.userId))
      .leftJoin(memberAddresses, eq(memberAddresses.userId, sessions.userId))
      .leftJoin(memberIdentities, eq(memberIdentities.userId, sessions.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, sessions.userId))
      .limit(1)
      .prepare('member_account_with_session'),
  );
  const [row] = await statement.execute({ id: key });
  if (!row) return { session: undefined, sections: null };
  const { personal, consent, address, refs, identity, docs, payout, ...session } = row;
  return { session, sections: { personal, consent, address, refs, identity, docs, payout } };
}

/** What memberAccountWithSession read of the member's sections. */
export type MemberAccountRead = NonNullable<Awaited<ReturnType<typeof memberAccountWithSession>>['sections']>;

/** GET /api/member/account's answer from its statement's row, for the session's member (auth: the accepted session). */
export function memberAccountOf(auth: Pick<SessionAuth, 'accountState' | 'phone' | 'fullName'>, read: MemberAccountRead): MemberAccountResponse {
  return memberAccountFrom(
    sectionsOf({
      user: { state: auth.accountState, phone: auth.phone, fullName: auth.fullName },
      personal: read.personal,
      consent: read.consent ? { textVersion: read.consent.textVersion, givenAt: new Date(read.consent.givenAt) } : null,
      address: read.address,
      refs: read.refs ?? [],
      identity: read.identity,
      docs: (read.docs ?? []).map((d) => ({ ...d, createdAt: new Date(d.createdAt) })),
      payout: read.payout,
    }),
  );
}

/** GET /api/member/account: the Account dialog (section 2): ID number in full, account number masked. */
function memberAccountFrom(s: Sections): MemberAccountResponse {
  return {
    state: s.state,
    active: isActivated(s.state),
    phoneNumber: s.phone,
    fullName: s.fullName,
    personal: s.personal,
    address: s.address,
    references: s.references,
    identity: s.identity,
    documents: s.documents,
    bank: s.bank,
  };
}
