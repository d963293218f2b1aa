/**
 * Addresses the server redirects to or hands out. Only the portal's own origin is ever followed: a value is
 * resolved against the request's `Host` and refused when it names another host or a scheme other than http(s).
 */
import type { FastifyRequest } from 'fastify';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';

/** Stands in for the host when a request has none, so a relative path still resolves (and nothing else matches). */
const NO_HOST = 'portal.invalid';

/** The host (and port) the browser used to reach the portal, lower-case. */
export const portalHost = (request: FastifyRequest): string => (request.host || NO_HOST).toLowerCase();

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** Whether an address names its scheme (`https://…`) rather than being relative to the portal. */
export const isAbsolute = (address: string): boolean => ABSOLUTE.test(address);

/** `/x?y#z` of a URL, with leading slashes collapsed so that the result can never read as `//other.host`. */
const pathOf = (url: URL): string => `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;

/** Parses a relative or absolute http(s) address on the given host; null when it cannot be parsed. */
export function parseAddress(value: string, host: string): URL | null {
  // Browsers drop tabs and newlines inside URLs; refusing control characters keeps what we check what they follow.
  // eslint-disable-next-line no-control-regex
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, `http://${host}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The address as a same-origin path (`/x?y#z`), or null when it is empty, unparsable or on another origin. */
export function localPath(value: string | undefined, host: string): string | null {
  const url = parseAddress((value ?? '').trim(), host);
  return url && url.host === host ? pathOf(url) : null;
}

/** Whether a header value such as `Origin` or `Referer` names the portal's own host. */
export function isSameHost(value: string | undefined, host: string): boolean {
  if (!value || !ABSOLUTE.test(value)) return false;
  const url = parseAddress(value, host);
  return !!url && url.host === host;
}

/** Adds (or replaces) query parameters before any `#fragment`; a relative address stays relative. */
export function appendQuery(address: string, params: Record<string, string | undefined>): string {
  const absolute = ABSOLUTE.test(address);
  const url = new URL(address, `http://${NO_HOST}`);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return absolute ? url.href : pathOf(url);
}

/** Resolves stored relative values only to check them; nothing here is ever followed against this host. */
const STORED_BASE = `http://${NO_HOST}/`;

/**
 * A stored address as it may be handed to a browser (core's one safe-URL rule, `safeUrl`): http(s), absolute or a
 * path of the portal, no userinfo, no hidden scheme; `image` also lets an inline raster picture through. Answers
 * the value as stored, or null when it must not leave the server.
 */
export function storedUrl(value: unknown, options: { image?: boolean } = {}): string | null {
  if (typeof value !== 'string') return null;
  return safeUrl(value, { base: STORED_BASE, image: options.image }) ? value.trim() : null;
}
