/**
 * npm run user:create -- --phone P --password W --role OFFICER|ADMIN --name N [--email E]
 * npm run user:create -- --demo   (embedded demo: two officers and an administrator; never in production)
 *
 * Creates a staff account (never through the public registration) on the database at DATABASE_URL,
 * or else the embedded database under DATA_DIR (default ./data). While the embedded server runs it
 * holds DATA_DIR (one owner: src/server/db/data-dir-lock.ts): then the account is created by the
 * running server through its local admin channel (a Unix socket in DATA_DIR, 0600:
 * src/server/ops/admin-channel.ts), never on a copy that would be lost. The password is hashed with
 * argon2id by the identity module's hashing and must pass the same policy as members' passwords.
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError, lockOwner } from '../src/server/db/data-dir-lock';
import { adminSocketPath, callAdminChannel } from '../src/server/ops/admin-client';
import { createDemoStaff, createStaffUser, parseUserCreateArgs, type StaffUserInput } from '../src/server/staff/create';

export { STAFF_ROLES, USAGE, createStaffUser, parseUserCreateArgs, type StaffRole, type StaffUserInput } from '../src/server/staff/create';

function printDemo(created: readonly StaffUserInput[], existing: readonly string[]): void {
  for (const s of created) console.log(`Created ${s.role} ${s.name}: phone ${s.phone}, password "${s.password}"`);
  for (const phone of existing) console.log(`A demo account with the phone ${phone} already exists (its password was shown when it was created).`);
  if (created.length > 0) console.log('Sign in at /login with these (shown once). Two officers: one approves, the other disburses (maker-checker).');
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const demo = argv.includes('--demo');
  if (demo && process.env.NODE_ENV === 'production') {
    console.error('user:create --demo refuses to run with NODE_ENV=production: create each staff account with its own phone and passphrase.');
    return 2;
  }
  let input: StaffUserInput | null = null;
  if (!demo) {
    try {
      input = parseUserCreateArgs(argv);
    } catch (error) {
      console.error((error as Error).message);
      return 2;
    }
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';

  // The embedded server holds DATA_DIR: ask it, through its admin channel.
  if (!databaseUrl && lockOwner(dataDir)?.purpose === 'server') {
    const socket = adminSocketPath(dataDir);
    const answer = await callAdminChannel(socket, 'POST', demo ? '/staff/demo' : '/staff', demo ? {} : { args: argv });
    if (answer.status >= 400) {
      console.error((answer.body as { error?: string }).error ?? `The running server refused (${answer.status}).`);
      return 1;
    }
    if (demo) {
      const { created, existing } = answer.body as { created: StaffUserInput[]; existing: string[] };
      printDemo(created, existing);
    } else {
      console.log(
        `Created ${input!.role} ${input!.name} (${input!.phone}, ${input!.email}), id ${(answer.body as { id: string }).id}, through the running server.`,
      );
    }
    return 0;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl, dataDir, purpose: 'user:create' });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    if (demo) {
      const { created, existing } = await createDemoStaff(database.db, new Date(), 'npm run user:create -- --demo');
      printDemo(created, existing);
    } else {
      const { id } = await createStaffUser(database.db, input!, new Date());
      console.log(`Created ${input!.role} ${input!.name} (${input!.phone}, ${input!.email}), id ${id}.`);
    }
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
