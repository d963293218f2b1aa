/**
 * Reading login parameters from the address and removing them once used (DESIGN §6). The host routes with the
 * hash (`/#/login?ticket=…`), so a parameter may sit in `location.search` or in the hash's own query; both are read
 * and both are cleaned.
 */
import type { SocialIdentity } from './api.ts';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The hash split into its route path and its query (`#/login?x=1` → `/login`, `x=1`). */
function splitHash(hash: string): { path: string; query: string } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const at = body.indexOf('?');
  return at < 0 ? { path: body, query: '' } : { path: body.slice(0, at), query: body.slice(at + 1) };
}

/** A parameter from the query, else from the hash's query; null when absent or empty. */
export function readParam(url: string, key: string): string | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const fromSearch = parsed.searchParams.get(key);
  if (fromSearch) return fromSearch;
  const fromHash = new URLSearchParams(splitHash(parsed.hash).query).get(key);
  return fromHash || null;
}

/** The route path: the hash's path under hash routing (`#/redirect/x` → `/redirect/x`), else the pathname. */
export function routePath(url: string): string {
  const parsed = parse(url);
  if (!parsed) return '';
  const { path } = splitHash(parsed.hash);
  return path.startsWith('/') ? path : parsed.pathname;
}

/** `url` without the given keys in its query and in its hash's query; other parameters keep their order. */
export function stripParams(url: string, keys: readonly string[]): string {
  const parsed = parse(url);
  if (!parsed || keys.length === 0) return url;
  for (const key of keys) parsed.searchParams.delete(key);
  // `searchParams.delete` leaves a bare `?` behind when the query empties.
  if (!parsed.searchParams.toString()) parsed.search = '';
  const { path, query } = splitHash(parsed.hash);
  if (query) {
    const params = new URLSearchParams(query);
    for (const key of keys) params.delete(key);
    const rest = params.toString();
    parsed.hash = rest ? `${path}?${rest}` : path;
  }
  return parsed.href;
}

export interface AddressBar {
  /** The current address. */
  href: () => string;
  replaceState: (url: string) => void;
}

/** The page's address bar, or null where there is none (workers, tests without a window). */
export function browserAddressBar(): AddressBar | null {
  const { location, history } = globalThis as { location?: Location; history?: History };
  if (!location || !history) return null;
  return {
    href: () => location.href,
    replaceState: (url) => {
      try {
        history.replaceState(history.state, '', url);
      } catch {
        // A cross-origin or sandboxed document: the address cannot be changed, nothing else to do.
      }
    },
  };
}

/**
 * Removes used tickets and tokens from the address bar with `history.replaceState` (no reload, no history entry).
 * Returns the cleaned address.
 */
export function cleanAddressBar(keys: readonly string[], bar: AddressBar | null = browserAddressBar()): string {
  if (!bar) return '';
  const current = bar.href();
  const cleaned = stripParams(current, keys);
  if (cleaned !== current) bar.replaceState(cleaned);
  return cleaned;
}

/** The bind page's query (spec part 1 §2): id, openid, unionid and deviceId. */
export interface BindParams extends SocialIdentity {
  deviceId: string;
}

/** The identity the bind page was opened with; null when it has no openid (nothing to bind). */
export function readBindParams(url: string): BindParams | null {
  const value = (key: string) => readParam(url, key) ?? '';
  const params = { id: value('id'), openid: value('openid'), unionid: value('unionid'), deviceId: value('deviceId') };
  return params.openid ? params : null;
}
