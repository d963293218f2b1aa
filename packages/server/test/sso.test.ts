/** Single sign-on: shiyue_webauth for the authorize flow, the code exchange, external app login URLs. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, login, startServer, type RunningServer } from './helpers.ts';

const CALLBACK = '/sso/demo-lms/callback';
const MISSING_CLIENT_ID = '缺少client_id，请返回重试！|||Missing client_id, please go back and try again!';

let server: RunningServer;
let teacher: Client;
before(async () => {
  server = await startServer();
});
after(() => server.close());
beforeEach(async () => {
  await new Client(server.url).call('POST', '/api/__test/reset');
  teacher = await login(server, 'teacher1');
});

const configure = (settings: Record<string, unknown>) =>
  new Client(server.url).call('POST', '/api/__test/config', { json: settings });

const authorize = (payload: Record<string, string>, client: Client = teacher) =>
  client.call('POST', '/api/uaa/shiyue_webauth', { json: payload });

const exchange = (payload: Record<string, string>) =>
  new Client(server.url).call('POST', '/api/uaa/shiyue_webauth/token', {
    form: { grant_type: 'authorization_code', client_id: 'demo-lms', client_secret: 'demo-lms-secret', ...payload },
  });

async function codeFor(payload: Record<string, string> = {}) {
  const { body } = await authorize({
    response_type: 'code',
    client_id: 'demo-lms',
    redirect_uri: CALLBACK,
    ...payload,
  });
  assert.equal(body.status, 200, JSON.stringify(body));
  return new URL(body.data, server.url).searchParams.get('code')!;
}

describe('POST /api/uaa/shiyue_webauth', () => {
  it('answers the registered redirect with a one-time code and the state', async () => {
    const { response, body } = await authorize({
      response_type: 'code',
      client_id: 'demo-lms',
      redirect_uri: CALLBACK,
      state: 'desk-1',
      unitHost: 'localhost',
      scope: 'base',
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 200);
    assert.equal(body.code, 'ok');
    assert.match(body.data, /^\/sso\/demo-lms\/callback\?code=[0-9a-f]{40}&state=desk-1$/);

    const absolute = await authorize({ client_id: 'demo-lms', redirect_uri: `${server.url}${CALLBACK}?lang=en` });
    assert.equal(absolute.body.status, 200);
    const url = new URL(absolute.body.data);
    assert.equal(url.origin, server.url);
    assert.equal(url.pathname, CALLBACK);
    assert.equal(url.searchParams.get('lang'), 'en');
    assert.match(url.searchParams.get('code')!, /^[0-9a-f]{40}$/);
    assert.equal(url.searchParams.get('state'), null, 'no state sent, none returned');

    const byDefault = await authorize({ client_id: 'demo-lms' });
    assert.match(byDefault.body.data, /^\/sso\/demo-lms\/callback\?code=[0-9a-f]{40}$/, 'the registered address');

    const form = await teacher.call('POST', '/api/uaa/shiyue_webauth', {
      form: { response_type: 'code', client_id: 'demo-lms', redirect_uri: CALLBACK, state: 's' },
    });
    assert.equal(form.response.status, 415, 'a cross-site form cannot obtain a code for the signed-in user');
  });

  it('without client_id answers 400 with the spec message', async () => {
    for (const payload of [{}, { client_id: '  ', redirect_uri: CALLBACK }] as Record<string, string>[]) {
      const { body } = await authorize(payload);
      assert.equal(body.status, 400);
      assert.notEqual(body.code, 'ok');
      assert.equal(body.message, MISSING_CLIENT_ID);
      assert.equal(body.fieldErrors[0].field, 'client_id');
      assert.equal(body.data, null);
    }
  });

  it('refuses an unknown client with a bilingual message', async () => {
    const { body } = await authorize({ client_id: 'no-such-app', redirect_uri: CALLBACK });
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_client');
    assert.match(body.message, /^[^|]+\|\|\|[^|]+$/);
  });

  it('refuses a foreign or unregistered redirect address', async () => {
    for (const redirect of [
      `https://evil.example${CALLBACK}`,
      `//evil.example${CALLBACK}`,
      `/\\evil.example${CALLBACK}`,
      `http://${new URL(server.url).host}.evil.example${CALLBACK}`,
      '/sso/demo-lms/other',
      '/',
      'javascript:alert(1)',
    ]) {
      const { body } = await authorize({ client_id: 'demo-lms', redirect_uri: redirect, state: 's' });
      assert.equal(body.status, 400, redirect);
      assert.equal(body.code, 'invalid_redirect_uri', redirect);
      assert.match(body.message, /\|\|\|/);
    }
  });

  it('refuses other response types and scopes the client may not ask for', async () => {
    const token = await authorize({ client_id: 'demo-lms', redirect_uri: CALLBACK, response_type: 'token' });
    assert.equal(token.body.status, 400);
    assert.equal(token.body.code, 'unsupported_response_type');
    const scope = await authorize({ client_id: 'demo-lms', redirect_uri: CALLBACK, scope: 'base admin' });
    assert.equal(scope.body.status, 400);
    assert.equal(scope.body.code, 'invalid_scope');
  });

  it('needs a session (401)', async () => {
    const { response, body } = await authorize(
      { client_id: 'demo-lms', redirect_uri: CALLBACK },
      new Client(server.url),
    );
    assert.equal(response.status, 200);
    assert.equal(body.status, 401);
    assert.equal(body.code, 'invalid_token');
  });
});

describe('POST /api/uaa/shiyue_webauth/token', () => {
  it('exchanges a code once for the user who authorized', async () => {
    const code = await codeFor({ scope: 'base userinfo' });
    const first = await exchange({ code, redirect_uri: CALLBACK });
    assert.equal(first.body.status, 200);
    assert.equal(first.body.data.loginName, 'teacher1');
    assert.equal(first.body.data.clientId, 'demo-lms');
    assert.equal(first.body.data.scope, 'base userinfo');
    assert.equal(first.body.data.unitName, '滨江区实验中学');
    const second = await exchange({ code, redirect_uri: CALLBACK });
    assert.equal(second.body.status, 400);
    assert.equal(second.body.code, 'invalid_grant');
  });

  it('checks the client secret before spending the code', async () => {
    const code = await codeFor();
    const wrongSecret = await exchange({ code, client_secret: 'guess' });
    assert.equal(wrongSecret.body.status, 400);
    assert.equal(wrongSecret.body.code, 'invalid_client');
    const unknown = await exchange({ code, client_id: 'other-app' });
    assert.equal(unknown.body.code, 'invalid_client');
    assert.equal((await exchange({ code })).body.status, 200, 'still usable by its client');
  });

  it('refuses a code for another redirect address, an expired code and other grant types', async () => {
    const crossed = await codeFor();
    assert.equal((await exchange({ code: crossed, redirect_uri: '/elsewhere' })).body.code, 'invalid_grant');
    const late = await codeFor();
    await configure({ clockOffsetMs: 5 * 60 * 1000 + 1000 });
    assert.equal((await exchange({ code: late })).body.code, 'invalid_grant');
    assert.equal((await exchange({ code: late, grant_type: 'password' })).body.code, 'unsupported_grant_type');
  });
});

describe('the demo-lms callback page', () => {
  it('shows the code it received and who its back end got for it; a reload finds the code spent', async () => {
    const { body } = await authorize({ client_id: 'demo-lms', redirect_uri: CALLBACK, state: 'desk' });
    const page = await new Client(server.url).raw('GET', body.data);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    const html = await page.text();
    const code = new URL(body.data, server.url).searchParams.get('code')!;
    assert.ok(html.includes(`<code data-field="code">${code}</code>`));
    assert.ok(html.includes('<code data-field="state">desk</code>'));
    assert.match(html, /李明华/);
    assert.match(html, /Signed in as teacher1/);
    const reload = await (await new Client(server.url).raw('GET', body.data)).text();
    assert.ok(!reload.includes('Signed in as'));
    assert.match(reload, /already used or expired/);
  });

  it('escapes what it shows', async () => {
    const page = await new Client(server.url).raw(
      'GET',
      `${CALLBACK}?code=${encodeURIComponent('<script>alert(1)</script>')}&state=${encodeURIComponent('"><img src=x>')}`,
    );
    const html = await page.text();
    assert.ok(!html.includes('<script>') && !html.includes('<img'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('&quot;&gt;&lt;img src=x&gt;'));
  });
});

describe('GET /api/sso/select/login/url', () => {
  it("answers an external app's login address, which runs the authorize flow into demo-lms", async () => {
    const { body } = await teacher.call('GET', '/api/sso/select/login/url?appCode=demo-lms&_t=3');
    assert.equal(body.status, 200);
    assert.equal(typeof body.data, 'string');
    const hash = new URL(body.data, server.url).hash;
    assert.ok(hash.startsWith('#/authorize?'), body.data);
    const params = new URLSearchParams(hash.slice('#/authorize?'.length));
    assert.equal(params.get('client_id'), 'demo-lms');
    // What the host's authorize page does with it.
    const answer = await authorize(Object.fromEntries(params));
    assert.equal(answer.body.status, 200);
    assert.ok(answer.body.data.startsWith(`${CALLBACK}?code=`));
  });

  it('answers 404 for an unknown app, 400 without appCode and 401 without a session', async () => {
    assert.equal((await teacher.call('GET', '/api/sso/select/login/url?appCode=nope')).body.status, 404);
    const missing = await teacher.call('GET', '/api/sso/select/login/url');
    assert.equal(missing.body.status, 400);
    assert.equal(missing.body.fieldErrors[0].field, 'appCode');
    const anonymous = await new Client(server.url).call('GET', '/api/sso/select/login/url?appCode=demo-lms');
    assert.equal(anonymous.body.status, 401);
  });
});
