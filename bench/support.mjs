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
