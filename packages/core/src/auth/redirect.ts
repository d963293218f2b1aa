/**
 * `redirect_uri` safety (DESIGN §6): a login only ever sends the user to the page's own origin or to an origin on
 * a configured allow-list. Everything else (other origins, `javascript:`, `data:`, `//evil`, backslash and
 * userinfo tricks) is refused, so a crafted login link cannot carry a fresh session to a phishing page.
 */

export interface RedirectPolicy {
  /** The page's origin, e.g. `https://school.example`. */
  origin: string;
  /** Other origins the portal may send users to (`https://area.example`); anything not a plain origin is ignored. */
  allowedOrigins?: readonly string[];
}

/** The normalised origin of an allow-list entry, or null for anything that is not exactly an http(s) origin. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The absolute URL to follow for `candidate`, or null when it must not be followed. A relative path resolves
 * against `origin`. Control characters, spaces and backslashes are refused before parsing: browsers strip or
 * rewrite them (`java\tscript:`, `/\evil.com`), which is exactly how such checks get fooled.
 */
export function safeRedirect(candidate: unknown, policy: RedirectPolicy): string | null {
  if (typeof candidate !== 'string') return null;
  const raw = candidate.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!raw || /[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return null;
  // Protocol-relative: another host, whatever the base.
  if (raw.startsWith('//')) return null;
  const own = originOf(policy.origin);
  if (!own) return null;
  let url: URL;
  try {
    url = new URL(raw, own);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const allowed = new Set([own]);
  for (const entry of policy.allowedOrigins ?? []) {
    const origin = typeof entry === 'string' ? originOf(entry) : null;
    if (origin) allowed.add(origin);
  }
  return allowed.has(url.origin) ? url.href : null;
}
