/**
 * Proof of possession for the instant second upload (docs/decisions.md "Upload storage security"): an MD5 and a
 * size are not a secret, so a caller who may not read any file of that content already gets stored bytes only after
 * answering a challenge: the MD5 of `nonce` (UTF-8) followed by the file's bytes `[offset, offset + length)`, a range
 * the server picks at random. Challenges live a few minutes, serve one answer each, and a user holds a few at most.
 */
import type { PossessionChallenge } from '@edu-portal/core';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PROOF_MAX_PER_USER, PROOF_RANGE_BYTES, PROOF_TTL_MS } from '../config.ts';

/** What the server asks: the range, and the nonce that goes before its bytes (the wire shape, declared in core). */
export type ProofChallenge = PossessionChallenge;

interface Pending extends ProofChallenge {
  userId: number;
  md5: string;
  size: number;
  expiresAt: number;
}

/** The answer to a challenge, as the client computes it. */
export function proofAnswer(nonce: string, range: Uint8Array): string {
  return createHash('md5').update(nonce, 'utf8').update(range).digest('hex');
}

export class ProofChallenges {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly now: () => number) {}

  /** A new challenge for `userId` about the content `md5`/`size` (a file of at least one byte). */
  issue(userId: number, md5: string, size: number): ProofChallenge {
    this.prune();
    const mine = [...this.pending.values()].filter((p) => p.userId === userId);
    // The oldest go first: a user holds at most PROOF_MAX_PER_USER challenges.
    for (const old of mine.slice(0, Math.max(0, mine.length - PROOF_MAX_PER_USER + 1))) this.pending.delete(old.nonce);
    const length = Math.min(size, PROOF_RANGE_BYTES);
    const offset = randomInt(0, size - length + 1);
    const nonce = randomBytes(16).toString('hex');
    this.pending.set(nonce, { nonce, offset, length, userId, md5, size, expiresAt: this.now() + PROOF_TTL_MS });
    return { offset, length, nonce };
  }

  /**
   * Whether `answer` proves that `userId` holds the content `md5`/`size`: the challenge `nonce` was issued to them
   * for that content, is still alive, and `answer` is the MD5 of the nonce and the range read by `readRange`. A
   * challenge serves one answer, right or wrong.
   */
  async verify(
    userId: number,
    md5: string,
    size: number,
    nonce: string,
    answer: string,
    readRange: (offset: number, length: number) => Promise<Buffer>,
  ): Promise<boolean> {
    const challenge = this.pending.get(nonce);
    if (!challenge) return false;
    this.pending.delete(nonce);
    if (challenge.userId !== userId || challenge.md5 !== md5 || challenge.size !== size) return false;
    if (challenge.expiresAt < this.now()) return false;
    const range = await readRange(challenge.offset, challenge.length);
    return proofAnswer(nonce, range) === answer.toLowerCase();
  }

  private prune(): void {
    const now = this.now();
    for (const [nonce, challenge] of this.pending) if (challenge.expiresAt < now) this.pending.delete(nonce);
  }
}
