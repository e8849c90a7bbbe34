import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { verifyPassword } from '../src/server/sessions/passwords';
import { createStaffUser, parseUserCreateArgs } from './user-create';

describe('parseUserCreateArgs', () => {
  it('reads the options and normalises the phone', () => {
    expect(
      parseUserCreateArgs(['--phone', '0917 123 4567', '--password', 'correct horse battery staple', '--role', 'officer', '--name', 'Maria Santos']),
    ).toEqual({
      phone: '+639171234567',
      password: 'correct horse battery staple',
      role: 'OFFICER',
      name: 'Maria Santos',
      email: 'staff-639171234567@staff.invalid',
    });
  });

  it('refuses a bad phone, a role that is not staff, a short name and a common password, all at once', () => {
    expect(() => parseUserCreateArgs(['--phone', '12', '--password', 'password1', '--role', 'MEMBER', '--name', 'Al'])).toThrow(
      /--phone must be[\s\S]*--role must be OFFICER or ADMIN[\s\S]*--name must be[\s\S]*--password is too common/,
    );
    expect(() => parseUserCreateArgs(['--unknown', 'x'])).toThrow();
  });
});

describe('createStaffUser', () => {
  let database: Database;
  // Opening PGlite and applying the migrations takes seconds, and far longer on a loaded machine.
  beforeAll(async () => {
    database = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('creates the staff account with an argon2id hash, and refuses the same phone twice', async () => {
    const input = parseUserCreateArgs([
      '--phone',
      '+639171234567',
      '--password',
      'correct horse battery staple',
      '--role',
      'ADMIN',
      '--name',
      'Maria Santos',
      '--email',
      'Maria@Lender.ph',
    ]);
    const { id } = await createStaffUser(database.db, input, new Date());
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ phone: '+639171234567', email: 'maria@lender.ph', role: 'ADMIN', fullName: 'Maria Santos', accountState: 'INFO_COMPLETED' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'correct horse battery staple')).toBe(true);
    await expect(createStaffUser(database.db, input, new Date())).rejects.toThrow(/already exists/);
  });

  /** A member row as registration leaves it (decision 051: the address unverified unless `verifiedAt`). */
  async function memberWith(phone: string, email: string, verifiedAt: Date | null): Promise<string> {
    const [row] = await database.db
      .insert(users)
      .values({
        phone,
        email,
        emailVerifiedAt: verifiedAt,
        fullName: 'Stranger Member',
        passwordHash: '$argon2id$placeholder',
        role: 'MEMBER',
        accountState: 'PERSONAL_INFO',
        employmentCountry: 'PH',
        employmentLocation: 'Makati City',
        jobTitle: 'Clerk',
        jobCategory: 'Others / General Services',
        monthlyNetIncome: 1_000_000n,
      })
      .returning({ id: users.id });
    return row!.id;
  }

  const officerArgs = (phone: string, email: string) =>
    parseUserCreateArgs(['--phone', phone, '--password', 'correct horse battery staple', '--role', 'OFFICER', '--name', 'Jose Officer', '--email', email]);

  it("an address a member typed but never verified does not block the officer's account, whose address is verified from creation (decision 055)", async () => {
    const strangerId = await memberWith('+639170000101', 'officer.jose@lender.ph', null);
    const { id } = await createStaffUser(database.db, officerArgs('+639171230101', 'officer.jose@lender.ph'), new Date('2026-11-25T01:00:00Z'));
    const [staff] = await database.db.select().from(users).where(eq(users.id, id));
    expect(staff).toMatchObject({ role: 'OFFICER', email: 'officer.jose@lender.ph', emailVerifiedAt: new Date('2026-11-25T01:00:00Z') });
    // The stranger keeps their unverified row (and can never verify it now: the officer's account holds it).
    const [stranger] = await database.db.select().from(users).where(eq(users.id, strangerId));
    expect(stranger).toMatchObject({ email: 'officer.jose@lender.ph', emailVerifiedAt: null });
  });

  it('refuses an address another account has verified (and creates nothing)', async () => {
    await memberWith('+639170000102', 'taken@lender.ph', new Date());
    await expect(createStaffUser(database.db, officerArgs('+639171230102', 'Taken@Lender.ph'), new Date())).rejects.toThrow(/already exists/);
    expect(await database.db.select().from(users).where(eq(users.phone, '+639171230102'))).toEqual([]);
  });

  it('refuses a phone that a member already has, whatever the address', async () => {
    await memberWith('+639170000103', 'someone@example.com', null);
    await expect(createStaffUser(database.db, officerArgs('+639170000103', 'other.officer@lender.ph'), new Date())).rejects.toThrow(/already exists/);
  });
});
