/**
 * What every request and answer goes through for the server's own safety (README "Security"):
 * - **Where a state-changing request comes from.** A POST, PUT, PATCH or DELETE (and the few GETs that change
 *   state, marked `config.changesState`) whose `Origin` is not the portal's own origin or a configured allowed origin,
 *   or whose `Sec-Fetch-Site` says another site sent it, is refused with HTTP 403 before anything runs: a page on
 *   another port, a sibling subdomain or another site cannot post a face, a login or a logout with the user's
 *   cookies (cross-site request forgery). Requests without either header come from programs, not browsers, and
 *   carry no ambient cookie a page could borrow, so they go ahead (OWASP CSRF cheat sheet, "verifying origin").
 * - **Forms only where forms are posted.** `application/x-www-form-urlencoded` bodies (what a plain HTML form posts
 *   cross-site without a preflight) are accepted only by routes marked `config.acceptsForm`: the login box's form
 *   post, downloads and exports, the paged list's form mode, the server's own pages. Elsewhere: HTTP 415.
 * - **Headers on every answer.** `X-Content-Type-Options: nosniff` everywhere; every HTML page gets a
 *   Content-Security-Policy (scripts only from this origin, plus the hashes of the page's own inline scripts),
 *   `frame-ancestors 'self'` (plus configured parents) and no Referer (a ticket or code may still be in the address).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

export interface SecurityOptions {
  /**
   * Origins (`scheme://host[:port]`) besides the portal's own that may send state-changing requests: a development
   * server proxying to this one, a portal page on another host that embeds the kit (EDU_ALLOWED_ORIGINS).
   */
  allowedOrigins: string[];
  /** CSP `frame-ancestors` sources besides 'self': the known parents that may frame the portal (EDU_FRAME_ANCESTORS). */
  frameAncestors: string[];
  /** Sources the pages may connect to besides their own origin (a real speech gateway, `wss://…`). */
  connectSources: string[];
}

export const defaultSecurityOptions = (): SecurityOptions => ({
  allowedOrigins: [],
  frameAncestors: [],
  connectSources: [],
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes url-encoded form bodies (a plain HTML form posts here). */
    acceptsForm?: boolean;
    /** A GET that changes state (the identity switch): checked for its origin like a POST. */
    changesState?: boolean;
    /** The route answers a cross-origin request itself (`request.crossOrigin`), e.g. with a redirect for a form. */
    answersCrossOrigin?: boolean;
  }
  interface FastifyRequest {
    /** A state-changing request that did not come from the portal (set before the route runs). */
    crossOrigin: boolean;
  }
}

export const SECURITY_MESSAGES = {
  crossOrigin:
    '请求来源不被允许，请从门户页面重试|||This request did not come from the portal; please try again from the portal page',
  formNotAccepted: '请求格式不被接受|||This call does not accept form posts',
} as const;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin the request was sent to, as the browser names it (`http://127.0.0.1:8080`). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Normalises a configured origin (`https://Portal.example.edu/` → `https://portal.example.edu`); null when not one. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** Whether a request may change state, judged by where the browser says it came from. */
export function comesFromPortal(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (typeof origin === 'string' && origin !== 'null') return origin === ownOrigin(request) || allowed.has(origin);
  // `Origin: null` is what the portal's own form posts send under its no-referrer policy, and what a sandboxed frame
  // or a data: page sends: the browser's Sec-Fetch-Site tells them apart; a null origin without it is refused.
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  return origin === undefined;
}

export function installRequestOriginCheck(app: FastifyInstance, options: SecurityOptions): void {
  const allowed = new Set(options.allowedOrigins.map(normaliseOrigin).filter((o): o is string => o !== null));
  app.decorateRequest('crossOrigin', false);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    const checked = UNSAFE_METHODS.has(request.method) || config?.changesState === true;
    request.crossOrigin = checked && !comesFromPortal(request, allowed);
    if (request.crossOrigin && config?.answersCrossOrigin !== true) {
      request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-origin');
      return reply.code(403).send(fail(403, 'cross_origin_refused', SECURITY_MESSAGES.crossOrigin));
    }
    const type = String(request.headers['content-type'] ?? '');
    if (/^application\/x-www-form-urlencoded\b/i.test(type) && config?.acceptsForm !== true) {
      return reply.code(415).send(fail(415, 'form_not_accepted', SECURITY_MESSAGES.formNotAccepted));
    }
  });
}

/** SHA-256 CSP sources of every inline `<script>` of an HTML text (`'sha256-…'`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The inline script hashes of every `.html` file under `dir` (the built host and its legacy pages). */
export function inlineScriptHashesOfDir(dir: string): string[] {
  const hashes = new Set<string>();
  const walk = (folder: string, depth: number) => {
    if (depth > 4) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (entry.name.endsWith('.html'))
        for (const hash of inlineScriptHashes(readFileSync(path, 'utf8'))) hashes.add(hash);
    }
  };
  try {
    walk(dir, 0);
  } catch {
    // no static directory: API-only start
  }
  return [...hashes].sort();
}

/** The Content-Security-Policy of the host's pages. */
export function pagePolicy(options: SecurityOptions, scriptHashes: string[]): string {
  const frameAncestors = ["'self'", ...options.frameAncestors].join(' ');
  return [
    "default-src 'self'",
    // WebAssembly: the MD5 of uploads (hash-wasm) where no Worker runs it, face detection's tfjs backend. blob: the
    // voice recorder's AudioWorklet module, built from the page's own script (worklets follow script-src, not
    // worker-src); a blob: URL can only be made by a script that already runs.
    `script-src 'self' blob: 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
    // Lit and React set styles through the CSSOM; a few elements and pages still carry style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Face photos and previews are data: and blob: URLs.
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${options.connectSources.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Headers of every answer: `nosniff` always; on HTML pages without a policy of their own, the page policy and no
 * Referer. `scriptHashes` are the hashes of the inline scripts the static pages carry.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions, scriptHashes: string[]): void {
  const policy = pagePolicy(options, scriptHashes);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^text\/html\b/i.test(type)) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
      if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'no-referrer');
    }
    return payload;
  });
}
