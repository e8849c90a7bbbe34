import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberAddresses, memberDocuments, memberIdentities, memberPersonal, memberReferences, payoutAccounts, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { toDecimalString, type Centavos } from '../../../shared/money/money';
import { maskAccountNumber } from '../../../shared/phone/account-number';
import type { z } from 'zod';
import type { adminMemberSchema } from '../../../shared/schemas/loans';

/**
 * What the loans module reads about a member from the identity and activation tables (reading
 * another module's tables is allowed; writing them is not).
 */

export interface MemberFacts {
  readonly userId: string;
  readonly fullName: string;
  readonly phone: string;
  readonly email: string;
  readonly role: string;
  readonly accountState: string;
  readonly monthlyNetIncome: Centavos;
  readonly birthDate: string | null;
  readonly legalName: string | null;
  readonly address: string | null;
  readonly identity: { readonly type: string; readonly number: string } | null;
  readonly payout: { readonly institutionName: string; readonly kind: string; readonly accountNumberMasked: string; readonly accountName: string } | null;
}

export async function memberFacts(db: DbOrTx, userId: string): Promise<MemberFacts> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'NOT_FOUND');
  const [personal] = await db.select().from(memberPersonal).where(eq(memberPersonal.userId, userId));
  const [address] = await db.select().from(memberAddresses).where(eq(memberAddresses.userId, userId));
  const [identity] = await db.select().from(memberIdentities).where(eq(memberIdentities.userId, userId));
  const [payout] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const legalName = personal ? [personal.firstName, personal.middleName, personal.lastName].filter(Boolean).join(' ') : null;
  return {
    userId,
    fullName: user.fullName,
    phone: user.phone,
    email: user.email,
    role: user.role,
    accountState: user.accountState,
    monthlyNetIncome: user.monthlyNetIncome,
    birthDate: personal?.birthDate ?? null,
    legalName,
    address: address
      ? [address.streetAddress, address.townName, address.provinceName, address.postalCode, address.countryCode].filter(Boolean).join(', ')
      : null,
    identity: identity
      ? {
          type: identity.identityType === 'Others' && identity.otherIdentityType ? identity.otherIdentityType : identity.identityType,
          number: identity.identityNumber,
        }
      : null,
    payout: payout
      ? {
          institutionName: payout.institutionName,
          kind: payout.kind,
          accountNumberMasked: maskAccountNumber(payout.kind, payout.accountNumber),
          accountName: payout.accountName,
        }
      : null,
  };
}

/** The member as an officer reviewing an application sees them. ID images go through the logged documents route. */
export async function adminMember(db: DbOrTx, userId: string): Promise<z.infer<typeof adminMemberSchema>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'NOT_FOUND');
  const [personal] = await db.select().from(memberPersonal).where(eq(memberPersonal.userId, userId));
  const [address] = await db.select().from(memberAddresses).where(eq(memberAddresses.userId, userId));
  const refs = await db.select().from(memberReferences).where(eq(memberReferences.userId, userId)).orderBy(asc(memberReferences.position));
  const [identity] = await db.select().from(memberIdentities).where(eq(memberIdentities.userId, userId));
  const [payout] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const docs = await db
    .select({ kind: memberDocuments.kind })
    .from(memberDocuments)
    .where(and(eq(memberDocuments.userId, userId), isNull(memberDocuments.supersededAt)));
  const present = new Set(docs.map((d) => d.kind));
  const url = (kind: 'ID_FRONT' | 'ID_BACK' | 'SELFIE') => (present.has(kind) ? `/api/admin/members/${userId}/documents/${kind}` : null);
  return {
    id: user.id,
    fullName: user.fullName,
    phone: user.phone,
    email: user.email,
    accountState: user.accountState,
    employment: {
      country: user.employmentCountry,
      location: user.employmentLocation,
      jobTitle: user.jobTitle,
      jobCategory: user.jobCategory,
      monthlyNetIncome: toDecimalString(user.monthlyNetIncome),
    },
    personal: personal
      ? {
          gender: personal.gender,
          firstName: personal.firstName,
          middleName: personal.middleName,
          lastName: personal.lastName,
          birthDate: personal.birthDate,
          maritalStatus: personal.maritalStatus,
          nationality: personal.nationality,
        }
      : null,
    address: address
      ? {
          country: address.countryCode,
          province: address.provinceName,
          town: address.townName,
          streetAddress: address.streetAddress,
          postalCode: address.postalCode,
        }
      : null,
    references: refs.map((r) => ({ position: r.position, fullName: r.fullName, relationship: r.relationship, phone: r.phone })),
    identity: identity ? { identityType: identity.identityType, otherIdentityType: identity.otherIdentityType, identityNumber: identity.identityNumber } : null,
    documents: { ID_FRONT: url('ID_FRONT'), ID_BACK: url('ID_BACK'), SELFIE: url('SELFIE') },
    payoutAccount: payout
      ? {
          institutionName: payout.institutionName,
          kind: payout.kind,
          accountNumberMasked: maskAccountNumber(payout.kind, payout.accountNumber),
          accountName: payout.accountName,
        }
      : null,
  };
}
