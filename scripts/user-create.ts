/**
 * npm run user:create -- --phone P --password W --role OFFICER|ADMIN --name N [--email E]
 *
 * Creates a staff account (never through the public registration) on the database at DATABASE_URL,
 * or else the embedded database under DATA_DIR (default ./data). The password is hashed with
 * argon2id by the identity module's hashing and must pass the same policy as members' passwords.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, or } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { writeAudit } from '../src/server/audit';
import { hashPassword } from '../src/server/sessions/passwords';
import { isPasswordAcceptable } from '../src/server/modules/identity/password-policy';
import { phoneDigits, toE164 } from '../src/shared/phone/phone';

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
  if (password.length < 8 || password.length > 64) problems.push('--password must be 8 to 64 characters.');
  else if (!isPasswordAcceptable(password, [name, phone ?? ''])) problems.push('--password is too common or too easy to guess: choose a longer passphrase.');
  const email = values.email?.trim().toLowerCase() || (phone ? `staff-${phoneDigits(phone)}@staff.invalid` : '');
  if ((values.email || phone) && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) problems.push('--email must be an e-mail address.');
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n${USAGE}`);
  return { phone: phone!, password, role: role as StaffRole, name, email };
}

/** Inserts the staff user; refuses a phone or e-mail already registered. */
export async function createStaffUser(db: Db, input: StaffUserInput, at: Date = new Date()): Promise<{ id: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, input.phone), eq(users.email, input.email)));
  if (existing) throw new Error(`A user with the phone ${input.phone} or the e-mail ${input.email} already exists.`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        phone: input.phone,
        email: input.email,
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
      details: { role: input.role, name: input.name, phone: input.phone, email: input.email, via: 'npm run user:create' },
      ip: null,
      at,
    });
    return { id: row!.id };
  });
}

async function main(): Promise<number> {
  let input: StaffUserInput;
  try {
    input = parseUserCreateArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR || './data' });
  try {
    const { id } = await createStaffUser(database.db, input);
    console.log(`Created ${input.role} ${input.name} (${input.phone}, ${input.email}), id ${id}.`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`user:create could not run: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    },
  );
}
