/** Test helpers: a real server on a free port with a throw-away data directory, and a cookie-keeping client. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildServerOptions } from '../src/index.ts';
import { DEMO_PASSWORD } from '../src/config.ts';
import { AREA_UNIT, SCHOOL_UNIT, USERS } from '../src/db/seed-data.ts';

/** The password of every demo account (the server's own constant). */
export const PASSWORD = DEMO_PASSWORD;

const seededId = (loginName: string): number => {
  const user = USERS.find((candidate) => candidate.loginName === loginName);
  if (!user) throw new Error(`no seeded user ${loginName}`);
  return user.id;
};
/** The ids of the seeded demo accounts and units (db/seed-data.ts). */
export const TEACHER1 = seededId('teacher1');
export const PARENT2 = seededId('parent2');
export const PARENT1 = seededId('parent1');
export const AREA1 = seededId('area1');
export const STAFF4 = seededId('staff4');
export const ADMIN1 = seededId('admin1');
export const STUDENT1 = seededId('student1');
export const SCHOOL = SCHOOL_UNIT.id;
export const AREA = AREA_UNIT.id;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'edu-server-test-'));
}

export async function startServer(options: Partial<BuildServerOptions> = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const app = await buildServer({ testHooks: true, ...options, dataDir });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url: address,
    dataDir,
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parsed JSON of an answer; tests read it freely and assert on what they need. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Envelope<T = Json> {
  status: number;
  code: string;
  message: string;
  fieldErrors: { field: string; message: string }[];
  data: T;
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attributeParts] = header.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of attributeParts) {
    const [key = '', ...rest] = part.split('=');
    attributes[key.toLowerCase()] = rest.length ? rest.join('=') : true;
  }
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes };
}

interface StoredCookie {
  value: string;
  path: string;
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send no cookies with this call. */
  anonymous?: boolean;
}

/** A browser-like client: keeps cookies by name and path, sends only those whose path matches. */
export class Client {
  readonly cookies = new Map<string, StoredCookie>();
  lastSetCookies: ParsedCookie[] = [];

  /**
   * `from`: the loopback address the requests leave from (127.0.0.2, 127.0.0.3 … reach a server on 127.0.0.1), so
   * that one test plays several clients: a school behind one address, a parent elsewhere.
   */
  constructor(
    readonly baseUrl: string,
    readonly from?: string,
  ) {}

  async call<T = Json>(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<{ response: Response; body: Envelope<T> }> {
    const response = await this.raw(method, path, options);
    const text = await response.text();
    return { response, body: JSON.parse(text) as Envelope<T> };
  }

  async raw(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const cookieHeader = options.anonymous ? '' : this.cookieHeaderFor(url.pathname);
    if (cookieHeader) headers.cookie = cookieHeader;
    const response = this.from
      ? await sendFrom(this.from, url, method, headers, body)
      : await fetch(url, { method, headers, body, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      const path = typeof cookie.attributes.path === 'string' ? cookie.attributes.path : '/';
      const expired =
        cookie.attributes['max-age'] === '0' ||
        (typeof cookie.attributes.expires === 'string' && Date.parse(cookie.attributes.expires) <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path });
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  private cookieHeaderFor(pathname: string): string {
    return [...this.cookies]
      .filter(
        ([, cookie]) =>
          pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}

/** One request through node:http from a chosen local address, answered as a fetch `Response`. */
function sendFrom(
  localAddress: string,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
        }
        const status = res.statusCode ?? 500;
        const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, headers: answer }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function login(server: { readonly url: string }, username: string, password = PASSWORD): Promise<Client> {
  const client = new Client(server.url);
  const { body } = await client.call('POST', '/api/uaa/oauth/login', { json: { username, password } });
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return client;
}

/** A server for the whole test file, its state reset before each test; `configure` sets the test hooks. */
export interface ServerSuite {
  readonly app: FastifyInstance;
  readonly url: string;
  /** The server's throw-away data directory (database and `storage/`). */
  readonly dataDir: string;
  /** A client without a session, for the test-hook calls under /api/__test/. */
  readonly control: Client;
  /** A plain GET of `path` on the server, without cookies: what a browser's first visit or a CDN asks. */
  get(path: string): Promise<Response>;
  configure(settings: Record<string, unknown>): ReturnType<Client['call']>;
}

/**
 * Registers the file's (or the enclosing `describe`'s) hooks: start one server built with `options`, reset it before
 * each test (unless `resetBeforeEach` is false: the tests then share its state), close it at the end.
 */
export function useServer(
  options: Partial<BuildServerOptions> = {},
  { resetBeforeEach = true }: { resetBeforeEach?: boolean } = {},
): ServerSuite {
  let running: { server: RunningServer; control: Client } | undefined;
  const current = () => {
    if (!running) throw new Error('the server starts in the before hook');
    return running;
  };
  before(async () => {
    const server = await startServer(options);
    running = { server, control: new Client(server.url) };
  });
  after(() => running?.server.close());
  beforeEach(async () => {
    if (resetBeforeEach) await current().control.call('POST', '/api/__test/reset');
  });
  return {
    get app() {
      return current().server.app;
    },
    get url() {
      return current().server.url;
    },
    get dataDir() {
      return current().server.dataDir;
    },
    get control() {
      return current().control;
    },
    configure: (settings) => current().control.call('POST', '/api/__test/config', { json: settings }),
    get: (path) => fetch(new URL(path, current().server.url)),
  };
}

/**
 * Runs `check` on every case of a table grouped by why the cases belong together (why they are refused, say); the
 * label names the group and the case, for assertion messages.
 */
export async function forEachCase(
  groups: Record<string, readonly string[]>,
  check: (value: string, label: string) => Promise<void>,
): Promise<void> {
  for (const [why, values] of Object.entries(groups)) {
    for (const value of values) await check(value, `${why}: ${JSON.stringify(value)}`);
  }
}

/** The body of a 200 JSON answer that browsers must ask for again each time (version files, app manifests). */
export async function freshJson<T = Json>(response: Response): Promise<T> {
  assert.equal(response.status, 200, response.url);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(response.headers.get('cache-control'), 'no-cache');
  return (await response.json()) as T;
}
