/** The session calls of spec part 1 §7 "Login and session", against a real server on a free port. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Client, login, PASSWORD, useServer } from './helpers.ts';

const SESSION_EXPIRED = '登录已过期，请重新登录|||Session expired, please log in again';
const WRONG_CREDENTIALS = '用户名或密码错误|||Incorrect user name or password';

const server = useServer();
const { configure } = server;

describe('POST /api/uaa/oauth/login', () => {
  it('logs in with JSON and answers the session user with both http-only cookies', async () => {
    const client = new Client(server.url);
    const { response, body } = await client.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: PASSWORD },
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 200);
    assert.equal(body.code, 'ok');
    assert.deepEqual(body.fieldErrors, []);
    const user = body.data;
    assert.equal(user.loginName, 'teacher1');
    assert.equal(user.userType, 2);
    assert.equal(user.unitType, 2);
    assert.equal(user.unitName, '滨江区实验中学');
    assert.equal(user.unitEnName, 'Binjiang Experimental Middle School');
    assert.equal(user.unitImgPath, `/api/storage/show/unit/${user.unitId}`);
    assert.match(user.accessToken, /^[0-9a-f]{64}$/);
    assert.equal(typeof user.campusUnits, 'string');
    assert.ok(Array.isArray(JSON.parse(user.campusUnits)));
    for (const key of [
      'userId',
      'realName',
      'avatar',
      'userImgPath',
      'unitStatus',
      'userStatus',
      'unitShardingCode',
      'parentId',
      'superman',
      'sex',
      'year',
      'term',
    ]) {
      assert.ok(key in user, `session user lacks ${key}`);
    }

    const access = client.lastSetCookies.find((c) => c.name === 'edu_at');
    const refresh = client.lastSetCookies.find((c) => c.name === 'edu_rt');
    assert.ok(access && refresh, 'both cookies are set');
    // Handover tokens: the answer's accessToken is a handover token, never the access token of the http-only cookie.
    assert.match(access.value, /^[0-9a-f]{64}$/);
    assert.notEqual(access.value, user.accessToken);
    assert.match(refresh.value, /^[0-9a-f]{64}$/);
    assert.notEqual(refresh.value, access.value);
    assert.notEqual(refresh.value, user.accessToken);
    for (const cookie of [access, refresh]) {
      assert.equal(cookie.attributes.httponly, true, `${cookie.name} is http-only`);
      assert.equal(cookie.attributes.samesite, 'Lax');
    }
    assert.equal(access.attributes.path, '/');
    assert.equal(refresh.attributes.path, '/api/uaa/oauth');
    assert.equal(access.attributes['max-age'], String(30 * 60));
    assert.equal(refresh.attributes['max-age'], String(7 * 24 * 60 * 60));
  });

  it('refuses a form-urlencoded body (a plain cross-site form) and trims the fields', async () => {
    const refused = await new Client(server.url).call('POST', '/api/uaa/oauth/login', {
      form: { username: 'parent1', password: PASSWORD },
    });
    assert.equal(refused.response.status, 415);
    assert.equal(refused.body.code, 'form_not_accepted');
    const client = new Client(server.url);
    const { body } = await client.call('POST', '/api/uaa/oauth/login', {
      json: { username: '  parent1 ', password: ` ${PASSWORD}  ` },
    });
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'parent1');
    assert.equal(body.data.userType, 3);
    assert.ok(client.cookie('edu_at'));
  });

  it('refuses a wrong password with invalid_grant and the bilingual message, and sets no cookie', async () => {
    const client = new Client(server.url);
    const { response, body } = await client.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: 'wrong-password' },
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_grant');
    assert.equal(body.message, WRONG_CREDENTIALS);
    assert.equal(body.data, null);
    assert.equal(client.lastSetCookies.length, 0);
  });

  it('gives an unknown user the same answer as a wrong password', async () => {
    const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login', {
      json: { username: 'nobody', password: PASSWORD },
    });
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_grant');
    assert.equal(body.message, WRONG_CREDENTIALS);
  });

  it('answers empty or blank fields with field errors in the Sy-Language', async () => {
    const client = new Client(server.url);
    const empty = await client.call('POST', '/api/uaa/oauth/login', { json: { username: '   ', password: '' } });
    assert.equal(empty.body.status, 400);
    assert.equal(empty.body.code, 'invalid_grant');
    assert.deepEqual(empty.body.fieldErrors, [
      { field: 'username', message: '用户名不能为空！' },
      { field: 'password', message: '密码不能为空！' },
    ]);
    const english = await client.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1' },
      headers: { 'Sy-Language': 'en' },
    });
    assert.deepEqual(english.body.fieldErrors, [{ field: 'password', message: 'Password cannot be empty!' }]);
    const traditional = await client.call('POST', '/api/uaa/oauth/login', {
      json: { password: 'x' },
      headers: { 'Sy-Language': 'zh-HK' },
    });
    assert.deepEqual(traditional.body.fieldErrors, [{ field: 'username', message: '用戶名不能為空！' }]);
  });

  it('refuses a disabled account', async () => {
    server.app.portal.db.prepare("UPDATE users SET status = 0 WHERE login_name = 'student1'").run();
    try {
      const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login', {
        json: { username: 'student1', password: PASSWORD },
      });
      assert.equal(body.status, 400);
      assert.equal(body.code, 'invalid_grant');
      assert.notEqual(body.message, WRONG_CREDENTIALS);
    } finally {
      server.app.portal.db.prepare("UPDATE users SET status = 1 WHERE login_name = 'student1'").run();
    }
  });

  it('logs in every demo account', async () => {
    const expected: Record<string, [number, number]> = {
      teacher1: [2, 2],
      parent1: [3, 2],
      parent2: [3, 2],
      area1: [1, 1],
      staff4: [4, 2],
      admin1: [2, 2],
      student1: [5, 2],
    };
    for (const [name, [userType, unitType]] of Object.entries(expected)) {
      const { body } = await new Client(server.url).call('POST', '/api/uaa/oauth/login', {
        json: { username: name, password: PASSWORD },
      });
      assert.equal(body.status, 200, name);
      assert.equal(body.data.userType, userType, name);
      assert.equal(body.data.unitType, unitType, name);
    }
  });
});

describe('GET /api/uaa/oauth/me', () => {
  it('answers the user for the cookie session and for a Bearer token', async () => {
    const client = await login(server, 'staff4');
    const byCookie = await client.call('GET', '/api/uaa/oauth/me?_t=1');
    assert.equal(byCookie.body.status, 200);
    assert.equal(byCookie.body.data.loginName, 'staff4');
    const token = client.cookie('edu_at')!;
    const byBearer = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(byBearer.body.status, 200);
    assert.equal(byBearer.body.data.loginName, 'staff4');
    // Each answer carries a new handover token, not the bearer's access token.
    assert.match(byBearer.body.data.accessToken, /^[0-9a-f]{64}$/);
    assert.notEqual(byBearer.body.data.accessToken, token);
    assert.notEqual(byBearer.body.data.accessToken, byCookie.body.data.accessToken);
  });

  it('answers HTTP 200 with body status 401 without a session or with a forged token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${'0'.repeat(64)}` },
      { cookie: `edu_at=${'f'.repeat(64)}` },
    ];
    for (const headers of attempts) {
      const { response, body } = await new Client(server.url).call('GET', '/api/uaa/oauth/me', { headers });
      assert.equal(response.status, 200);
      assert.equal(body.status, 401);
      assert.equal(body.code, 'invalid_token');
      assert.equal(body.message, SESSION_EXPIRED);
      assert.equal(body.data, null);
    }
  });

  it('signs the answer: header A$B with A 16 hex characters and B = md5(A + signature)', async () => {
    const client = await login(server, 'teacher1');
    const sent = 'k3J9x-random-Value';
    const { response, body } = await client.call('GET', `/api/uaa/oauth/me?signature=${encodeURIComponent(sent)}&_t=5`);
    assert.equal(body.status, 200);
    const header = response.headers.get('signature');
    assert.ok(header, 'signature header present');
    const [nonce, hash, ...rest] = header.split('$');
    assert.equal(rest.length, 0);
    assert.match(nonce!, /^[0-9a-f]{16}$/);
    assert.equal(
      hash,
      createHash('md5')
        .update(nonce + sent)
        .digest('hex'),
    );
    const again = await client.call('GET', `/api/uaa/oauth/me?signature=${sent}`);
    assert.notEqual(again.response.headers.get('signature')!.split('$')[0], nonce, 'a fresh nonce every time');
  });

  it('sends no signature header when none was asked for', async () => {
    const client = await login(server, 'teacher1');
    const { response } = await client.call('GET', '/api/uaa/oauth/me');
    assert.equal(response.headers.get('signature'), null);
  });

  it('tampers the signature when the test hook says so', async () => {
    const client = await login(server, 'teacher1');
    await configure({ tamperSignature: true });
    const sent = 'abc123';
    const { response, body } = await client.call('GET', `/api/uaa/oauth/me?signature=${sent}`);
    assert.equal(body.status, 200);
    const [nonce, hash] = response.headers.get('signature')!.split('$');
    assert.match(nonce!, /^[0-9a-f]{16}$/);
    assert.match(hash!, /^[0-9a-f]{32}$/);
    assert.notEqual(
      hash,
      createHash('md5')
        .update(nonce + sent)
        .digest('hex'),
    );
  });
});

describe('token lifetimes and GET /api/uaa/oauth/refresh', () => {
  it('expires the access token after accessTtlMs and then answers body status 401', async () => {
    await configure({ accessTtlMs: 300 });
    const client = await login(server, 'teacher1');
    assert.equal(client.lastSetCookies.find((c) => c.name === 'edu_at')?.attributes['max-age'], '1');
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { response, body } = await client.call('GET', '/api/uaa/oauth/me');
    assert.equal(response.status, 200);
    assert.equal(body.status, 401);
    assert.equal(body.code, 'invalid_token');
  });

  it('rotates both tokens; the old refresh and access tokens stop working', async () => {
    const client = await login(server, 'teacher1');
    const oldAccess = client.cookie('edu_at')!;
    const oldRefresh = client.cookie('edu_rt')!;
    const { body } = await client.call('GET', '/api/uaa/oauth/refresh?_t=9');
    assert.equal(body.status, 200);
    assert.equal(body.code, 'ok');
    assert.match(body.data.accessToken, /^[0-9a-f]{64}$/);
    assert.ok(body.data.expiresIn > 29 * 60 && body.data.expiresIn <= 30 * 60);
    // The answer's accessToken is a new handover token; the new access token is in the cookie only.
    assert.notEqual(client.cookie('edu_at'), body.data.accessToken);
    assert.match(client.cookie('edu_at')!, /^[0-9a-f]{64}$/);
    assert.notEqual(client.cookie('edu_at'), oldAccess);
    assert.notEqual(client.cookie('edu_rt'), oldRefresh);
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'teacher1');

    // Past the rotation overlap (the token just rotated answers the same successor for a few seconds).
    await configure({ clockOffsetMs: 21_000 });
    const replay = await new Client(server.url).call('GET', '/api/uaa/oauth/refresh', {
      headers: { cookie: `edu_rt=${oldRefresh}` },
    });
    assert.equal(replay.body.status, 401);
    assert.equal(replay.body.code, 'invalid_token');
    const oldMe = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${oldAccess}` },
    });
    assert.equal(oldMe.body.status, 401);
  });

  it('refreshes an expired access token while the refresh token is valid', async () => {
    const client = await login(server, 'parent1');
    await new Client(server.url).call('POST', '/api/__test/expire');
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 401);
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'parent1');
  });

  it('answers 20 concurrent calls with an expired token 401, and all pass after one refresh', async () => {
    const client = await login(server, 'teacher1');
    await new Client(server.url).call('POST', '/api/__test/expire');
    const first = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.call('GET', `/api/__test/echo?i=${i}`)),
    );
    assert.ok(first.every(({ body }) => body.status === 401 && body.code === 'invalid_token'));
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    const retried = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.call('GET', `/api/__test/echo?i=${i}`)),
    );
    assert.deepEqual(
      retried.map(({ body }) => body.data.query.i),
      Array.from({ length: 20 }, (_, i) => String(i)),
    );
    const calls = (await new Client(server.url).call('GET', '/api/__test/stats')).body.data.calls;
    assert.equal(calls['GET /api/__test/echo'], 40);
    assert.equal(calls['GET /api/uaa/oauth/refresh'], 1);
  });

  it('answers 401 without a refresh cookie, with an unknown one, and after refreshTtlMs', async () => {
    assert.equal((await new Client(server.url).call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
    const unknown = await new Client(server.url).call('GET', '/api/uaa/oauth/refresh', {
      headers: { cookie: `edu_rt=${'a'.repeat(64)}` },
    });
    assert.equal(unknown.body.status, 401);
    assert.equal(unknown.body.message, SESSION_EXPIRED);

    await configure({ refreshTtlMs: 200 });
    const client = await login(server, 'teacher1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
  });
});

describe('POST /api/uaa/oauth/logout', () => {
  it('answers data true, clears both cookies and invalidates both tokens', async () => {
    const client = await login(server, 'teacher1');
    const access = client.cookie('edu_at')!;
    const refresh = client.cookie('edu_rt')!;
    const { body } = await client.call('POST', '/api/uaa/oauth/logout');
    assert.equal(body.status, 200);
    assert.equal(body.data, true);
    const cleared = client.lastSetCookies.map((c) => c.name).sort();
    assert.deepEqual(cleared, ['edu_at', 'edu_rt']);
    assert.equal(client.cookie('edu_at'), undefined);
    const me = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${access}` },
    });
    assert.equal(me.body.status, 401);
    const refreshed = await new Client(server.url).call('GET', '/api/uaa/oauth/refresh', {
      headers: { cookie: `edu_rt=${refresh}` },
    });
    assert.equal(refreshed.body.status, 401);
    const rows = server.app.portal.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number };
    assert.equal(rows.n, 0);
  });

  it('also ends a session whose access token already expired, and is harmless without one', async () => {
    const client = await login(server, 'teacher1');
    await new Client(server.url).call('POST', '/api/__test/expire');
    assert.equal((await client.call('POST', '/api/uaa/oauth/logout', { json: {} })).body.data, true);
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
    const anonymous = await new Client(server.url).call('POST', '/api/uaa/oauth/logout', {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(anonymous.body.status, 200);
    assert.equal(anonymous.body.data, true);
  });
});

describe('POST /api/uaa/oauth/login_user_client and /relogin', () => {
  it('logs in the user bound to a client id (JSON; a form is refused)', async () => {
    const client = new Client(server.url);
    const { body } = await client.call('POST', '/api/uaa/oauth/login_user_client', {
      json: { userClientId: 'demo-client-teacher1' },
    });
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'teacher1');
    assert.ok(client.cookie('edu_at') && client.cookie('edu_rt'));
    const form = await new Client(server.url).call('POST', '/api/uaa/oauth/login_user_client', {
      form: { userClientId: 'demo-client-teacher1' },
    });
    assert.equal(form.response.status, 415);
  });

  it('refuses an unknown or empty client id', async () => {
    const unknown = await new Client(server.url).call('POST', '/api/uaa/oauth/login_user_client', {
      json: { userClientId: 'no-such-client' },
    });
    assert.equal(unknown.body.status, 400);
    assert.equal(unknown.body.code, 'invalid_grant');
    const empty = await new Client(server.url).call('POST', '/api/uaa/oauth/login_user_client', {
      json: { userClientId: ' ' },
    });
    assert.equal(empty.body.status, 400);
    assert.equal(empty.body.fieldErrors[0].field, 'userClientId');
  });

  it('opens a fresh session from the handover token of a login answer', async () => {
    // Handover tokens: relogin takes the login answer's accessToken (a handover token), not the cookie's access token.
    const original = new Client(server.url);
    const answer = await original.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'area1', password: PASSWORD },
    });
    const handover = answer.body.data.accessToken as string;
    const client = new Client(server.url);
    const { body } = await client.call('POST', '/api/uaa/oauth/relogin', { form: { accessToken: handover } });
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'area1');
    assert.notEqual(body.data.accessToken, handover);
    assert.ok(client.cookie('edu_at'));
    assert.notEqual(client.cookie('edu_at'), body.data.accessToken);
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'area1');
    assert.equal((await original.call('GET', '/api/uaa/oauth/me')).body.status, 200, 'the first session goes on');
  });

  it('refuses an expired, unknown or missing access token with 401', async () => {
    const original = await login(server, 'area1');
    const handover = (await original.call('GET', '/api/uaa/oauth/me')).body.data.accessToken as string;
    await configure({ clockOffsetMs: 5 * 60 * 1000 + 1000 });
    const expired = await new Client(server.url).call('POST', '/api/uaa/oauth/relogin', {
      json: { accessToken: handover },
    });
    assert.equal(expired.body.status, 401);
    const unknown = await new Client(server.url).call('POST', '/api/uaa/oauth/relogin', {
      json: { accessToken: 'nope' },
    });
    assert.equal(unknown.body.status, 401);
    const missing = await new Client(server.url).call('POST', '/api/uaa/oauth/relogin', { json: {} });
    assert.equal(missing.body.status, 401);
    assert.equal(missing.body.fieldErrors[0].field, 'accessToken');
  });
});

describe('GET /api/uaa/switch/login', () => {
  it('switches teacher1 to the paired parent identity and back, with new cookies each time', async () => {
    const client = await login(server, 'teacher1');
    const teacher = (await client.call('GET', '/api/uaa/oauth/me')).body.data;
    assert.ok(teacher.parentId, 'teacher1 names his parent identity');
    const oldToken = client.cookie('edu_at')!;

    const toParent = await client.call('GET', `/api/uaa/switch/login?userId=${teacher.parentId}&_t=1`);
    assert.equal(toParent.body.status, 200);
    assert.equal(toParent.body.data.userType, 3);
    assert.equal(toParent.body.data.userId, teacher.parentId);
    assert.equal(toParent.body.data.realName, teacher.realName);
    assert.notEqual(client.cookie('edu_at'), oldToken);
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.data.userType, 3);
    const oldSession = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    assert.equal(oldSession.body.status, 401, 'the teacher session ended');

    const back = await client.call('GET', `/api/uaa/switch/login?userId=${teacher.userId}`);
    assert.equal(back.body.status, 200);
    assert.equal(back.body.data.loginName, 'teacher1');
  });

  it('answers 403 for anyone but the paired identity', async () => {
    const teacher = await login(server, 'teacher1');
    const admin = (await (await login(server, 'admin1')).call('GET', '/api/uaa/oauth/me')).body.data;
    const refused = await teacher.call('GET', `/api/uaa/switch/login?userId=${admin.userId}`);
    assert.equal(refused.body.status, 403);
    assert.equal(refused.body.code, 'forbidden');
    assert.equal((await teacher.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'teacher1', 'session unchanged');

    const parent = await login(server, 'parent1');
    const teacherId = (await teacher.call('GET', '/api/uaa/oauth/me')).body.data.userId;
    assert.equal((await parent.call('GET', `/api/uaa/switch/login?userId=${teacherId}`)).body.status, 403);
  });

  it('needs a session', async () => {
    const { body } = await new Client(server.url).call('GET', '/api/uaa/switch/login?userId=10002');
    assert.equal(body.status, 401);
    assert.equal(body.code, 'invalid_token');
  });
});

describe('login configuration', () => {
  it('GET /api/uaa/oauth/login/config names the unit of the host and carries the decoration set', async () => {
    const { body } = await new Client(server.url).call(
      'GET',
      '/api/uaa/oauth/login/config?url=http://area.edu-portal.test:8080/#/login',
    );
    assert.equal(body.status, 200);
    assert.equal(body.data.unitType, 1);
    assert.equal(body.data.unitName, '滨江区教育局');
    assert.equal(body.data.unitImgPath, `/api/storage/show/unit/${body.data.unitId}`);
    assert.equal(typeof body.data.decorationSet, 'string');
    const decoration = JSON.parse(body.data.decorationSet);
    assert.equal(decoration.defaultLanguage, 'zh-CN');
    const footer = decoration.footerMsg;
    for (const key of ['show', 'showBaMsg', 'baList', 'copyright', 'helpCenter', 'conectNZ'])
      assert.ok(key in footer, key);
    assert.ok(footer.baList.length >= 1);
    for (const entry of footer.baList)
      for (const key of ['baUrl', 'baImg', 'baContent', 'showImg']) assert.ok(key in entry, key);
    assert.match(footer.copyright, /\|\|\|/);
  });

  it('maps the local host to the school and an unknown host to the product default', async () => {
    const local = await new Client(server.url).call('GET', '/api/uaa/oauth/login/config?url=127.0.0.1:8080');
    assert.equal(local.body.data.unitType, 2);
    assert.equal(local.body.data.unitEnName, 'Binjiang Experimental Middle School');
    const unknown = await new Client(server.url).call('GET', '/api/uaa/oauth/login/config?url=elsewhere.example');
    assert.equal(unknown.body.status, 200);
    assert.equal(unknown.body.data.unitId, '');
    assert.equal(JSON.parse(unknown.body.data.decorationSet).defaultLanguage, 'zh-CN');
  });

  it('GET /api/uaa/oauth/login/unit_config answers code ok with footer, link and decorationSet', async () => {
    const unitId = (await new Client(server.url).call('GET', '/api/uaa/oauth/login/config?url=school.edu-portal.test'))
      .body.data.unitId;
    const { body } = await new Client(server.url).call('GET', `/api/uaa/oauth/login/unit_config?unitId=${unitId}`);
    assert.equal(body.status, 200);
    assert.equal(body.code, 'ok');
    assert.match(body.data.footer, /滨江区实验中学.*\|\|\|.*Binjiang/);
    // The demo units have no web site of their own (a seeded address never resolved): the link is empty.
    assert.equal(body.data.link, '');
    assert.equal(JSON.parse(body.data.decorationSet).footerMsg.show, true);

    const missing = await new Client(server.url).call('GET', '/api/uaa/oauth/login/unit_config?unitId=999');
    assert.equal(missing.body.status, 404);
    const invalid = await new Client(server.url).call('GET', '/api/uaa/oauth/login/unit_config');
    assert.equal(invalid.response.status, 200);
    assert.equal(invalid.body.status, 400);
    assert.equal(invalid.body.fieldErrors[0].field, 'unitId');
  });
});
