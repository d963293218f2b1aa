/**
 * Issue 14 items 2 and 4: the rotation overlap (tabs that refresh together keep the session), reuse detection of
 * older refresh tokens, and logout ending every session derived from the login.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFRESH_REUSE_WINDOW_MS } from '../src/config.ts';
import { Client, login, useServer } from './helpers.ts';

const server = useServer();
const { configure } = server;

/** A second "tab": a client with the same cookies as `client` at this moment. */
function copyOf(client: Client): Client {
  const copy = new Client(server.url);
  for (const [name, cookie] of client.cookies) copy.cookies.set(name, { ...cookie });
  return copy;
}

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
    assert.equal(a.body.data.accessToken, b.body.data.accessToken);
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
    const relogin = await derived.call('POST', '/api/uaa/oauth/relogin', {
      json: { accessToken: tab.cookie('edu_at') },
    });
    assert.equal(relogin.body.status, 200);
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
  it('relogin with the access token after logout is refused; me answers 401 for every derived session', async () => {
    const tab = await login(server, 'area1');
    const token = tab.cookie('edu_at')!;
    // The help centre and a desktop client relog in with the access token: sessions of the same login.
    const help = new Client(server.url);
    assert.equal(
      (await help.call('POST', '/api/uaa/oauth/relogin', { json: { accessToken: token } })).body.status,
      200,
    );
    const desktop = new Client(server.url);
    assert.equal(
      (await desktop.call('POST', '/api/uaa/oauth/relogin', { json: { accessToken: help.cookie('edu_at') } })).body
        .status,
      200,
    );
    const unrelated = await login(server, 'area1');

    assert.equal((await tab.call('POST', '/api/uaa/oauth/logout')).body.data, true);
    for (const client of [tab, help, desktop]) assert.equal(await meStatus(client), 401);
    assert.equal(await bearerStatus(token), 401);
    for (const accessToken of [token, help.cookie('edu_at'), desktop.cookie('edu_at')]) {
      const again = await new Client(server.url).call('POST', '/api/uaa/oauth/relogin', { json: { accessToken } });
      assert.equal(again.body.status, 401);
    }
    assert.equal((await help.call('GET', '/api/uaa/oauth/refresh')).body.status, 401);
    assert.equal(await meStatus(unrelated), 200, 'a separate login is not ended');
  });

  it('logging out of a relogged-in session ends the session it came from too', async () => {
    const tab = await login(server, 'teacher1');
    const help = new Client(server.url);
    await help.call('POST', '/api/uaa/oauth/relogin', { json: { accessToken: tab.cookie('edu_at') } });
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
