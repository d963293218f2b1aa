/**
 * `redirect_uri` safety (DESIGN §6): a login only ever sends the user to the page's own origin or to an origin on
 * a configured allow-list. Everything else (other origins, `javascript:`, `data:`, `//evil`, backslash and
 * userinfo tricks) is refused, so a crafted login link cannot carry a fresh session to a phishing page.
 */
import { httpOrigin, safeUrl } from '../platform/safe-url.ts';

export interface RedirectPolicy {
  /** The page's origin, e.g. `https://school.example`. */
  origin: string;
  /** Other origins the portal may send users to (`https://area.example`); anything not a plain origin is ignored. */
  allowedOrigins?: readonly string[];
}

/**
 * The absolute URL to follow for `candidate`, or null when it must not be followed: core's one safe-URL rule
 * (`safeUrl`) limited to the page's origin and the allow-list. A relative path resolves against `origin`.
 */
export function safeRedirect(candidate: unknown, policy: RedirectPolicy): string | null {
  const own = httpOrigin(policy.origin);
  if (!own) return null;
  return safeUrl(candidate, { base: own, origins: policy.allowedOrigins ?? [] });
}
