/**
 * The one safe-URL rule: every address that comes from data (server answers, stored settings,
 * properties, a page's query) passes here before it becomes an `href`, an `src`, a script, a redirect or a
 * navigation. Only http(s) is answered, absolute or relative to `base`; `javascript:`, `data:` (save `data:image/…` for
 * an `<img>`), `vbscript:`, `blob:`, `file:`, userinfo (`https://a@b/`), protocol-relative (`//evil`),
 * backslashes, control characters and spaces inside the value (`java\tscript:`, which browsers silently drop) and
 * entity- or percent-encoded schemes (`javascript&colon;`, `javascript%3A`) are refused.
 *
 * Where the address is followed by the portal itself (a redirect, a script, a way back), `origins` limits it to
 * the base's own origin plus an allow-list.
 */

export interface SafeUrlPolicy {
  /**
   * What relative values resolve against (an http(s) page address). Default: the document's base URI, else the
   * page's address. When it is not http(s), only absolute http(s) values can pass.
   */
  base?: string;
  /**
   * When given, the result must be on the base's own origin or on one of these origins (entries that are not a
   * plain http(s) origin are ignored). Absent: any http(s) origin (a link to another site).
   */
  origins?: readonly string[];
  /** For an `<img>`: also accept an inline picture (`data:image/png;base64,…`). Never with `origins`. */
  image?: boolean;
}

/**
 * Inline pictures: `data:image/…` only. An `<img>` runs no script whatever it shows (SVG included, in its static
 * mode), so pictures may be inline; nothing else may, and a link never.
 */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/** C0 and C1 control characters, spaces of every kind and backslashes: browsers drop or rewrite them. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const OBFUSCATION = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/;

/** Userinfo in the raw text (`https://evil@host/`, `https://:@host/`), which the parser may silently drop. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/*[^/?#]*@/i;

/** The value's head (before any path, query or fragment) may not hide its scheme behind `&…;` or `%xx`. */
const ENCODED_HEAD = /^[^/?#]*[&%]/;

function defaultBase(): string | undefined {
  const doc = (globalThis as { document?: { baseURI?: string } }).document;
  return doc?.baseURI ?? (globalThis as { location?: { href?: string } }).location?.href;
}

const isHttp = (url: URL): boolean => url.protocol === 'https:' || url.protocol === 'http:';

/** The normalised origin of a plain http(s) origin or page address without userinfo, else null. */
export function httpOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value);
    return isHttp(url) && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The absolute address to use for `candidate`, or null when it must not be used. Surrounding spaces are trimmed
 * (as every browser does); anything else listed above refuses the value.
 */
export function safeUrl(candidate: unknown, policy: SafeUrlPolicy = {}): string | null {
  if (typeof candidate !== 'string') return null;
  const raw = candidate.trim();
  if (!raw) return null;
  if (policy.image && !policy.origins && DATA_IMAGE.test(raw)) return raw;
  if (OBFUSCATION.test(raw) || ENCODED_HEAD.test(raw) || USERINFO.test(raw)) return null;
  // Protocol-relative: another host, whatever the base.
  if (raw.startsWith('//')) return null;
  const baseText = policy.base ?? defaultBase();
  let base: URL | undefined;
  try {
    base = baseText ? new URL(baseText) : undefined;
  } catch {
    base = undefined;
  }
  if (base && !isHttp(base)) base = undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (!isHttp(url) || url.username || url.password) return null;
  if (policy.origins) {
    const own = base ? httpOrigin(base.href) : null;
    const allowed = new Set<string>(own ? [own] : []);
    for (const entry of policy.origins) {
      const origin = httpOrigin(entry);
      if (origin) allowed.add(origin);
    }
    if (!allowed.has(url.origin)) return null;
  }
  return url.href;
}
