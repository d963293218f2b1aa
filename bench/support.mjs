// Helpers shared by the benchmarks (not a benchmark itself: the runner loads only *.bench.mjs).

import { randomBytes } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';

export const DEMO_PASSWORD = 'Edu@2026';

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Signs `username` in by the real login call: the session user and the cookies to send with later calls. */
export async function signInForCookie(baseURL, username = 'teacher1') {
  const response = await fetch(`${baseURL}/api/uaa/oauth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = await response.json();
  if (body.status !== 200) throw new Error(`bench: ${username} could not sign in`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { user: body.data, cookie };
}

/** Signs `username` in from a Playwright page's context: the session cookies land in the context. */
export async function signInPage(page, username = 'teacher1') {
  const login = await page.request.post('/api/uaa/oauth/login', { data: { username, password: DEMO_PASSWORD } });
  if ((await login.json()).status !== 200) throw new Error(`bench: ${username} could not sign in`);
}

/**
 * Opens `/__bench/{name}.html` on the server's own origin (its requests and cookies as in real use): the drop-in
 * bundle, `head` and `body`. The route goes once the page is loaded: with one in place Playwright intercepts every
 * request of the page, upload chunks included (about 200 ms each here).
 */
export async function openBenchPage(page, baseURL, name, { head = '', body }) {
  const html = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <title>${name} benchmark</title>
    <script type="module" src="/edu-elements.js"></script>
    ${head}
  </head>
  <body>${body}</body>
</html>`;
  const url = `${baseURL}/__bench/${name}.html`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url);
  await page.unrouteAll();
}

/** Writes `size` random bytes to `path` in 16 MiB blocks. */
export function writeRandomFile(path, size) {
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size;) {
      const block = randomBytes(Math.min(16 * 1024 * 1024, size - written));
      writeSync(fd, block);
      written += block.length;
    }
  } finally {
    closeSync(fd);
  }
}
