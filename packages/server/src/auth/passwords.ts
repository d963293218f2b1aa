/** Password hashing with scrypt, stored as `scrypt$N$salt$hash` (hex salt and hash). */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = 16384; // N; r = 8 and p = 1 are scrypt's defaults
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Synchronous on purpose: only the seed uses it, before the server listens. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, { N: COST });
  return `scrypt$${COST}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

// Compared against when the user does not exist, so that a wrong name costs as long as a wrong password.
const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, cost, saltHex, hashHex] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt' || !cost || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), { N: Number(cost) });
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}
