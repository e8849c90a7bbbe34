import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id password hashes (OWASP parameters: 19 MiB, 2 passes, 1 lane). Verification of an
 * unknown phone runs against a dummy hash so that both answers take about as long.
 */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches the stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real verification, for a phone that has no account. Always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('tapat-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
