import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { writeAudit } from '../audit';
import { hashPassword } from '../sessions/passwords';
import { isPasswordAcceptable } from '../modules/identity/password-policy';
import { phoneDigits, toE164 } from '../../shared/phone/phone';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/text-lengths';

/**
 * Staff accounts are created outside the public registration: by `npm run user:create` on the
 * database directly, or, while the embedded server holds DATA_DIR, through its local admin channel
 * (src/server/ops/admin-channel.ts). Both parse the same arguments and insert the same way.
 */
export const STAFF_ROLES = ['OFFICER', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffUserInput {
  readonly phone: string;
  readonly password: string;
  readonly role: StaffRole;
  readonly name: string;
  readonly email: string;
}

export const USAGE =
  'Usage: npm run user:create -- --phone +639171234567 --password "a long passphrase" --role OFFICER|ADMIN --name "Maria Santos" [--email maria@lender.ph]';

/** Reads and checks the arguments; throws an Error with every problem. */
export function parseUserCreateArgs(argv: readonly string[]): StaffUserInput {
  const { values } = parseArgs({
    args: [...argv],
    options: { phone: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  const problems: string[] = [];
  const phone = values.phone ? toE164(values.phone) : null;
  if (!phone) problems.push('--phone must be a valid mobile number (+639171234567 or 09171234567).');
  const role = values.role?.toUpperCase();
  if (!role || !(STAFF_ROLES as readonly string[]).includes(role)) problems.push('--role must be OFFICER or ADMIN.');
  const name = values.name?.trim() ?? '';
  if (name.length < 5 || name.length > 100) problems.push('--name must be 5 to 100 characters.');
  const password = values.password ?? '';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  else if (!isPasswordAcceptable(password, [name, phone ?? ''])) problems.push('--password is too common or too easy to guess: choose a longer passphrase.');
  const email = values.email?.trim().toLowerCase() || (phone ? `staff-${phoneDigits(phone)}@staff.invalid` : '');
  if ((values.email || phone) && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) problems.push('--email must be an e-mail address.');
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n${USAGE}`);
  return { phone: phone!, password, role: role as StaffRole, name, email };
}

/**
 * Inserts the staff user; refuses a phone already registered, or an e-mail address that another
 * account has verified (decision 055, after 051). An address some account merely typed (a member's
 * unverified one) does not block: a stranger who registered an officer's address first cannot keep
 * the officer's account from being created. The staff account's own address counts as verified
 * from creation: the ADMIN who runs this command attests to it (decision 055).
 */
export async function createStaffUser(db: Db, input: StaffUserInput, at: Date, via = 'npm run user:create'): Promise<{ id: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, input.phone), and(eq(users.email, input.email), isNotNull(users.emailVerifiedAt))));
  if (existing) throw staffExists(input);
  try {
    return await insertStaffUser(db, input, at, via);
  } catch (error) {
    // The same phone or a verified address created meanwhile: the unique indexes are the last guard.
    if (uniqueViolation(error) !== null) throw staffExists(input);
    throw error;
  }
}

function staffExists(input: StaffUserInput): Error {
  return new Error(`A user with the phone ${input.phone} or the verified e-mail ${input.email} already exists.`);
}

async function insertStaffUser(db: Db, input: StaffUserInput, at: Date, via: string): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        phone: input.phone,
        email: input.email,
        emailVerifiedAt: at,
        fullName: input.name,
        passwordHash,
        role: input.role,
        // Staff do not go through the member activation; their accounts are complete as created.
        accountState: 'INFO_COMPLETED',
        employmentCountry: 'PH',
        employmentLocation: 'Head office',
        jobTitle: input.role === 'ADMIN' ? 'Administrator' : 'Loan Officer',
        jobCategory: 'Others / General Services',
        monthlyNetIncome: 0n,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: users.id });
    // The audit log records every staff account created (actor SYSTEM: the command line), with the account in one transaction.
    await writeAudit(tx, {
      actor: { userId: null, role: 'SYSTEM' },
      action: 'STAFF_CREATE',
      subjectType: 'USER',
      subjectId: row!.id,
      details: { role: input.role, name: input.name, phone: input.phone, email: input.email, via },
      ip: null,
      at,
    });
    return { id: row!.id };
  });
}

/**
 * The embedded demo's staff (npm run user:create -- --demo; never in production): two officers
 * (maker-checker needs a second one) and an administrator, each with a fresh random passphrase.
 */
function demoStaff(): StaffUserInput[] {
  const words = ['kalamansi', 'sampaguita', 'narra', 'molave', 'yakal', 'lighthouse', 'harbour', 'lantern', 'mango', 'bangka'];
  const passphrase = (role: string) => {
    const bytes = randomBytes(4);
    return `Demo ${role} ${words[bytes[0]! % words.length]} ${words[bytes[1]! % words.length]} ${bytes.readUInt16BE(2) + 1000}`;
  };
  return [
    { phone: '+639990000201', password: passphrase('officer'), role: 'OFFICER', name: 'Demo Officer Jose Reyes', email: 'demo.officer1@staff.invalid' },
    { phone: '+639990000202', password: passphrase('officer'), role: 'OFFICER', name: 'Demo Officer Liza Bautista', email: 'demo.officer2@staff.invalid' },
    { phone: '+639990000209', password: passphrase('admin'), role: 'ADMIN', name: 'Demo Admin Rosa Garcia', email: 'demo.admin@staff.invalid' },
  ];
}

/** Creates the demo staff that do not exist yet; answers what was created (with the passwords, shown once). */
export async function createDemoStaff(db: Db, at: Date, via: string): Promise<{ created: StaffUserInput[]; existing: string[] }> {
  const created: StaffUserInput[] = [];
  const existing: string[] = [];
  for (const input of demoStaff()) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
    if (found) existing.push(input.phone);
    else {
      await createStaffUser(db, input, at, via);
      created.push(input);
    }
  }
  return { created, existing };
}
