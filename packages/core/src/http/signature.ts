/** Signed responses (spec part 1 §4, DESIGN §6): header `signature` = `A$B` with `B = md5(A + sent)`. */

/** A fresh random value for the `signature` query parameter: 32 hex characters. */
export function newSignature(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * True when `header` is exactly two non-empty parts joined by `$` and the second is md5(first + sent). The MD5 code
 * loads on the first signed answer: most pages never ask for one (size budgets).
 */
export async function verifySignature(header: unknown, sent: string): Promise<boolean> {
  if (typeof header !== 'string') return false;
  const parts = header.split('$');
  if (parts.length !== 2) return false;
  const [first, second] = parts as [string, string];
  if (!first || !second) return false;
  try {
    const { md5Hex } = await import('../platform/md5.ts');
    return md5Hex(first + sent) === second.toLowerCase();
  } catch {
    return false; // the code could not load (offline): an answer that cannot be verified is not trusted
  }
}
