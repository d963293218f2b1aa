/**
 * Version numbers (spec part 2 §5 "Version numbers compare by zero-padding each segment to 4 digits") and the
 * front-end/server mismatch of §8.
 */

/** Width each segment is padded to. */
export const VERSION_SEGMENT_DIGITS = 4;

function segments(version: string): number[] {
  // Only the leading digits of a segment count ('0-beta' → 0); anything else is 0, like an empty segment.
  return String(version)
    .trim()
    .replace(/^[vV]/, '')
    .split('.')
    .map((part) => {
      const digits = /^\d+/.exec(part.trim());
      return digits ? Number(digits[0]) : 0;
    });
}

/**
 * The comparable key of a version: each segment zero-padded to 4 digits and joined, `2.0.10` → `000200000010`.
 * `segmentCount` pads with zero segments, so `2.0` and `2.0.0` get the same key.
 */
export function versionKey(version: string, segmentCount = 0, digits = VERSION_SEGMENT_DIGITS): string {
  const parts = segments(version);
  while (parts.length < segmentCount) parts.push(0);
  return parts.map((n) => String(n).padStart(digits, '0')).join('');
}

/**
 * −1, 0 or 1 as `a` is older than, the same as or newer than `b`. Keys are padded to the same number of segments
 * (a plain padded string of `2.0` would be shorter than that of `2.0.0`) and to the widest segment when one has more
 * than 4 digits, so the string comparison stays a numeric one.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = segments(a);
  const pb = segments(b);
  const count = Math.max(pa.length, pb.length);
  const digits = Math.max(VERSION_SEGMENT_DIGITS, ...[...pa, ...pb].map((n) => String(n).length));
  const ka = versionKey(a, count, digits);
  const kb = versionKey(b, count, digits);
  return ka === kb ? 0 : ka < kb ? -1 : 1;
}

/**
 * - `needs-newer-server`: the front end asks for a server version (its package's `serverVersion`) above the one the
 *   server runs: "the front end needs a newer server".
 * - `needs-newer-web`: the server asks for a front-end version (`webCodeVersion`) above the front end's
 *   `appVersion`: "the back end needs a newer front end".
 */
export type VersionMismatch = 'needs-newer-server' | 'needs-newer-web';

/** Every mismatch between a front end's package file and its server's version record; empty when they fit. */
export function findVersionMismatches(
  front: { appVersion: string; serverVersion: string },
  server: { serverVersion: string; webCodeVersion: string },
): VersionMismatch[] {
  const found: VersionMismatch[] = [];
  // An empty requirement is no requirement.
  if (front.serverVersion && server.serverVersion && compareVersions(front.serverVersion, server.serverVersion) > 0) {
    found.push('needs-newer-server');
  }
  if (server.webCodeVersion && front.appVersion && compareVersions(server.webCodeVersion, front.appVersion) > 0) {
    found.push('needs-newer-web');
  }
  return found;
}
