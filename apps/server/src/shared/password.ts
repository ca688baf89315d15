/** Password hashing (argon2id), shared by sign-in, user creation, agent forms and seeds. */
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm); OWASP-recommended minimums.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against a real hash when the user is unknown keeps timing the same for both cases.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
