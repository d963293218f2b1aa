/**
 * Steering the reference server's test hooks from browser tests (docs/decisions.md "Test hooks"). Uses plain
 * `fetch`, not the client under test, so a broken client cannot hide behind its own helpers.
 */
import { setNotifier, type Notice } from '../platform/notify.ts';

export const DEMO_PASSWORD = 'Edu@2026';

async function post(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return response.json() as Promise<unknown>;
}

export function resetServer(): Promise<unknown> {
  return post('/api/__test/reset');
}

export interface HookConfig {
  accessTtlMs?: number | null;
  refreshTtlMs?: number | null;
  tamperSignature?: boolean;
  delayMs?: number;
  failPaths?: { path: string; httpStatus?: number; bodyStatus?: number; count?: number; message?: string }[];
}

export function configureServer(config: HookConfig): Promise<unknown> {
  return post('/api/__test/config', config);
}

export function expireAccessTokens(): Promise<unknown> {
  return post('/api/__test/expire');
}

/** Calls per "METHOD /path" since the last reset. */
export async function serverCalls(): Promise<Record<string, number>> {
  const response = await fetch(`/api/__test/stats?_t=${Date.now()}`, { credentials: 'include' });
  const body = (await response.json()) as { data: { calls: Record<string, number> } };
  return body.data.calls;
}

/** Logs a demo account in with fetch; the session cookies land in the page's cookie jar. */
export async function loginAs(username = 'teacher1'): Promise<Record<string, unknown>> {
  const body = (await post('/api/uaa/oauth/login', { username, password: DEMO_PASSWORD })) as {
    status: number;
    data: Record<string, unknown>;
  };
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Logs out with fetch, dropping the session cookies. */
export function logoutServer(): Promise<unknown> {
  return post('/api/uaa/oauth/logout');
}

/** Captures every notice until `restore()`; the console notifier stays out of the test output. */
export function captureNotices(): { notices: Notice[]; restore: () => void } {
  const notices: Notice[] = [];
  const previous = setNotifier((notice) => notices.push(notice));
  return { notices, restore: () => setNotifier(previous) };
}
