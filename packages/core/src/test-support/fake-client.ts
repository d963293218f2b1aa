/** A request client stand-in for unit tests of calls: it records every call and answers from a table. */
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';

export interface Call {
  method: 'get' | 'post';
  url: string;
  payload: unknown;
  options: unknown;
}

/** A client that records calls and answers from a table; a function answer may throw. */
export function fakeClient(answers: Record<string, unknown | ((payload: unknown) => unknown)> = {}) {
  const calls: Call[] = [];
  const answer = async (method: 'get' | 'post', url: string, payload: unknown, options: unknown) => {
    calls.push({ method, url, payload, options });
    const entry = answers[url];
    const data = typeof entry === 'function' ? (entry as (p: unknown) => unknown)(payload) : entry;
    return { status: 200, code: 'ok', message: '', fieldErrors: [], data: data ?? null };
  };
  const client = {
    get: (url: string, params?: unknown, options?: unknown) => answer('get', url, params, options),
    post: (url: string, body?: unknown, options?: unknown) => answer('post', url, body, options),
  } as unknown as Client;
  return { client, calls };
}

/** An answer that refuses the call (403 forbidden), as the client rejects a refused call. */
export const refuse = () => {
  throw new RequestError({ kind: 'business', status: 403, code: 'forbidden', message: 'forbidden' });
};
