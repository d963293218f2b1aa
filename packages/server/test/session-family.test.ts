/**
 * One refresh across tabs, handover tokens: the rotation overlap (tabs that refresh together keep the session), reuse detection of
 * older refresh tokens, logout ending every session derived from the login, and handover tokens (the `accessToken`
 * the page sees: 5 minutes, one relogin, never a bearer).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HANDOVER_TTL_MS, REFRESH_REUSE_WINDOW_MS } from '../src/config.ts';
import { Client, login, useServer, PASSWORD } from './helpers.ts';

const server = useServer();
const { configure } = server;

/** A second "tab": a client with the same cookies as `client` at this moment. */
function copyOf(client: Client): Client {
  const copy = new Client(server.url);
  for (const [name, cookie] of client.cookies) copy.cookies.set(name, { ...cookie });
  return copy;
}

/** A new handover token of the client's session: the `accessToken` of a `me` answer. */
async function handoverOf(client: Client): Promise<string> {
  const { body } = await client.call('GET', '/api/uaa/oauth/me');
  assert.equal(body.status, 200);
  return body.data.accessToken as string;
}

const relogin = (client: Client, accessToken: string | undefined) =>
  client.call('POST', '/api/uaa/oauth/relogin', { json: { accessToken } });

const meStatus = async (client: Client) => (await client.call('GET', '/api/uaa/oauth/me')).body.status;
const bearerStatus = async (token: string) =>
  (
    await new Client(server.url).call('GET', '/api/uaa/oauth/me', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).body.status;

describe('rotation overlap', () => {
  it('two tabs refreshing with the same token both get the same successor, and both keep the session', async () => {
    const tabA = await login(server, 'teacher1');
    const tabB = copyOf(tabA);
    await new Client(server.url).call('POST', '/api/__test/expire');
    const [a, b] = await Promise.all([
      tabA.call('GET', '/api/uaa/oauth/refresh'),
      tabB.call('GET', '/api/uaa/oauth/refresh'),
    ]);
    assert.equal(a.body.status, 200);
    assert.equal(b.body.status, 200);
    // The same successor pair (the cookies); each answer's accessToken is a handover token of its own.
    assert.equal(tabA.cookie('edu_at'), tabB.cookie('edu_at'));
    assert.equal(tabA.cookie('edu_rt'), tabB.cookie('edu_rt'));
    assert.equal(await meStatus(tabA), 200);
    assert.equal(await meStatus(tabB), 200);
    // The successor goes on normally.
    assert.equal((await tabA.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal(await meStatus(tabA), 200);
  });

  it('a late tab within the overlap still adopts the successor, up to the end of the window', async () => {
    const tabA = await login(server, 'parent1');
    const tabB = copyOf(tabA);
    assert.equal((await tabA.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    await configure({ clockOffsetMs: REFRESH_REUSE_WINDOW_MS - 1000 });
    const late = await tabB.call('GET', '/api/uaa/oauth/refresh');
    assert.equal(late.body.status, 200);
    assert.equal(tabB.cookie('edu_at'), tabA.cookie('edu_at'));
  });

  it('the access token a rotation replaced stays valid for the overlap, never longer, never revived once expired', async () => {
    const tab = await login(server, 'teacher1');
    const before = tab.cookie('edu_at')!;
    // Two tabs one after the other: each rotation leaves the access token it replaced usable for a while.
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    const middle = tab.cookie('edu_at')!;
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal(await bearerStatus(middle), 200);
    await configure({ clockOffsetMs: REFRESH_REUSE_WINDOW_MS + 1000 });
    assert.equal(await bearerStatus(middle), 401);
    assert.equal(await bearerStatus(before), 401);
    assert.equal(await meStatus(tab), 200);

    // An access token that had already expired stays expired after the refresh.
    await new Client(server.url).call('POST', '/api/__test/expire');
    const expired = tab.cookie('edu_at')!;
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal(await bearerStatus(expired), 401);
  });

  it('an older token (two rotations back) is reuse: the whole family ends, relogged-in sessions too', async () => {
    const tab = await login(server, 'teacher1');
    const stolen = copyOf(tab);
    const derived = new Client(server.url);
    assert.equal((await relogin(derived, await handoverOf(tab))).body.status, 200);
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    assert.equal(await meStatus(tab), 200);

    const replay = await stolen.call('GET', '/api/uaa/oauth/refresh');
    assert.equal(replay.body.status, 401);
    assert.equal(await meStatus(tab), 401, 'the current session of the family ended');
    assert.equal(await meStatus(derived), 401, 'the relogged-in session ended');
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
  });

  it('the token just rotated is reuse once its overlap has passed', async () => {
    const tab = await login(server, 'teacher1');
    const stolen = copyOf(tab);
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
    await configure({ clockOffsetMs: REFRESH_REUSE_WINDOW_MS + 1000 });
    assert.equal((await stolen.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
    assert.equal(await meStatus(tab), 401);
  });

  it('another login of the same user is another family: reuse in one leaves the other alone', async () => {
    const tab = await login(server, 'teacher1');
    const other = await login(server, 'teacher1');
    const stolen = copyOf(tab);
    await tab.call('GET', '/api/uaa/oauth/refresh');
    await tab.call('GET', '/api/uaa/oauth/refresh');
    await stolen.call('GET', '/api/uaa/oauth/refresh');
    assert.equal(await meStatus(tab), 401);
    assert.equal(await meStatus(other), 200);
  });
});

describe('logout ends every session derived from the login', () => {
  it('relogin with any token of the login after logout is refused; me answers 401 for every derived session', async () => {
    const tab = await login(server, 'area1');
    const token = tab.cookie('edu_at')!;
    // The help centre and a desktop client relog in with handover tokens: sessions of the same login.
    const help = new Client(server.url);
    assert.equal((await relogin(help, await handoverOf(tab))).body.status, 200);
    const desktop = new Client(server.url);
    assert.equal((await relogin(desktop, await handoverOf(help))).body.status, 200);
    // Handover tokens issued before the logout, not used yet.
    const unused = [await handoverOf(tab), await handoverOf(help), await handoverOf(desktop)];
    const unrelated = await login(server, 'area1');

    assert.equal((await tab.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    for (const client of [tab, help, desktop]) assert.equal(await meStatus(client), 401);
    for (const accessToken of [token, help.cookie('edu_at')!, desktop.cookie('edu_at')!]) {
      assert.equal(await bearerStatus(accessToken), 401);
      assert.equal((await relogin(new Client(server.url), accessToken)).body.status, 401);
    }
    for (const handover of unused) {
      const again = await relogin(new Client(server.url), handover);
      assert.equal(again.body.status, 401, 'a handover token issued before the logout is refused');
      assert.equal(again.body.code, 'invalid_token');
    }
    assert.equal((await help.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
    assert.equal(await meStatus(unrelated), 200, 'a separate login is not ended');
  });

  it('logging out of a relogged-in session ends the session it came from too', async () => {
    const tab = await login(server, 'teacher1');
    const help = new Client(server.url);
    assert.equal((await relogin(help, await handoverOf(tab))).body.status, 200);
    await tab.call('GET', '/api/uaa/oauth/refresh');
    assert.equal((await help.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    assert.equal(await meStatus(help), 401);
    assert.equal(await meStatus(tab), 401);
  });

  it('a logout with only an expired access token or a just-rotated refresh token still ends the login', async () => {
    const tab = await login(server, 'parent1');
    const lagging = copyOf(tab);
    await tab.call('GET', '/api/uaa/oauth/refresh');
    // The lagging tab still holds the rotated-away refresh token and the old access token.
    assert.equal((await lagging.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    assert.equal(await meStatus(tab), 401);
    assert.equal((await tab.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
  });
});

describe('handover tokens (the accessToken of login, me and refresh answers)', () => {
  it('the access token of the cookie is refused by relogin, valid as it is', async () => {
    const tab = await login(server, 'teacher1');
    const refused = await relogin(new Client(server.url), tab.cookie('edu_at'));
    assert.equal(refused.body.status, 401);
    assert.equal(refused.body.code, 'invalid_token');
    assert.equal(refused.body.message, '访问令牌无效或已过期|||The access token is invalid or has expired');
    assert.equal(await meStatus(tab), 200, 'the session itself goes on');
  });

  it('a handover token opens one session of the same login, then is refused', async () => {
    const browser = new Client(server.url);
    const answer = await browser.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: PASSWORD },
    });
    const handover = answer.body.data.accessToken as string;
    const first = new Client(server.url);
    const opened = await relogin(first, handover);
    assert.equal(opened.body.status, 200);
    assert.equal(opened.body.data.loginName, 'teacher1');
    assert.equal(await meStatus(first), 200);
    const second = new Client(server.url);
    const again = await relogin(second, handover);
    assert.equal(again.body.status, 401, 'single use');
    assert.equal(second.cookie('edu_at'), undefined);
    // Of the same login: a logout of the relogged-in session ends the browser's too.
    await first.call('POST', '/api/uaa/oauth/logout');
    assert.equal(await meStatus(browser), 401);
  });

  it('a handover token is refused once 5 minutes have passed, though its session is still valid', async () => {
    const tab = await login(server, 'parent1');
    const young = await handoverOf(tab);
    const old = await handoverOf(tab);
    await configure({ clockOffsetMs: HANDOVER_TTL_MS - 1000 });
    assert.equal((await relogin(new Client(server.url), young)).body.status, 200, 'within 5 minutes');
    await configure({ clockOffsetMs: HANDOVER_TTL_MS + 1000 });
    assert.equal((await relogin(new Client(server.url), old)).body.status, 401, 'after 5 minutes');
    assert.equal(await meStatus(tab), 200);
  });

  it('a handover token (login, me, refresh, relogin answers) is never a bearer or a cookie for ordinary calls', async () => {
    const browser = new Client(server.url);
    const answer = await browser.call('POST', '/api/uaa/oauth/login', {
      json: { username: 'teacher1', password: PASSWORD },
    });
    const refreshed = await browser.call('GET', '/api/uaa/oauth/refresh');
    const reloggedIn = await relogin(new Client(server.url), await handoverOf(browser));
    const tokens = [
      answer.body.data.accessToken as string,
      await handoverOf(browser),
      refreshed.body.data.accessToken as string,
      reloggedIn.body.data.accessToken as string,
    ];
    for (const token of tokens) {
      assert.match(token, /^[0-9a-f]{64}$/);
      assert.notEqual(token, browser.cookie('edu_at'));
      assert.equal(await bearerStatus(token), 401);
      for (const path of ['/api/base/desktop/unhandlecount', '/api/base/unit/help_key']) {
        const byBearer = await new Client(server.url).call('GET', path, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(byBearer.body.status, 401, path);
        const byCookie = await new Client(server.url).call('GET', path, { headers: { cookie: `edu_at=${token}` } });
        assert.equal(byCookie.body.status, 401, path);
      }
    }
    // Each still opens its one relogin: they were refused as bearers, not spent.
    assert.equal((await relogin(new Client(server.url), tokens[0])).body.status, 200);
  });

  it('a handover token of a session that switched identity is refused', async () => {
    const tab = await login(server, 'teacher1');
    const me = (await tab.call('GET', '/api/uaa/oauth/me')).body.data;
    const handover = me.accessToken as string;
    assert.equal((await tab.call('GET', `/api/uaa/switch/login?userId=${me.parentId}`)).body.status, 200);
    assert.equal((await relogin(new Client(server.url), handover)).body.status, 401);
  });
});
