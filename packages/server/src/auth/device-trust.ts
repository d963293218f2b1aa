/**
 * Trusted devices (OWASP "device cookies"): a browser that signed in to an account gets an http-only `edu_dev`
 * cookie naming the accounts signed in from it, signed with a key of this server. The guessing limits
 * (throttle.ts) let such a device try its own accounts even while they are locked for everyone else, so a guesser
 * behind the school's address, or anywhere, cannot lock the owner out. The cookie names at most `MAX_ACCOUNTS`
 * accounts (the newest) and holds a random device id, so each device's own failures are counted apart.
 *
 * The key lives in `<dataDir>/device-trust.key` (made on first start, readable by the server's user only), so
 * devices stay trusted across restarts; deleting it untrusts every device.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';

export const DEVICE_COOKIE = 'edu_dev';
/** The login calls only: the cookie never travels with ordinary API calls. */
export const DEVICE_COOKIE_PATH = '/api/uaa';
const MAX_ACCOUNTS = 10;
const MAX_AGE_S = 365 * 24 * 60 * 60;

interface DeviceRecord {
  /** Random device id. */
  d: string;
  /** Login names (lower case) that signed in from this device, newest first. */
  n: string[];
}

function loadKey(ctx: ServerContext): Buffer {
  const path = join(dirname(ctx.storageDir), 'device-trust.key');
  try {
    const key = readFileSync(path);
    if (key.length >= 32) return key;
  } catch {
    // first start: made below
  }
  const key = randomBytes(32);
  writeFileSync(path, key, { mode: 0o600 });
  return key;
}

export class DeviceTrust {
  private readonly key: Buffer;

  constructor(ctx: ServerContext) {
    this.key = loadKey(ctx);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  /** The request's device record, when its cookie is present and signed by this server. */
  read(request: FastifyRequest): DeviceRecord | null {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value || value.length > 2048) return null;
    const [body = '', signature = ''] = value.split('.');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const record = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DeviceRecord;
      if (typeof record.d !== 'string' || !Array.isArray(record.n)) return null;
      return { d: record.d, n: record.n.filter((name): name is string => typeof name === 'string') };
    } catch {
      return null;
    }
  }

  /** The device id when this request's device signed in to `loginName` before; else null. */
  trustedFor(request: FastifyRequest, loginName: string): string | null {
    const record = this.read(request);
    return record && record.n.includes(loginName.trim().toLowerCase()) ? record.d : null;
  }

  /** Marks the request's device as one `loginName` signed in from (answers with the renewed cookie). */
  remember(reply: FastifyReply, loginName: string): void {
    const previous = this.read(reply.request);
    const name = loginName.toLowerCase();
    const record: DeviceRecord = {
      d: previous?.d ?? randomBytes(12).toString('base64url'),
      n: [name, ...(previous?.n ?? []).filter((n) => n !== name)].slice(0, MAX_ACCOUNTS),
    };
    const body = Buffer.from(JSON.stringify(record)).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, `${body}.${this.sign(body)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: reply.request.protocol === 'https',
      path: DEVICE_COOKIE_PATH,
      maxAge: MAX_AGE_S,
    });
  }
}
