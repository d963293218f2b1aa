/**
 * Steering the reference server's test hooks from browser tests (docs/decisions.md "Test hooks"). Uses plain
 * `fetch`, not the client under test, so a broken client cannot hide behind its own helpers.
 */
import { RequestError } from '../http/errors.ts';
import { setNotifier, type Notice } from '../platform/notify.ts';
import { DEMO_PASSWORD as SERVER_DEMO_PASSWORD } from '../../../server/src/config.ts';

/** The password of every demo account: the reference server's own constant. */
export const DEMO_PASSWORD = SERVER_DEMO_PASSWORD;

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

/** The development speech gateway's test hooks (`/api/__test/voice/config`); transcripts by login name. */
export interface VoiceHookConfig {
  tokenTtlMs?: number | null;
  maxSpeechMs?: number | null;
  idleTimeoutMs?: number | null;
  stallAt?: 'start' | 'stop' | null;
  dropAt?: 'start' | 'stop' | null;
  transcripts?: Record<string, string>;
}

export function configureVoice(config: VoiceHookConfig): Promise<unknown> {
  return post('/api/__test/voice/config', config);
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

/**
 * A one-time login ticket for the signed-in user, as another system's SSO portal issues one (the test hook
 * `/api/__test/ticket`): a ticket this server issues itself ends with the session that asked for it, so a test that
 * signs out before using the ticket needs one from "elsewhere".
 */
export async function issueTicket(): Promise<string> {
  const me = (await (await fetch('/api/uaa/oauth/me', { credentials: 'include' })).json()) as {
    status: number;
    data: { loginName: string };
  };
  if (me.status !== 200) throw new Error(`no session to issue a ticket for: ${JSON.stringify(me)}`);
  const body = (await post('/api/__test/ticket', { username: me.data.loginName })) as {
    status: number;
    data: { ticket: string };
  };
  if (body.status !== 200) throw new Error(`no ticket: ${JSON.stringify(body)}`);
  return body.data.ticket;
}

export const DEV_SOCIAL_AUTHORIZE_PATH = '/api/uaa/social/dev/authorize';

/** Seeded social identities (packages/server/src/db/seed-data.ts): teacher1's, and one bound to nobody. */
export const SOCIAL_OPENIDS = {
  weixinTeacher1: 'o-wx-teacher1-3f9a2c',
  weixinGuest: 'o-wx-guest-8b41d0',
  workWeixinTeacher1: 'qy-limh',
} as const;

/**
 * "Scans as" a seeded identity at the reference server's development provider (what its page's form does) and
 * answers the code (or token) and state it sends the browser back with.
 */
export async function scanAs(
  openid: string,
  { provider = 'weixin', state = 'weixin.test', responseType = 'code' } = {},
): Promise<{ code: string | null; token: string | null; state: string | null }> {
  // Any page the test server has: only the address the browser is sent back to matters.
  const redirect = '/package.json';
  const page = await fetch(
    `${DEV_SOCIAL_AUTHORIZE_PATH}?${new URLSearchParams({ provider, state, redirect_uri: redirect })}`,
  ).then((r) => r.text());
  const doc = new DOMParser().parseFromString(page, 'text/html');
  const item = Array.from(doc.querySelectorAll('li')).find((li) =>
    Array.from(li.querySelectorAll('code')).some((c) => c.textContent === openid),
  );
  const identity = item?.querySelector<HTMLInputElement>('input[name="identity"]')?.value;
  if (!identity) throw new Error(`no identity ${openid} at the development provider of ${provider}`);
  const form = new URLSearchParams({ provider, state, redirect_uri: redirect, response_type: responseType, identity });
  const response = await fetch(DEV_SOCIAL_AUTHORIZE_PATH, { method: 'POST', body: form, credentials: 'include' });
  const back = new URL(response.url);
  if (back.pathname !== redirect) throw new Error(`the provider did not send the browser back: ${response.url}`);
  return {
    code: back.searchParams.get('code'),
    token: back.searchParams.get('token'),
    state: back.searchParams.get('state'),
  };
}

/**
 * The error a call rejects with, a `RequestError` unless another class is named; throws when it resolves or rejects
 * with anything else.
 */
export async function rejection<E extends Error = RequestError>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E = RequestError as unknown as abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
