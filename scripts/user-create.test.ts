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
});
