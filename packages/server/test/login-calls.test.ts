/** Ticket login and the login box form post, against a real server on a free port. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, forEachCase, login, PASSWORD, startServer, type RunningServer } from './helpers.ts';

let server: RunningServer;
let host: string;
before(async () => {
  server = await startServer();
  host = new URL(server.url).host;
});
after(() => server.close());
beforeEach(async () => {
  await new Client(server.url).call('POST', '/api/__test/reset');
});

const configure = (settings: Record<string, unknown>) =>
  new Client(server.url).call('POST', '/api/__test/config', { json: settings });

async function issueTicket(username: string): Promise<string> {
  const owner = await login(server, username);
  const { body } = await owner.call('POST', '/api/uaa/oauth/ticket/issue');
  assert.equal(body.status, 200);
  return body.data.ticket;
}

describe('POST /api/uaa/oauth/ticket/issue', () => {
  it('issues a 2-minute ticket for the session user, and needs a session', async () => {
    const owner = await login(server, 'teacher1');
    const { body } = await owner.call('POST', '/api/uaa/oauth/ticket/issue', { json: {} });
    assert.equal(body.status, 200);
    assert.match(body.data.ticket, /^[0-9a-f]{40}$/);
    assert.ok(body.data.expiresIn > 119 && body.data.expiresIn <= 120, String(body.data.expiresIn));
    const stored = server.app.portal.db.prepare("SELECT hash FROM grants WHERE kind = 'ticket'").all() as {
      hash: string;
    }[];
    assert.ok(
      stored.every((row) => row.hash !== body.data.ticket),
      'only a digest of the ticket is stored',
    );

    const anonymous = await new Client(server.url).call('POST', '/api/uaa/oauth/ticket/issue');
    assert.equal(anonymous.body.status, 401);
    assert.equal(anonymous.body.code, 'invalid_token');
  });
});

describe('GET /api/uaa/oauth/ticket', () => {
  it('logs in once with a ticket: session user and cookies; the second use is refused', async () => {
    const ticket = await issueTicket('teacher1');
    const browser = new Client(server.url);
    const first = await browser.call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}&unitHost=localhost&_t=1`);
    assert.equal(first.response.status, 200);
    assert.equal(first.response.headers.get('cache-control'), 'no-store');
    assert.equal(first.body.status, 200);
    assert.equal(first.body.data.loginName, 'teacher1');
    // The answer's accessToken is a handover token, not the cookie's access token.
    assert.ok(browser.cookie('edu_at'));
    assert.notEqual(browser.cookie('edu_at'), first.body.data.accessToken);
    assert.ok(browser.cookie('edu_rt'));
    assert.equal((await browser.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'teacher1');

    const again = await new Client(server.url).call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
    assert.equal(again.response.status, 200);
    assert.equal(again.body.status, 400);
    assert.equal(again.body.code, 'invalid_grant');
    assert.match(again.body.message, /^[^|]+\|\|\|[^|]+$/, 'bilingual message');
    assert.equal(again.body.data, null);
  });

  it('refuses an expired ticket (2 minutes) and sets no cookie', async () => {
    const ticket = await issueTicket('parent1');
    await configure({ clockOffsetMs: 2 * 60 * 1000 + 1000 });
    const browser = new Client(server.url);
    const { body } = await browser.call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_grant');
    assert.equal(browser.lastSetCookies.length, 0);
  });

  it('still accepts a ticket just before it expires', async () => {
    const ticket = await issueTicket('parent1');
    await configure({ clockOffsetMs: 2 * 60 * 1000 - 5000 });
    const { body } = await new Client(server.url).call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
    assert.equal(body.status, 200);
    assert.equal(body.data.loginName, 'parent1');
  });

  it('refuses a missing, unknown or forged ticket with invalid_grant', async () => {
    const missing = await new Client(server.url).call('GET', '/api/uaa/oauth/ticket', {
      headers: { 'Sy-Language': 'en' },
    });
    assert.equal(missing.body.status, 400);
    assert.equal(missing.body.code, 'invalid_grant');
    assert.deepEqual(missing.body.fieldErrors, [{ field: 'ticket', message: 'Ticket cannot be empty!' }]);
    for (const ticket of ['nope', 'a'.repeat(40)]) {
      const { body } = await new Client(server.url).call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
      assert.equal(body.status, 400, ticket);
      assert.equal(body.code, 'invalid_grant', ticket);
    }
  });

  it('lets only one of two simultaneous uses of a ticket through', async () => {
    const ticket = await issueTicket('staff4');
    const answers = await Promise.all(
      [1, 2, 3].map(() => new Client(server.url).call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`)),
    );
    assert.deepEqual(answers.map(({ body }) => body.status).sort(), [200, 400, 400]);
  });

  it('refuses the ticket of an account disabled since it was issued', async () => {
    const ticket = await issueTicket('student1');
    const db = server.app.portal.db;
    db.prepare("UPDATE users SET status = 0 WHERE login_name = 'student1'").run();
    try {
      const { body } = await new Client(server.url).call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
      assert.equal(body.status, 400);
      assert.equal(body.code, 'invalid_grant');
    } finally {
      db.prepare("UPDATE users SET status = 1 WHERE login_name = 'student1'").run();
    }
  });

  it('opens a real session: refresh rotates it and logout ends it', async () => {
    const ticket = await issueTicket('area1');
    const browser = new Client(server.url);
    await browser.call('GET', `/api/uaa/oauth/ticket?ticket=${ticket}`);
    const access = browser.cookie('edu_at')!;
    const refreshed = await browser.call('GET', '/api/uaa/oauth/refresh');
    assert.equal(refreshed.body.status, 200);
    assert.notEqual(browser.cookie('edu_at'), access);
    // The refreshed access token is the cookie's (the answer's accessToken is a handover token).
    const current = browser.cookie('edu_at')!;
    assert.equal((await browser.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    const after = await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${current}` },
    });
    assert.equal(after.body.status, 401);
  });
});

describe('POST /api/uaa/oauth/form_login', () => {
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) => {
    const browser = new Client(server.url);
    return browser.raw('POST', '/api/uaa/oauth/form_login', { form, headers }).then((response) => ({
      response,
      browser,
      location: response.headers.get('location') ?? '',
    }));
  };

  it('signs in and answers 303 to a same-origin redirect_uri', async () => {
    const { response, browser, location } = await post({
      username: 'teacher1',
      password: PASSWORD,
      redirect_uri: '/pages/base/pc_desktop_all/index.html?from=login#/desktop/home',
    });
    assert.equal(response.status, 303);
    assert.equal(location, '/pages/base/pc_desktop_all/index.html?from=login#/desktop/home');
    assert.ok(browser.cookie('edu_at') && browser.cookie('edu_rt'));
    assert.equal((await browser.call('GET', '/api/uaa/oauth/me')).body.data.loginName, 'teacher1');

    const absolute = await post({ username: 'teacher1', password: PASSWORD, redirect_uri: `${server.url}/x?y=1` });
    assert.equal(absolute.location, '/x?y=1');
    const none = await post({ username: 'teacher1', password: PASSWORD });
    assert.equal(none.location, '/');
  });

  it('also takes JSON', async () => {
    const browser = new Client(server.url);
    const response = await browser.raw('POST', '/api/uaa/oauth/form_login', {
      json: { username: 'parent1', password: PASSWORD, redirect_uri: '/bind/' },
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/bind/');
    assert.ok(browser.cookie('edu_at'));
  });

  it('never redirects to another origin, however the address is spelt', async () => {
    const offSite = {
      'another origin': ['https://evil.example/x', 'http://evil.example', `http://${host}.evil.example/`],
      'a user name before the host': ['http://user@evil.example/'],
      'protocol-relative': ['//evil.example/x', '/.//evil.example/x'],
      'backslashes browsers read as slashes': ['/\\evil.example/x', '\\\\evil.example/x'],
      'white space browsers strip': [' //evil.example', '/\t/evil.example'],
      'a script': ['javascript:alert(1)'],
    };
    await forEachCase(offSite, async (redirect, label) => {
      const { response, browser, location } = await post({
        username: 'teacher1',
        password: PASSWORD,
        redirect_uri: redirect,
      });
      assert.equal(response.status, 303, label);
      assert.ok(browser.cookie('edu_at'), `signed in (${label})`);
      assert.ok(location.startsWith('/') && !location.startsWith('//'), `${label} → ${location}`);
      assert.ok(!location.includes('\\'), `${label} → ${location}`);
      assert.equal(new URL(location, server.url).host, host, `${label} → ${location}`);
    });
    assert.equal(
      (await post({ username: 'teacher1', password: PASSWORD, redirect_uri: '//evil.example/x' })).location,
      '/',
    );
  });

  it('on failure goes back to the login route with error=invalid_grant, no cookie and no password', async () => {
    const secret = 'Wr0ng-Secret-Value';
    const { response, browser, location } = await post({
      username: 'teacher1',
      password: secret,
      redirect_uri: '/pages/base/pc_desktop_all/index.html',
    });
    assert.equal(response.status, 303);
    assert.equal(location, '/#/login?error=invalid_grant&redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html');
    assert.equal(browser.lastSetCookies.length, 0);
    assert.ok(!location.includes(secret));
    assert.ok(!(await response.text()).includes(secret));

    const empty = await post({ username: '', password: '' });
    assert.equal(empty.location, '/#/login?error=invalid_grant');
    const foreignTarget = await post({ username: 'x', password: 'y', redirect_uri: 'https://evil.example/' });
    assert.equal(foreignTarget.location, '/#/login?error=invalid_grant', 'a foreign redirect_uri is not carried along');
  });

  it('goes back to the referring legacy login page of this origin, without the password from its query', async () => {
    const secret = 'Query-Password-1';
    const referer = `${server.url}/pages/base/pc_login_all/index.html?username=teacher1&password=${secret}&redirect_uri=%2Fx`;
    const { location, browser } = await post({ username: 'teacher1', password: secret }, { referer });
    assert.equal(browser.lastSetCookies.length, 0);
    const back = new URL(location, server.url);
    assert.equal(back.pathname, '/pages/base/pc_login_all/index.html');
    assert.equal(back.searchParams.get('error'), 'invalid_grant');
    assert.equal(back.searchParams.get('username'), 'teacher1');
    assert.equal(back.searchParams.get('redirect_uri'), '/x');
    assert.equal(back.searchParams.get('password'), null);
    assert.ok(!location.includes(secret));

    const foreign = await post({ username: 'teacher1', password: 'bad' }, { referer: 'https://evil.example/login' });
    assert.equal(foreign.location, '/#/login?error=invalid_grant');
    const root = await post({ username: 'teacher1', password: 'bad' }, { referer: `${server.url}/?a=1` });
    assert.equal(root.location, '/#/login?error=invalid_grant', 'the hash-routed host gets its login route');
  });

  it('refuses a post from another origin even with the right password', async () => {
    const { response, browser, location } = await post(
      { username: 'teacher1', password: PASSWORD, redirect_uri: '/' },
      { origin: 'https://evil.example' },
    );
    assert.equal(response.status, 303);
    assert.equal(browser.lastSetCookies.length, 0);
    assert.equal(location, '/#/login?error=invalid_request&redirect_uri=%2F');
    const same = await post({ username: 'teacher1', password: PASSWORD }, { origin: server.url });
    assert.equal(same.location, '/');
    assert.ok(same.browser.cookie('edu_at'));
  });
});

describe('the OpenAPI document', () => {
  it('lists every login call', async () => {
    const response = await new Client(server.url).raw('GET', '/api/docs/openapi.json');
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/uaa/oauth/ticket', 'get'],
      ['/api/uaa/oauth/ticket/issue', 'post'],
      ['/api/uaa/oauth/form_login', 'post'],
      ['/api/uaa/social/providers', 'get'],
      ['/api/uaa/social/info', 'get'],
      ['/api/uaa/social/qy_info', 'get'],
      ['/api/uaa/social/mp_info', 'get'],
      ['/api/uaa/social/dev/authorize', 'get'],
      ['/api/uaa/social/dev/authorize', 'post'],
      ['/api/uaa/social/bind', 'post'],
      ['/api/uaa/social/{state}', 'post'],
      ['/api/uaa/shiyue_webauth', 'post'],
      ['/api/uaa/shiyue_webauth/token', 'post'],
      ['/api/sso/select/login/url', 'get'],
      ['/sso/demo-lms/callback', 'get'],
    ] as const) {
      assert.ok(document.paths[path]?.[method], `${method.toUpperCase()} ${path}`);
    }
  });
});
