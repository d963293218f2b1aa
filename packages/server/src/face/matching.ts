/**
 * Who a face belongs to (docs/decisions.md "Face"): the enrolled descriptor nearest to the probe, accepted only
 * under `FACE_MATCH_THRESHOLD` and only when the next-nearest other user is at least `FACE_MATCH_MARGIN` further.
 * Both figures come from `npm run face:measure -w @edu-portal/server`.
 */
import { descriptorDistance } from './engine.ts';

/** Same person measured here at most 0.34 apart, different people at least 0.49: accept below 0.45. */
export const FACE_MATCH_THRESHOLD = 0.45;
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

export function bestMatch(probe: readonly number[], candidates: readonly Candidate[]): Match {
  const ranked = candidates
    .map((candidate) => ({ userId: candidate.userId, distance: descriptorDistance(probe, candidate.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  const [best, second] = ranked;
  if (!best || best.distance >= FACE_MATCH_THRESHOLD) return { outcome: 'none', distance: best?.distance ?? null };
  if (second && second.distance - best.distance < FACE_MATCH_MARGIN) {
    return { outcome: 'ambiguous', distance: best.distance };
  }
  return { outcome: 'match', userId: best.userId, distance: best.distance };
}
