/** Password guessing limits: per account, per address, growing locks, auto-login never locked. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_THROTTLE } from '../src/auth/throttle.ts';
import { Client, PASSWORD, useServer } from './helpers.ts';

const server = useServer();
const { configure } = server;

async function attempt(username: string, password: string) {
  const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login', { json: { username, password } });
  return body;
}

const LOCK_MESSAGE =
  /^登录失败次数过多，请 (\d+) 分钟后再试\|\|\|Too many failed sign-ins, please try again in (\d+) minutes?$/;

function assertLocked(body: { status: number; code: string; message: string }, minutes?: number) {
  assert.equal(body.status, 429, JSON.stringify(body));
  assert.equal(body.code, 'too_many_attempts');
  const match = LOCK_MESSAGE.exec(body.message);
  assert.ok(match, body.message);
  assert.equal(match[1], match[2]);
  if (minutes !== undefined) assert.equal(Number(match[1]), minutes);
}

describe('password guessing limits', () => {
  it('100 parallel wrong passwords check at most 5 and lock the rest; the lock ends, doubling, and success clears it', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt('teacher1', `guess-${i}`)));
    const wrong = answers.filter((b) => b.status === 400 && b.code === 'invalid_grant');
    const locked = answers.filter((b) => b.status === 429);
    assert.equal(wrong.length, DEFAULT_THROTTLE.accountFailures);
    assert.equal(locked.length, 100 - DEFAULT_THROTTLE.accountFailures);
    locked.forEach((body) => assertLocked(body));
    // During the lock even the right password is refused, before it is checked.
    assertLocked(await attempt('teacher1', PASSWORD), 1);
    assertLocked(await attempt('TEACHER1', 'guess-again'), 1);

    // One minute later one more guess is allowed; a wrong one locks again, twice as long.
    await configure({ clockOffsetMs: 61_000 });
    assert.equal((await attempt('teacher1', 'guess-after-lock')).code, 'invalid_grant');
    assertLocked(await attempt('teacher1', PASSWORD), 2);

    await configure({ clockOffsetMs: 61_000 + 121_000 });
    assert.equal((await attempt('teacher1', PASSWORD)).status, 200);
    // Success cleared the account: four more wrong passwords are answered as wrong, not locked.
    for (let i = 0; i < DEFAULT_THROTTLE.accountFailures - 1; i++) {
      assert.equal((await attempt('teacher1', `fresh-${i}`)).code, 'invalid_grant');
    }
    assert.equal((await attempt('teacher1', PASSWORD)).status, 200);
  });

  it('a stale remembered password retried (auto-login, 4 tries) and retyped never locks the account', async () => {
    for (let i = 0; i < 12; i++) {
      assert.equal((await attempt('parent1', 'Edu@2025')).code, 'invalid_grant');
    }
    // Three real typos after that still leave room before a lock.
    for (const typo of ['edu@2026', 'Edu@2O26', 'Edu2026']) {
      assert.equal((await attempt('parent1', typo)).code, 'invalid_grant');
    }
    assert.equal((await attempt('parent1', PASSWORD)).status, 200);
  });

  it('limits an address across accounts: guesses spread over many names lock other accounts from it too', async () => {
    const limit = DEFAULT_THROTTLE.addressFailures;
    for (let i = 0; i < limit; i++) {
      const body = await attempt(`nobody-${i}`, 'guess');
      assert.equal(body.code, 'invalid_grant', `attempt ${i}: ${JSON.stringify(body)}`);
    }
    assertLocked(await attempt('area1', PASSWORD), 1);
    assertLocked(await attempt('nobody-x', 'guess'), 1);
    await configure({ clockOffsetMs: 61_000 });
    assert.equal((await attempt('area1', PASSWORD)).status, 200);
  });

  it('the form post and the bind page share the limits', async () => {
    for (let i = 0; i < DEFAULT_THROTTLE.accountFailures; i++) await attempt('staff4', `guess-${i}`);
    const client = new Client(server.url);
    const form = await client.raw('POST', '/api/uaa/oauth/form_login', {
      form: { username: 'staff4', password: PASSWORD },
    });
    assert.equal(form.status, 303);
    assert.match(form.headers.get('location') ?? '', /error=invalid_grant/);
    assert.equal(client.cookie('edu_at'), undefined);
    const bind = await client.call('POST', '/api/uaa/social/bind', {
      json: { username: 'staff4', password: PASSWORD, openid: 'some-openid' },
    });
    assertLocked(bind.body);
  });
});
