/** Social login: providers, info calls, the development provider, social login with state, and bind. */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import { openDatabase } from '../src/db/database.ts';
import { Client, forEachCase, PASSWORD, tempDataDir, useServer } from './helpers.ts';

const SCHOOL_ID = '330108001';

const server = useServer();
const { configure } = server;

interface Identity {
  id: number;
  openid: string;
  unionid: string;
}
const identity = (openid: string): Identity =>
  server.app.portal.db
    .prepare('SELECT id, openid, unionid FROM social_identities WHERE openid = ?')
    .get(openid) as Identity;

const BOUND_WEIXIN = 'o-wx-teacher1-3f9a2c';
const GUEST_WEIXIN = 'o-wx-guest-8b41d0';

/**
 * "Scans as" an identity at the development provider, the way its page does (a form post), and answers where the
 * browser is sent: the code (or token) and state in the redirect.
 */
async function scanAs(
  openid: string,
  options: { provider?: string; state?: string; redirect?: string; responseType?: string } = {},
) {
  const { provider = 'weixin', state = 'st-1', redirect = '/#/login', responseType = 'code' } = options;
  const response = await new Client(server.url).raw('POST', '/api/uaa/social/dev/authorize', {
    form: {
      provider,
      state,
      redirect_uri: redirect,
      response_type: responseType,
      identity: String(identity(openid).id),
    },
  });
  assert.equal(response.status, 303);
  const location = response.headers.get('location')!;
  const url = new URL(location, server.url);
  return {
    location,
    code: url.searchParams.get('code'),
    token: url.searchParams.get('token'),
    state: url.searchParams.get('state')!,
  };
}

const socialLogin = (state: string, body: Record<string, string>, client = new Client(server.url)) =>
  client
    .call('POST', `/api/uaa/social/${encodeURIComponent(state)}`, { json: body })
    .then((answer) => ({ ...answer, client }));

describe('providers and info calls', () => {
  it('GET /api/uaa/social/providers lists the school providers with logos the server serves', async () => {
    const { body } = await new Client(server.url).call('GET', '/api/uaa/social/providers?unitHost=localhost:8080&_t=1');
    assert.equal(body.status, 200);
    assert.deepEqual(
      body.data.map((p: { providerId: string }) => p.providerId),
      ['weixin', 'work-weixin', 'dingtalk'],
    );
    for (const provider of body.data) {
      for (const key of ['providerId', 'providerAppId', 'providerApplicationId', 'providerAppLoginUrl', 'logo'])
        assert.equal(typeof provider[key], 'string', key);
      assert.ok(provider.providerAppId.length > 0);
      assert.equal(provider.providerAppLoginUrl, `/api/uaa/social/dev/authorize?provider=${provider.providerId}`);
      const logo = await new Client(server.url).raw('GET', provider.logo);
      assert.equal(logo.status, 200, provider.logo);
      assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
      assert.match(await logo.text(), /^<svg /);
    }
    const config = await new Client(server.url).call('GET', '/api/uaa/oauth/login/config?url=school.edu-portal.test');
    assert.deepEqual(config.body.data.socialProviders, body.data, 'the login configuration lists the same providers');
  });

  it('lists none for the area and for unknown hosts; the request host is the default', async () => {
    for (const host of ['area.edu-portal.test', 'elsewhere.example']) {
      const { body } = await new Client(server.url).call('GET', `/api/uaa/social/providers?unitHost=${host}`);
      assert.equal(body.status, 200);
      assert.deepEqual(body.data, [], host);
    }
    const byRequestHost = await new Client(server.url).call('GET', '/api/uaa/social/providers');
    assert.equal(byRequestHost.body.data.length, 3, '127.0.0.1 belongs to the school');
  });

  it('GET /api/uaa/social/info gives the providers and a QR login with a fresh state each time', async () => {
    const first = (await new Client(server.url).call('GET', '/api/uaa/social/info?unitHost=localhost')).body;
    const second = (await new Client(server.url).call('GET', '/api/uaa/social/info?unitHost=localhost')).body;
    assert.equal(first.status, 200);
    assert.equal(first.data.providers.length, 3);
    const qr = first.data.qrLogin;
    assert.equal(qr.providerId, 'weixin');
    assert.equal(qr.providerAppId, first.data.providers[0].providerAppId);
    assert.match(qr.state, /^weixin\.[0-9a-f]{16}$/);
    assert.notEqual(second.data.qrLogin.state, qr.state);
    const url = new URL(qr.loginUrl, server.url);
    assert.equal(url.pathname, '/api/uaa/social/dev/authorize');
    assert.equal(url.searchParams.get('provider'), 'weixin');
    assert.equal(url.searchParams.get('state'), qr.state);
    assert.equal(url.searchParams.get('redirect_uri'), '/');

    const withRedirect = await new Client(server.url).call(
      'GET',
      `/api/uaa/social/info?redirect_uri=${encodeURIComponent('/#/login?redirect_uri=/x')}`,
    );
    assert.equal(
      new URL(withRedirect.body.data.qrLogin.loginUrl, server.url).searchParams.get('redirect_uri'),
      '/#/login?redirect_uri=/x',
    );
    const foreign = await new Client(server.url).call('GET', '/api/uaa/social/info?redirect_uri=https://evil.example/');
    assert.equal(foreign.body.status, 400);

    const area = await new Client(server.url).call('GET', '/api/uaa/social/info?unitHost=area.edu-portal.test');
    assert.deepEqual(area.body.data, { providers: [], qrLogin: null });
  });

  it('never hands out a stored provider URL that fails the safe-URL rule (stored XSS)', async () => {
    const db = server.app.portal.db;
    const plant = db.prepare('UPDATE social_providers SET provider_app_login_url = ? WHERE provider_id = ?');
    try {
      plant.run('javascript:window.__xss=1//', 'weixin');
      plant.run('https://evil@open.example/login', 'work-weixin');
      db.prepare('UPDATE social_providers SET logo = ? WHERE provider_id = ?').run('javascript:alert(1)', 'dingtalk');
      for (const path of ['/api/uaa/social/info', '/api/uaa/social/providers', '/api/uaa/oauth/login/config']) {
        const text = JSON.stringify((await new Client(server.url).call('GET', path)).body);
        assert.doesNotMatch(text, /javascript:|evil@/i, path);
      }
      const info = (await new Client(server.url).call('GET', '/api/uaa/social/info')).body.data;
      assert.deepEqual(
        info.providers.map((p: { providerId: string; logo: string }) => [p.providerId, p.logo]),
        [['dingtalk', '']],
      );
      assert.equal(info.qrLogin.providerId, 'dingtalk');
      assert.equal(new URL(info.qrLogin.loginUrl, server.url).pathname, '/api/uaa/social/dev/authorize');
    } finally {
      await new Client(server.url).call('POST', '/api/__test/reseed');
    }
  });

  it('GET /api/uaa/social/qy_info and mp_info answer the WeChat Work and WeChat app ids', async () => {
    const providers = (await new Client(server.url).call('GET', '/api/uaa/social/providers')).body.data as {
      providerId: string;
      providerAppId: string;
    }[];
    const appId = (id: string) => providers.find((p) => p.providerId === id)!.providerAppId;
    for (const [kind, providerId] of [
      ['qy', 'work-weixin'],
      ['mp', 'weixin'],
    ]) {
      const { body } = await new Client(server.url).call('GET', `/api/uaa/social/${kind}_info?unitHost=localhost&_t=2`);
      assert.equal(body.status, 200, kind);
      assert.equal(body.data.providerId, providerId);
      assert.equal(body.data.providerAppId, appId(providerId));
      assert.ok(body.data.state.startsWith(`${providerId}.`));
      assert.equal(new URL(body.data.loginUrl, server.url).searchParams.get('state'), body.data.state);
      const area = await new Client(server.url).call(
        'GET',
        `/api/uaa/social/${kind}_info?unitHost=area.edu-portal.test`,
      );
      assert.equal(area.body.status, 404, `${kind} for a unit without the provider`);
      assert.match(area.body.message, /\|\|\|/);
    }
  });
});

describe('the development provider', () => {
  it('lists the seeded identities to scan as, one bound to teacher1 and one unbound, in an inert page', async () => {
    const response = await new Client(server.url).raw(
      'GET',
      '/api/uaa/social/dev/authorize?provider=weixin&state=st-9&redirect_uri=%2F%23%2Flogin',
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^text\/html/);
    assert.match(response.headers.get('content-security-policy')!, /default-src 'none'/);
    assert.match(response.headers.get('content-security-policy')!, /frame-ancestors 'self'/);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const html = await response.text();
    assert.ok(!/<script/i.test(html), 'no script');
    assert.ok(html.includes(BOUND_WEIXIN) && html.includes(GUEST_WEIXIN));
    assert.match(html, /teacher1/);
    assert.match(html, /not bound/);
    assert.equal(
      html.match(/<form method="post" action="\/api\/uaa\/social\/dev\/authorize" target="_top">/g)?.length,
      2,
    );
    assert.match(html, /name="state" value="st-9"/);
    assert.match(html, /name="redirect_uri" value="\/#\/login"/);
  });

  it('escapes every text it shows', async () => {
    const db = server.app.portal.db;
    const evil = `<img src=x onerror="alert(1)">&'`;
    const row = db
      .prepare(
        "INSERT INTO social_identities (provider_id, openid, unionid, nickname) VALUES ('dingtalk', ?, 'u-evil', ?)",
      )
      .run(`o-<b>evil</b>`, evil);
    try {
      const response = await new Client(server.url).raw(
        'GET',
        `/api/uaa/social/dev/authorize?provider=dingtalk&redirect_uri=${encodeURIComponent('/cb?q="><svg onload=alert(1)>')}`,
      );
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;'), 'nickname escaped');
      assert.ok(html.includes('o-&lt;b&gt;evil&lt;/b&gt;'), 'openid escaped');
      assert.ok(!html.includes('<img') && !html.includes('<b>evil') && !/<svg/i.test(html), 'no injected markup');
      const values = [...html.matchAll(/ value="([^"]*)"/g)].map((match) => match[1]!);
      assert.ok(values.length >= 5);
      for (const value of values) assert.ok(!/[<>]/.test(value), `attribute value stays inside its quotes: ${value}`);
      assert.ok(values.includes('/cb?q=%22%3E%3Csvg%20onload=alert(1)%3E'), 'the redirect travels encoded');
    } finally {
      db.prepare('DELETE FROM social_identities WHERE id = ?').run(row.lastInsertRowid);
    }
  });

  it('answers HTTP 400 for a foreign redirect_uri, an unknown provider or a malformed state', async () => {
    const refused = {
      'a foreign redirect_uri': [
        'provider=weixin&state=a&redirect_uri=https%3A%2F%2Fevil.example%2Fcb',
        'provider=weixin&state=a&redirect_uri=%2F%2Fevil.example%2Fcb',
      ],
      'no redirect_uri': ['provider=weixin&state=a'],
      'an unknown or missing provider': ['provider=facebook&state=a&redirect_uri=%2F', 'state=a&redirect_uri=%2F'],
      'a malformed state': ['provider=weixin&state=a%2Fb&redirect_uri=%2F'],
    };
    await forEachCase(refused, async (query, label) => {
      const response = await new Client(server.url).raw('GET', `/api/uaa/social/dev/authorize?${query}`);
      assert.equal(response.status, 400, label);
      assert.match(response.headers.get('content-type')!, /^text\/html/);
      assert.ok(!(await response.text()).includes('evil.example'), 'the refused address is not echoed');
    });
    const posted = await new Client(server.url).raw('POST', '/api/uaa/social/dev/authorize', {
      form: {
        provider: 'weixin',
        state: 'a',
        redirect_uri: 'https://evil.example/cb',
        identity: String(identity(BOUND_WEIXIN).id),
      },
    });
    assert.equal(posted.status, 400);
    assert.equal(posted.headers.get('location'), null);
    const wrongProvider = await new Client(server.url).raw('POST', '/api/uaa/social/dev/authorize', {
      form: { provider: 'dingtalk', state: 'a', redirect_uri: '/', identity: String(identity(BOUND_WEIXIN).id) },
    });
    assert.equal(wrongProvider.status, 400, 'an identity of another provider');
  });

  it('redirects to redirect_uri with a one-time code and the state, before any fragment', async () => {
    const scan = await scanAs(BOUND_WEIXIN, { state: 'weixin.abc', redirect: '/#/login?redirect_uri=%2Fx' });
    assert.match(scan.location, /^\/\?code=[0-9a-f]{40}&state=weixin\.abc#\/login\?redirect_uri=%2Fx$/);
    assert.equal(scan.state, 'weixin.abc');
  });
});

describe('POST /api/uaa/social/{state}', () => {
  it('logs a bound identity in with its code: session user and cookies; the code works once', async () => {
    const { code, state } = await scanAs(BOUND_WEIXIN, { state: 'weixin.1' });
    const first = await socialLogin(state, { code: code!, deviceId: 'dev-1', unitHost: 'localhost' });
    assert.equal(first.response.status, 200);
    assert.equal(first.body.status, 200);
    assert.equal(first.body.code, 'ok');
    assert.equal(first.body.data.loginName, 'teacher1');
    // The answer's accessToken is a handover token, not the cookie's access token.
    assert.ok(first.client.cookie('edu_at'));
    assert.notEqual(first.client.cookie('edu_at'), first.body.data.accessToken);
    assert.ok(first.client.cookie('edu_rt'));
    assert.equal((await first.client.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'teacher1');

    const again = await socialLogin(state, { code: code! });
    assert.equal(again.body.status, 400);
    assert.equal(again.body.code, 'invalid_grant');
    assert.match(again.body.message, /\|\|\|/);
    assert.equal(again.client.lastSetCookies.length, 0);
  });

  it('accepts form-urlencoded bodies', async () => {
    const { code, state } = await scanAs(BOUND_WEIXIN, { provider: 'weixin' });
    const client = new Client(server.url);
    const { body } = await client.call('POST', `/api/uaa/social/${state}`, { form: { code: code! } });
    assert.equal(body.status, 200);
  });

  it('refuses a code returned with another state, an expired code, and no code at all', async () => {
    const crossed = await scanAs(BOUND_WEIXIN, { state: 'state-a' });
    const wrongState = await socialLogin('state-b', { code: crossed.code! });
    assert.equal(wrongState.body.status, 400);
    assert.equal(wrongState.body.code, 'invalid_grant');

    const late = await scanAs(BOUND_WEIXIN, { state: 'late' });
    await configure({ clockOffsetMs: 5 * 60 * 1000 + 1000 });
    const expired = await socialLogin('late', { code: late.code! });
    assert.equal(expired.body.status, 400);
    assert.equal(expired.body.code, 'invalid_grant');
    await configure({ clockOffsetMs: 0 });

    const none = await socialLogin('x', {}, new Client(server.url));
    assert.equal(none.body.status, 400);
    assert.equal(none.body.code, 'invalid_grant');
    assert.equal(none.body.fieldErrors[0].field, 'code');
    const forged = await socialLogin('x', { code: 'f'.repeat(40) });
    assert.equal(forged.body.code, 'invalid_grant');
  });

  it('accepts a provider token until it expires (not one-time)', async () => {
    const { token, code, state } = await scanAs(BOUND_WEIXIN, { responseType: 'token', state: 'tok' });
    assert.equal(code, null);
    assert.match(token!, /^[0-9a-f]{40}$/);
    assert.equal((await socialLogin(state, { token: token! })).body.status, 200);
    assert.equal((await socialLogin(state, { token: token! })).body.status, 200);
    assert.equal((await socialLogin('other', { token: token! })).body.code, 'invalid_grant');
    assert.equal((await socialLogin(state, { code: token! })).body.code, 'invalid_grant', 'a token is not a code');
    await configure({ clockOffsetMs: 5 * 60 * 1000 + 1000 });
    assert.equal((await socialLogin(state, { token: token! })).body.code, 'invalid_grant');
  });

  it('answers an unbound identity with 400, code unbound (not invalid_grant) and what the bind page needs', async () => {
    const { code, state } = await scanAs(GUEST_WEIXIN, { state: 'guest' });
    const { response, body, client } = await socialLogin(state, { code: code!, unitHost: 'school.edu-portal.test' });
    assert.equal(response.status, 200);
    assert.equal(body.status, 400);
    assert.equal(body.code, 'unbound');
    assert.notEqual(body.code, 'invalid_grant');
    assert.match(body.message, /\|\|\|/);
    const guest = identity(GUEST_WEIXIN);
    assert.equal(body.data.openid, guest.openid);
    assert.equal(body.data.unionid, guest.unionid);
    assert.equal(body.data.providerId, 'weixin');
    assert.equal(body.data.unitId, SCHOOL_ID);
    assert.equal(body.data.unitType, 2);
    assert.match(body.data.id, /^[0-9a-f]{40}$/);
    assert.equal(client.lastSetCookies.length, 0, 'no session');
  });

  it('refuses a bound identity whose account is disabled', async () => {
    const db = server.app.portal.db;
    db.prepare("UPDATE users SET status = 0 WHERE login_name = 'teacher1'").run();
    try {
      const { code, state } = await scanAs(BOUND_WEIXIN);
      const { body } = await socialLogin(state, { code: code! });
      assert.equal(body.status, 400);
      assert.equal(body.code, 'invalid_grant');
    } finally {
      db.prepare("UPDATE users SET status = 1 WHERE login_name = 'teacher1'").run();
    }
  });

  it('opens a real session: refresh works and logout invalidates it', async () => {
    const { code, state } = await scanAs(BOUND_WEIXIN);
    const { client } = await socialLogin(state, { code: code! });
    const refreshed = await client.call('GET', '/api/uaa/oauth/refresh');
    assert.equal(refreshed.body.status, 200);
    // The refreshed access token is the cookie's (the answer's accessToken is a handover token).
    const current = client.cookie('edu_at')!;
    assert.equal((await client.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    const me = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${current}` },
    });
    assert.equal(me.body.status, 401);
  });
});

describe('POST /api/uaa/social/bind', () => {
  async function unboundLogin(openid: string, provider: string) {
    const { code, state } = await scanAs(openid, { provider });
    const { body } = await socialLogin(state, { code: code! });
    assert.equal(body.code, 'unbound');
    return body.data as { id: string; openid: string; unionid: string };
  }
  const bind = (form: Record<string, string>, client = new Client(server.url)) =>
    client.call('POST', '/api/uaa/social/bind', { json: form }).then((answer) => ({ ...answer, client }));
  const boundTo = (openid: string) =>
    (
      server.app.portal.db.prepare('SELECT user_id FROM social_identities WHERE openid = ?').get(openid) as {
        user_id: number | null;
      }
    ).user_id;

  it('refuses a wrong password with invalid_grant and binds nothing', async () => {
    const pending = await unboundLogin(GUEST_WEIXIN, 'weixin');
    const { body, client } = await bind({ ...pending, username: 'parent1', password: 'wrong', deviceId: 'd' });
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_grant');
    assert.equal(body.message, '用户名或密码错误|||Incorrect user name or password');
    assert.equal(client.lastSetCookies.length, 0);
    assert.equal(boundTo(GUEST_WEIXIN), null);
    const empty = await bind({ ...pending, username: '', password: '' });
    assert.deepEqual(
      empty.body.fieldErrors.map((e: { field: string }) => e.field),
      ['username', 'password'],
    );
  });

  it('binds after an unbound login and logs in; the identity then logs in by social login', async () => {
    const pending = await unboundLogin(GUEST_WEIXIN, 'weixin');
    const { body, client } = await bind({
      id: pending.id,
      openid: pending.openid,
      unionid: pending.unionid,
      deviceId: 'device-1',
      username: 'parent1',
      password: PASSWORD,
    });
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'parent1');
    assert.ok(client.cookie('edu_at'));
    assert.notEqual(client.cookie('edu_at'), body.data.accessToken, 'a handover token');
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'parent1');
    assert.equal(boundTo(GUEST_WEIXIN), Number(body.data.userId));

    const { code, state } = await scanAs(GUEST_WEIXIN, { state: 'after-bind' });
    const social = await socialLogin(state, { code: code! });
    assert.equal(social.body.status, 200);
    assert.equal(social.body.data.loginName, 'parent1');

    const replay = await bind({ ...pending, username: 'staff4', password: PASSWORD });
    assert.equal(replay.body.status, 400, 'the bind request is spent');
    assert.equal(replay.body.code, 'invalid_grant');
    assert.equal(boundTo(GUEST_WEIXIN), Number(body.data.userId));
  });

  it('binds by openid and unionid alone when that identity just tried to log in', async () => {
    const pending = await unboundLogin('qy-guest-2041', 'work-weixin');
    const { body } = await bind({
      openid: pending.openid,
      unionid: pending.unionid,
      username: 'staff4',
      password: PASSWORD,
    });
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'staff4');
  });

  it('refuses an openid that did not just try to log in, a wrong unionid and an expired bind request', async () => {
    const never = await bind({
      openid: 'ding-guest-0f3e',
      unionid: 'u-guest-5e90',
      username: 'admin1',
      password: PASSWORD,
    });
    assert.equal(never.body.status, 400);
    assert.equal(never.body.code, 'invalid_grant');
    assert.equal(boundTo('ding-guest-0f3e'), null);

    const pending = await unboundLogin('ding-guest-0f3e', 'dingtalk');
    const wrongUnion = await bind({ ...pending, unionid: 'u-other', username: 'admin1', password: PASSWORD });
    assert.equal(wrongUnion.body.code, 'invalid_grant');
    const wrongOpenid = await bind({ ...pending, openid: GUEST_WEIXIN, username: 'admin1', password: PASSWORD });
    assert.equal(wrongOpenid.body.code, 'invalid_grant');
    await configure({ clockOffsetMs: 30 * 60 * 1000 + 1000 });
    const late = await bind({ ...pending, username: 'admin1', password: PASSWORD });
    assert.equal(late.body.code, 'invalid_grant');
    assert.equal(boundTo('ding-guest-0f3e'), null);
    const missing = await bind({ username: 'admin1', password: PASSWORD });
    assert.equal(missing.body.fieldErrors[0].field, 'openid');
  });

  it('refuses to give an account a second identity of the same provider', async () => {
    const pending = await unboundLogin('ding-guest-0f3e', 'dingtalk');
    const { body } = await bind({ ...pending, username: 'teacher1', password: PASSWORD });
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_grant');
    assert.equal(boundTo('ding-guest-0f3e'), null);
  });
});

describe('seed stage of the login calls', () => {
  it('seeds providers, identities and the SSO client once, and into a database seeded before the stage existed', () => {
    const dataDir = tempDataDir();
    try {
      const first = openDatabase(dataDir, Date.now());
      const counts = (db: typeof first.db) =>
        ['social_providers', 'social_identities', 'sso_clients', 'external_apps'].map(
          (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
        );
      assert.deepEqual(counts(first.db), [3, 6, 1, 1]);
      const unbound = first.db.prepare('SELECT COUNT(*) AS n FROM social_identities WHERE user_id IS NULL').get() as {
        n: number;
      };
      assert.equal(unbound.n, 3, 'one unbound identity per provider');
      const secret = first.db.prepare('SELECT secret_hash FROM sso_clients').get() as { secret_hash: string };
      assert.match(secret.secret_hash, /^scrypt\$/);
      // As if the database predated the stage: its rows and mark gone.
      first.db.exec(`DELETE FROM social_providers; DELETE FROM social_identities; DELETE FROM sso_clients;
        DELETE FROM external_apps; DELETE FROM meta WHERE key = 'seeded_login_at';`);
      first.db.close();

      const second = openDatabase(dataDir, Date.now());
      assert.equal(second.seeded, true);
      assert.deepEqual(counts(second.db), [3, 6, 1, 1]);
      second.db.close();
      const third = openDatabase(dataDir, Date.now());
      assert.equal(third.seeded, false);
      assert.deepEqual(counts(third.db), [3, 6, 1, 1]);
      third.db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
