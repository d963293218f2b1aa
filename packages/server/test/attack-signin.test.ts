/**
 * The attack suite, sign-in side (README "Security"): each test performs an attack on a real server over HTTP, as
 * several clients (loopback addresses 127.0.0.2 … play a parent at home, a guesser, a school behind one address),
 * reports attempts / got through / data lost (attack-report.ts) and asserts that nothing got through.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { DEFAULT_THROTTLE } from '../src/auth/throttle.ts';
import { reportAttack } from './attack-report.ts';
import { Client, PASSWORD, startServer, useServer, type Envelope } from './helpers.ts';

const server = useServer();
const { configure } = server;

const SCHOOL = '127.0.0.1';
const HOME = '127.0.0.2';
const GUESSER = '127.0.0.3';
/** A page of another port on the same host: same site, another origin. */
const SAME_SITE_PAGE = 'http://127.0.0.1:9999';

async function signIn(username: string, from = SCHOOL, password = PASSWORD) {
  const client = new Client(server.url, from);
  const { body } = await client.call('POST', '/api/uaa/oauth/login', { json: { username, password } });
  return { client, body };
}

const isLocked = (body: Envelope) => body.status === 429 && body.code === 'too_many_attempts';

/** Someone checks that the server still answers an ordinary request. */
async function stillServes(): Promise<void> {
  const { body } = await signIn('student1', '127.0.0.9');
  assert.equal(body.status, 200, `the server still signs people in: ${JSON.stringify(body)}`);
}

describe('attack: cross-site request forgery', () => {
  it('attack: a same-site page posts a face, a login and a logout with the victim’s cookies', async (t) => {
    const { client: victim } = await signIn('teacher1');
    let attempts = 0;
    let gotThrough = 0;
    const forged = async (
      path: string,
      init: { form?: Record<string, string>; json?: unknown },
      headers: Record<string, string>,
    ) => {
      attempts++;
      const { response } = await victim.call('POST', path, { ...init, headers });
      if (response.status < 400) gotThrough++;
      return response;
    };
    const faceImage = Buffer.from('not really a photo').toString('base64');
    const origins: Record<string, string>[] = [
      { origin: SAME_SITE_PAGE },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of origins) {
      // An auto-submitting form (urlencoded) and a fetch (JSON) alike.
      await forged('/api/uaa/face/check', { form: { faceImage, userId: '10001' } }, headers);
      await forged('/api/uaa/face/check', { json: { faceImage, userId: '10001' } }, headers);
      await forged('/api/uaa/oauth/logout', { json: {} }, headers);
      await forged('/api/base/desktop/settheme', { json: { type: 'color', theme: '{"theme":"#000000"}' } }, headers);
      const anonymous = new Client(server.url, GUESSER);
      attempts++;
      const login = await anonymous.call('POST', '/api/uaa/oauth/login', {
        json: { username: 'student1', password: PASSWORD },
        headers,
      });
      if (login.response.status < 400 || anonymous.cookie('edu_at')) gotThrough++;
    }
    // The identity switch is a GET by the spec: a cross-site link must not switch either.
    attempts++;
    const parent = (await signIn('parent1')).client;
    const me = await parent.call('GET', '/api/uaa/oauth/me');
    const switched = await parent.call('GET', `/api/uaa/switch/login?userId=${me.body.data.userId}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    if (switched.response.status < 400) gotThrough++;

    const face = server.app.portal.db.prepare('SELECT 1 FROM user_faces WHERE user_id = 10001').get();
    const stillSignedIn = (await victim.call('GET', '/api/uaa/oauth/me')).body.status === 200;
    const dataLost = (face ? 1 : 0) + (stillSignedIn ? 0 : 1);
    reportAttack(t, 'CSRF: face, login, logout, theme, identity switch from another origin', {
      attempts,
      gotThrough,
      dataLost,
    });
    assert.equal(gotThrough, 0);
    assert.equal(dataLost, 0);

    // The portal's own pages still work: same origin (Origin or Sec-Fetch-Site), and programs without either.
    const own = await victim.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: '{"theme":"#4DB021"}' },
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(own.body.status, 200);
    // The portal's own form posts (downloads) send `Origin: null` under its no-referrer policy, and same-origin.
    const download = await victim.raw('POST', '/api/base/common/table2xls', {
      form: { title: 'x', data: '<table><tr><td>1</td></tr></table>' },
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(download.status, 200);
    assert.match(download.headers.get('content-disposition') ?? '', /attachment/);
    const plain = await victim.call('POST', '/api/uaa/oauth/logout', { json: {} });
    assert.equal(plain.body.status, 200);
  });

  it('answers a cross-origin form login by sending the browser back to its login page, signed out', async () => {
    const browser = new Client(server.url);
    const response = await browser.raw('POST', '/api/uaa/oauth/form_login', {
      form: { username: 'student1', password: PASSWORD, redirect_uri: '/' },
      headers: { origin: SAME_SITE_PAGE },
    });
    assert.equal(response.status, 303);
    assert.match(response.headers.get('location') ?? '', /error=invalid_request/);
    assert.equal(browser.cookie('edu_at'), undefined);
  });

  it('lets a configured origin (a development server, an embedding portal) post', async () => {
    const other = await startServer({ security: { allowedOrigins: ['http://localhost:5173/'] } });
    try {
      const client = new Client(other.url);
      const allowed = await client.call('POST', '/api/uaa/oauth/login', {
        json: { username: 'student1', password: PASSWORD },
        headers: { origin: 'http://localhost:5173' },
      });
      assert.equal(allowed.body.status, 200);
      const refused = await client.call('POST', '/api/uaa/oauth/logout', {
        headers: { origin: 'http://localhost:5174' },
      });
      assert.equal(refused.response.status, 403);
      assert.equal(refused.body.code, 'cross_origin_refused');
      assert.match(refused.body.message, /\|\|\|/);
    } finally {
      await other.close();
    }
  });
});

describe('attack: lockouts as a weapon', () => {
  it('attack: 60 wrong passwords on random names from the school’s one address do not shut the school out', async (t) => {
    // Two teachers signed in from the school's computers before (trusted devices).
    const { client: teacherDevice } = await signIn('teacher1', SCHOOL);
    await teacherDevice.call('POST', '/api/uaa/oauth/logout');
    let attempts = 0;
    for (let i = 0; i < 60; i++) {
      attempts++;
      await new Client(server.url, SCHOOL).call('POST', '/api/uaa/oauth/login', {
        json: { username: `nobody-${i}`, password: `guess-${i}` },
      });
    }
    // The guesser's address cools down…
    const student = await signIn('student1', SCHOOL);
    assert.ok(isLocked(student.body), JSON.stringify(student.body));
    assert.match(student.body.message, / 1 分钟后/, 'a cool-down of one minute at most');
    // … but a teacher on a school computer she signed in from before is let through, and a parent at home too.
    const again = await teacherDevice.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: PASSWORD },
    });
    const home = await signIn('parent1', HOME);
    // After the cool-down, everyone at the school signs in again; one more guess an hour does not hold it shut.
    await configure({ clockOffsetMs: 61_000 });
    const later = await signIn('student1', SCHOOL);
    await configure({ clockOffsetMs: 61_000 + 60 * 60_000 });
    await new Client(server.url, SCHOOL).call('POST', '/api/uaa/oauth/login', {
      json: { username: 'nobody-late', password: 'late' },
    });
    const afterOneMore = await signIn('admin1', SCHOOL);
    const owners = [again.body, home.body, later.body, afterOneMore.body];
    const ownersShutOut = owners.filter((b) => b.status !== 200).length;
    if (ownersShutOut) t.diagnostic(JSON.stringify(owners.map((b) => b.message)));
    reportAttack(t, 'address lockout of a school behind one NAT address', {
      attempts,
      gotThrough: ownersShutOut,
      dataLost: 0,
    });
    assert.equal(ownersShutOut, 0);
  });

  it('attack: wrong passwords on a known account lock the guesser, never the owner', async (t) => {
    let attempts = 0;
    let checked = 0;
    for (let i = 0; i < 20; i++) {
      attempts++;
      const { body } = await signIn('parent2', GUESSER, `guess-${i}`);
      if (body.code === 'invalid_grant') checked++;
    }
    const guesserWithRight = await signIn('parent2', GUESSER);
    // The owner, at home (an address that never failed) and on the school computer (a trusted device).
    const owner = await signIn('parent2', HOME);
    const ownerAgain = await signIn('parent2', SCHOOL);
    const gotThrough =
      Math.max(0, checked - DEFAULT_THROTTLE.accountFailures) + (guesserWithRight.body.status === 200 ? 1 : 0);
    reportAttack(t, 'account lockout of the owner by a guesser', {
      attempts,
      gotThrough: gotThrough + (owner.body.status === 200 ? 0 : 1) + (ownerAgain.body.status === 200 ? 0 : 1),
      dataLost: 0,
    });
    assert.ok(isLocked(guesserWithRight.body), 'the guesser waits, even with the right password');
    assert.equal(gotThrough, 0);
    assert.equal(owner.body.status, 200, 'the owner from an address that never failed');
    assert.equal(ownerAgain.body.status, 200);
    // The owner's success cleared only the owner's source: the guesser is still locked.
    assert.ok(isLocked((await signIn('parent2', GUESSER, 'guess-after')).body));
  });

  it('attack: a guesser with a trusted device of another account gets no extra tries', async () => {
    const { client } = await signIn('student1', GUESSER);
    for (let i = 0; i < DEFAULT_THROTTLE.accountFailures; i++) {
      await client.call('POST', '/api/uaa/oauth/login', { json: { username: 'area1', password: `g-${i}` } });
    }
    const locked = await client.call('POST', '/api/uaa/oauth/login', { json: { username: 'area1', password: 'g-x' } });
    assert.ok(isLocked(locked.body));
  });

  it('attack: X-Forwarded-For does not give a guesser new addresses unless TRUST_PROXY says so', async (t) => {
    let attempts = 0;
    let checked = 0;
    for (let i = 0; i < 20; i++) {
      attempts++;
      const client = new Client(server.url, GUESSER);
      const { body } = await client.call('POST', '/api/uaa/oauth/login', {
        json: { username: 'staff4', password: `spoof-${i}` },
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      });
      if (body.code === 'invalid_grant') checked++;
    }
    const gotThrough = Math.max(0, checked - DEFAULT_THROTTLE.accountFailures);
    reportAttack(t, 'spoofed X-Forwarded-For to dodge the limits', { attempts, gotThrough, dataLost: 0 });
    assert.equal(gotThrough, 0);

    // Behind a trusted proxy the forwarded address is the client's: two schools behind one proxy are told apart.
    const proxied = await startServer({ trustProxy: true });
    try {
      const fromSchoolA = (i: number) =>
        new Client(proxied.url).call('POST', '/api/uaa/oauth/login', {
          json: { username: 'teacher1', password: `a-${i}` },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      for (let i = 0; i < DEFAULT_THROTTLE.accountFailures; i++) await fromSchoolA(i);
      assert.ok(isLocked((await fromSchoolA(99)).body));
      const schoolB = await new Client(proxied.url).call('POST', '/api/uaa/oauth/login', {
        json: { username: 'teacher1', password: PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' },
      });
      assert.equal(schoolB.body.status, 200);
      const cookies = schoolB.response.headers.getSetCookie();
      assert.ok(cookies.length >= 2 && cookies.every((c) => /;\s*Secure/i.test(c)), 'Secure cookies over HTTPS');
    } finally {
      await proxied.close();
    }
  });
});

describe('attack: unthrottled credentials', () => {
  it('attack: 300 client id guesses check at most the address allowance', async (t) => {
    let checked = 0;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        new Client(server.url, GUESSER).call('POST', '/api/uaa/oauth/login_user_client', {
          json: { userClientId: `guess-client-${i}` },
        }),
      ),
    );
    for (const { body } of answers) if (body.code === 'invalid_grant') checked++;
    const locked = answers.filter(({ body }) => isLocked(body)).length;
    reportAttack(t, 'client id guessing (login_user_client)', {
      attempts: 300,
      gotThrough: Math.max(0, checked - DEFAULT_THROTTLE.addressFailures),
      dataLost: 0,
    });
    assert.ok(checked <= DEFAULT_THROTTLE.addressFailures, `${checked} checked`);
    assert.equal(locked, 300 - checked);
    await stillServes();
  });

  it('attack: SSO client secret guesses are limited before any scrypt', async (t) => {
    let checked = 0;
    for (let i = 0; i < 40; i++) {
      const { body } = await new Client(server.url, GUESSER).call('POST', '/api/uaa/shiyue_webauth/token', {
        form: { grant_type: 'authorization_code', code: 'x', client_id: 'demo-lms', client_secret: `secret-${i}` },
      });
      if (body.code === 'invalid_client') checked++;
    }
    reportAttack(t, 'SSO client secret guessing', {
      attempts: 40,
      gotThrough: Math.max(0, checked - DEFAULT_THROTTLE.accountFailures),
      dataLost: 0,
    });
    assert.equal(checked, DEFAULT_THROTTLE.accountFailures);
    await stillServes();
  });
});

describe('attack: what outlives a logout', () => {
  it('attack: a ticket issued before logout signs nobody in after it', async (t) => {
    const { client } = await signIn('teacher1');
    const { body } = await client.call('POST', '/api/uaa/oauth/ticket/issue');
    const ticket = body.data.ticket as string;
    await client.call('POST', '/api/uaa/oauth/logout');
    const thief = new Client(server.url, GUESSER);
    const used = await thief.call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}&unitHost=localhost`);
    const gotThrough = used.body.status === 200 ? 1 : 0;
    reportAttack(t, 'login ticket used after logout', { attempts: 1, gotThrough, dataLost: 0 });
    assert.equal(gotThrough, 0);
    assert.equal(thief.cookie('edu_at'), undefined);
  });

  it('attack: a speech token works neither after logout nor for ever on one socket', async (t) => {
    const { client } = await signIn('teacher1');
    const { body } = await client.call('GET', '/api/base/get_ali_token?language=zh-CN');
    const { url, token } = body.data as { url: string; token: string };
    await client.call('POST', '/api/uaa/oauth/logout');
    const first = await gatewayAnswer(`${url}?token=${token}`);
    const gotThrough = first.includes('ACCESS_DENIED') ? 0 : 1;
    reportAttack(t, 'speech token used after logout', { attempts: 1, gotThrough, dataLost: 0 });
    assert.equal(gotThrough, 0, first);
  });

  it('the development gateway closes a socket that sends no audio, and any socket past its limit', async () => {
    const { client } = await signIn('teacher1');
    await client.call('POST', '/api/__test/voice/config', { json: { idleTimeoutMs: 300, maxSpeechMs: 200 } });
    try {
      const fresh = await client.call('GET', '/api/base/get_ali_token?language=zh-CN');
      const { url, token } = fresh.body.data as { url: string; token: string };
      // Text frames only (junk): they no longer keep the socket open.
      const started = Date.now();
      const idle = await gatewayAnswer(`${url}?token=${token}`, (socket) => {
        const timer = setInterval(() => socket.readyState === socket.OPEN && socket.send('{}'), 100);
        socket.on('close', () => clearInterval(timer));
      });
      assert.match(idle, /IDLE_TIMEOUT|MESSAGE_INVALID/);
      assert.ok(Date.now() - started < 3000);
    } finally {
      await client.call('POST', '/api/__test/voice/config', { json: { idleTimeoutMs: null, maxSpeechMs: null } });
    }
  });
});

describe('attack: framing, sniffing, long-lived sessions', () => {
  it('every answer says nosniff; pages forbid framing by others and carry a script policy', async () => {
    const api = await new Client(server.url).raw('GET', '/api/uaa/oauth/me');
    assert.equal(api.headers.get('x-content-type-options'), 'nosniff');
    const page = await new Client(server.url).raw(
      'GET',
      '/api/uaa/social/dev/authorize?provider=weixin&state=s&redirect_uri=/',
    );
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/);
  });

  it('attack: a stolen refresh cookie kept alive by refreshing ends 30 days after the login', async (t) => {
    const { client } = await signIn('teacher1');
    const day = 24 * 60 * 60_000;
    let alive = 0;
    let attempts = 0;
    for (const days of [6, 12, 18, 24, 29, 31, 36]) {
      await configure({ clockOffsetMs: days * day });
      attempts++;
      const { body } = await client.call('GET', '/api/uaa/oauth/refresh');
      if (body.status === 200 && days > 30) alive++;
      if (days <= 30)
        assert.equal(body.status, 200, `day ${days}: the sliding lifetime keeps it: ${JSON.stringify(body)}`);
    }
    reportAttack(t, 'session kept alive past its absolute lifetime', { attempts, gotThrough: alive, dataLost: 0 });
    assert.equal(alive, 0);
  });
});

/** Opens the gateway and answers the text of what it said before it closed (or after 5 s). */
async function gatewayAnswer(address: string, during?: (socket: WebSocket) => void): Promise<string> {
  const socket = new WebSocket(address);
  const said: string[] = [];
  socket.on('message', (data) => said.push(String(data)));
  during?.(socket);
  await Promise.race([new Promise((resolve) => socket.on('close', resolve)), sleep(5000)]);
  socket.terminate();
  return said.join('\n');
}
