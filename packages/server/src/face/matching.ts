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

/** `nearest`: the enrolled user nearest to the probe whatever the outcome (the target a failed attempt counts on). */
export type Match =
  | { outcome: 'match'; userId: number; distance: number; nearest: number }
  | { outcome: 'none'; distance: number | null; nearest: number | null }
  | { outcome: 'ambiguous'; distance: number; nearest: number };

export function bestMatch(
  probe: readonly number[],
  candidates: readonly Candidate[],
  { threshold = FACE_MATCH_THRESHOLD, margin = FACE_MATCH_MARGIN } = {},
): Match {
  const ranked = candidates
    .map((candidate) => ({ userId: candidate.userId, distance: descriptorDistance(probe, candidate.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  const [best, second] = ranked;
  if (!best || best.distance >= threshold) {
    return { outcome: 'none', distance: best?.distance ?? null, nearest: best?.userId ?? null };
  }
  if (second && second.distance - best.distance < margin) {
    return { outcome: 'ambiguous', distance: best.distance, nearest: best.userId };
  }
  return { outcome: 'match', userId: best.userId, distance: best.distance, nearest: best.userId };
}

/**
 * At enrolment: the nearest face enrolled on an account other than `userId` that lies within the match threshold
 * (the same face, as face login would see it), or null. Such a face is refused, so that one face never signs in to
 * two accounts.
 */
export function enrolledElsewhere(
  probe: readonly number[],
  candidates: readonly Candidate[],
  userId: number,
  threshold = FACE_MATCH_THRESHOLD,
): { userId: number; distance: number } | null {
  let nearest: { userId: number; distance: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.userId === userId) continue;
    const distance = descriptorDistance(probe, candidate.descriptor);
    if (distance < threshold && (!nearest || distance < nearest.distance))
      nearest = { userId: candidate.userId, distance };
  }
  return nearest;
}
