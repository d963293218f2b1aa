/**
 * The few HTML pages the server renders itself (the development social provider, the demo SSO client's callback).
 * Every interpolated value goes through `escapeHtml`; the pages run no script and may only be framed by the portal.
 */
import type { FastifyReply } from 'fastify';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

const STYLE = `
  body { font: 15px/1.5 system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; background: #f4f6fa; color: #1f2d3d; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: 10px; padding: 1.5rem 2rem;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  p.note { color: #5a6b7d; font-size: .875rem; }
  ul { list-style: none; padding: 0; }
  li { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .75rem 0;
       border-top: 1px solid #e6eaf0; }
  button { font: inherit; padding: .4rem 1rem; border: 0; border-radius: 6px; background: #457cd6; color: #fff;
           cursor: pointer; }
  button:focus-visible { outline: 3px solid #1e5fbf; outline-offset: 2px; }
  code { background: #eef2f8; padding: .1rem .3rem; border-radius: 4px; word-break: break-all; }
  .error { color: #c0261f; }
`;

/** A complete page; `title` is escaped here, `body` must already be escaped by the caller. */
export function htmlPage(title: string, body: string, lang = 'zh-CN'): string {
  return (
    `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${body}</main></body></html>\n`
  );
}

/**
 * Sends a page with headers that keep it inert: no script, forms only to this origin, framing only by the portal
 * (the login dialog may show the provider page in its QR container) and no caching; `nosniff` and no Referer come
 * with every HTML answer (http/security.ts).
 */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; " +
        "frame-ancestors 'self'; base-uri 'none'",
    )
    .header('cache-control', 'no-store')
    .send(html);
}
