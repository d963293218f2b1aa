/**
 * Who a face belongs to (docs/decisions.md "Face"): the enrolled descriptor nearest to the probe, accepted only
 * under `FACE_MATCH_THRESHOLD` and only when the next-nearest other user is at least `FACE_MATCH_MARGIN` further.
 * Both figures come from `npm run face:measure -w @edu-portal/server`.
 */
import { descriptorDistance } from './engine.ts';

/**
 * Measured here: same person median 0.11 (97 % under 0.4), different people at least 0.44 apart; at 0.45 one probe
 * of 69 logged in as somebody else, at 0.4 none: accept below 0.4.
 */
export const FACE_MATCH_THRESHOLD = 0.4;
/** The runner-up must be this much further than the best candidate, or the face is not told apart. */
export const FACE_MATCH_MARGIN = 0.08;

export interface Candidate {
  userId: number;
  descriptor: readonly number[];
}

export type Match =
  | { outcome: 'match'; userId: number; distance: number }
  | { outcome: 'none'; distance: number | null }
  | { outcome: 'ambiguous'; distance: number };

export function bestMatch(
  probe: readonly number[],
  candidates: readonly Candidate[],
  { threshold = FACE_MATCH_THRESHOLD, margin = FACE_MATCH_MARGIN } = {},
): Match {
  const ranked = candidates
    .map((candidate) => ({ userId: candidate.userId, distance: descriptorDistance(probe, candidate.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  const [best, second] = ranked;
  if (!best || best.distance >= threshold) return { outcome: 'none', distance: best?.distance ?? null };
  if (second && second.distance - best.distance < margin) {
    return { outcome: 'ambiguous', distance: best.distance };
  }
  return { outcome: 'match', userId: best.userId, distance: best.distance };
}
