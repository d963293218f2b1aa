/**
 * Passkeys (docs/decisions.md "Passkeys"): registration behind a fresh credential, username-less sign-in, the passkey
 * as a fresh credential, list, rename, remove, and each ceremony's refusals — wrong challenge, expired or missing
 * challenge, wrong origin, wrong RP id, no user verification, unknown credential, a cloned credential's stale counter,
 * a replayed answer, another user's passkey — with a software authenticator making real keys and signatures.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { Client, login, PASSWORD, startServer, tempDataDir, type RunningServer } from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const ORIGIN = 'https://portal.example.edu';
const OTHER_ORIGIN = 'https://portal.example.com';

describe('passkeys', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ portalOrigin: `${ORIGIN}/` });
  });
  after(() => server.close());
  beforeEach(async () => {
    const hooks = new Client(server.url);
    await hooks.call('POST', '/api/__test/reset');
    await hooks.call('POST', '/api/__test/passkey/reset');
  });

  const confirmPassword = (client: Client) =>
    client.call('POST', '/api/uaa/oauth/confirm_password', { json: { password: PASSWORD } });
  const moveClock = (ms: number) =>
    new Client(server.url).call('POST', '/api/__test/config', { json: { clockOffsetMs: ms } });

  /** Adds a passkey as the settings page does: password again, options, the authenticator, the named answer. */
  async function register(client: Client, device: SoftAuthenticator, name = '我的电脑') {
    assert.equal((await confirmPassword(client)).body.status, 200);
    const options = await client.call('POST', '/api/uaa/passkey/register/options');
    assert.equal(options.body.status, 200, JSON.stringify(options.body));
    const response = device.create(options.body.data, ORIGIN);
    return client.call('POST', '/api/uaa/passkey/register', { json: { response, name } });
  }

  /** Asks sign-in options as a signed-out browser (keeping the challenge cookie). */
  async function signInOptions(browser = new Client(server.url)) {
    const options = await browser.call('POST', '/api/uaa/passkey/sign_in/options');
    assert.equal(options.body.status, 200);
    return { browser, options: options.body.data };
  }

  it('registers a named passkey behind a fresh password and signs in with it, without a user name', async () => {
    const teacher = await login(server, 'teacher1');
    const device = new SoftAuthenticator();
    const added = await register(teacher, device, ' 办公室电脑 ');
    assert.equal(added.body.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.data.name, '办公室电脑');
    assert.equal(added.body.data.lastUsedAt, null);

    const { browser, options } = await signInOptions();
    assert.equal(options.rpId, 'portal.example.edu');
    assert.equal(options.userVerification, 'required');
    assert.equal(options.allowCredentials, undefined, 'discoverable: no user name, no credential list');
    assert.ok(browser.cookie('edu_pk'), 'the challenge is bound to this browser');
    const signedIn = await browser.call('POST', '/api/uaa/passkey/sign_in', {
      json: { response: device.get(options, ORIGIN) },
    });
    assert.equal(signedIn.body.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.data.loginName, 'teacher1');
    const me = await browser.call('GET', '/api/uaa/oauth/me');
    assert.equal(me.body.data.loginName, 'teacher1');

    const list = await teacher.call('GET', '/api/uaa/passkey/list');
    assert.equal(list.body.data.length, 1);
    assert.equal(typeof list.body.data[0].lastUsedAt, 'number');
    assert.equal(list.body.data[0].publicKey, undefined, 'never the key');
  });

  it('keeps several devices per user, renames and removes by owner only', async () => {
    const teacher = await login(server, 'teacher1');
    const laptop = new SoftAuthenticator();
    const phone = new SoftAuthenticator();
    assert.equal((await register(teacher, laptop, 'laptop')).body.status, 200);
    const second = await register(teacher, phone, 'phone');
    assert.equal(second.body.status, 200);
    const options = await teacher.call('POST', '/api/uaa/passkey/register/options');
    assert.equal(options.body.data.excludeCredentials.length, 2, 'registered devices are excluded');

    const parent = await login(server, 'parent1');
    const foreign = await parent.call('POST', '/api/uaa/passkey/remove', { json: { id: second.body.data.id } });
    assert.equal(foreign.body.status, 404);
    const foreignRename = await parent.call('POST', '/api/uaa/passkey/rename', {
      json: { id: second.body.data.id, name: 'mine' },
    });
    assert.equal(foreignRename.body.status, 404);
    assert.deepEqual((await parent.call('GET', '/api/uaa/passkey/list')).body.data, []);

    const renamed = await teacher.call('POST', '/api/uaa/passkey/rename', {
      json: { id: second.body.data.id, name: '' },
    });
    assert.equal(renamed.body.code, 'invalid_name');
    assert.equal(renamed.body.fieldErrors[0].field, 'name');
    await teacher.call('POST', '/api/uaa/passkey/rename', { json: { id: second.body.data.id, name: '手机' } });
    const removed = await teacher.call('POST', '/api/uaa/passkey/remove', { json: { id: second.body.data.id } });
    assert.equal(removed.body.status, 200);
    const names = (await teacher.call('GET', '/api/uaa/passkey/list')).body.data.map((p: { name: string }) => p.name);
    assert.deepEqual(names, ['laptop']);

    // The removed phone signs nobody in; the laptop still does.
    const { browser, options: o1 } = await signInOptions();
    const refused = await browser.call('POST', '/api/uaa/passkey/sign_in', {
      json: { response: phone.get(o1, ORIGIN) },
    });
    assert.equal(refused.body.code, 'passkey_unknown');
    const { browser: b2, options: o2 } = await signInOptions();
    const ok = await b2.call('POST', '/api/uaa/passkey/sign_in', { json: { response: laptop.get(o2, ORIGIN) } });
    assert.equal(ok.body.status, 200);
  });

  it('asks for a fresh credential before adding a passkey; a passkey itself is one', async () => {
    const teacher = await login(server, 'teacher1');
    const stale = await teacher.call('POST', '/api/uaa/passkey/register/options');
    assert.equal(stale.body.status, 403);
    assert.equal(stale.body.code, 'fresh_credential_required');

    const device = new SoftAuthenticator();
    assert.equal((await register(teacher, device)).body.status, 200);
    // Five minutes later the password counts no more; the passkey confirms instead.
    await moveClock(5 * 60 * 1000 + 1000);
    assert.equal(
      (await teacher.call('POST', '/api/uaa/passkey/register/options')).body.code,
      'fresh_credential_required',
    );
    const confirmOptions = await teacher.call('POST', '/api/uaa/passkey/confirm/options');
    assert.equal(confirmOptions.body.data.allowCredentials.length, 1);
    const confirmed = await teacher.call('POST', '/api/uaa/passkey/confirm', {
      json: { response: device.get(confirmOptions.body.data, ORIGIN) },
    });
    assert.equal(confirmed.body.status, 200, JSON.stringify(confirmed.body));
    assert.equal((await teacher.call('POST', '/api/uaa/passkey/register/options')).body.status, 200);
  });

  it('unlocks face enrolment with a passkey confirmation, as with the password', async () => {
    const teacher = await login(server, 'teacher1');
    const device = new SoftAuthenticator();
    assert.equal((await register(teacher, device)).body.status, 200);
    await moveClock(5 * 60 * 1000 + 1000);
    const collect = () => teacher.call('POST', '/api/uaa/face/check', { json: { faceImage: '', userId: '10001' } });
    assert.equal((await collect()).body.code, 'fresh_credential_required');
    const options = await teacher.call('POST', '/api/uaa/passkey/confirm/options');
    await teacher.call('POST', '/api/uaa/passkey/confirm', {
      json: { response: device.get(options.body.data, ORIGIN) },
    });
    // Past the fresh-credential rule: now the (empty) photo itself is what is refused.
    const after = await collect();
    assert.notEqual(after.body.code, 'fresh_credential_required');
    assert.equal(after.body.status, 400);
  });

  it('refuses to confirm with another account’s passkey', async () => {
    const teacher = await login(server, 'teacher1');
    const parent = await login(server, 'parent1');
    const teachersDevice = new SoftAuthenticator();
    await register(teacher, teachersDevice);
    await register(parent, new SoftAuthenticator());
    const options = await parent.call('POST', '/api/uaa/passkey/confirm/options');
    const refused = await parent.call('POST', '/api/uaa/passkey/confirm', {
      json: { response: teachersDevice.get(options.body.data, ORIGIN) },
    });
    assert.equal(refused.body.code, 'passkey_not_yours');
  });

  it('will not start with a portal origin that is not one', async () => {
    const dataDir = tempDataDir();
    try {
      await assert.rejects(startServer({ dataDir, portalOrigin: 'portal.example.edu' }), /portal origin/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('registration refusals', () => {
    it('refuses a wrong challenge, a wrong origin, a wrong RP id, no user verification, and a missing challenge', async () => {
      const teacher = await login(server, 'teacher1');
      const device = new SoftAuthenticator();
      const attempt = async (bend: Parameters<SoftAuthenticator['create']>[2]) => {
        const options = await teacher.call('POST', '/api/uaa/passkey/register/options');
        const response = device.create(options.body.data, ORIGIN, bend);
        return (await teacher.call('POST', '/api/uaa/passkey/register', { json: { response, name: 'x' } })).body;
      };
      assert.equal((await confirmPassword(teacher)).body.status, 200);
      assert.equal(
        (await attempt({ challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).code,
        'passkey_refused',
      );
      assert.equal((await attempt({ origin: OTHER_ORIGIN })).code, 'passkey_refused');
      assert.equal((await attempt({ rpId: 'example.com' })).code, 'passkey_refused');
      assert.equal((await attempt({ uv: false })).code, 'passkey_refused');
      // No options asked (or already used): nothing to answer.
      const orphan = device.create(
        { rp: { id: 'portal.example.edu' }, user: { id: 'AAAA' }, challenge: 'AAAA' },
        ORIGIN,
      );
      const missing = await teacher.call('POST', '/api/uaa/passkey/register', {
        json: { response: orphan, name: 'x' },
      });
      assert.equal(missing.body.code, 'passkey_challenge_missing');
      assert.deepEqual((await teacher.call('GET', '/api/uaa/passkey/list')).body.data, []);
    });

    it('refuses a challenge older than five minutes', async () => {
      const teacher = await login(server, 'teacher1');
      assert.equal((await confirmPassword(teacher)).body.status, 200);
      const options = await teacher.call('POST', '/api/uaa/passkey/register/options');
      await moveClock(5 * 60 * 1000 + 1000);
      assert.equal((await confirmPassword(teacher)).body.status, 200);
      const response = new SoftAuthenticator().create(options.body.data, ORIGIN);
      const late = await teacher.call('POST', '/api/uaa/passkey/register', { json: { response, name: 'x' } });
      assert.equal(late.body.code, 'passkey_challenge_expired');
    });

    it('binds the challenge to the session that asked for it', async () => {
      const teacher = await login(server, 'teacher1');
      const other = await login(server, 'teacher1');
      assert.equal((await confirmPassword(teacher)).body.status, 200);
      assert.equal((await confirmPassword(other)).body.status, 200);
      const options = await teacher.call('POST', '/api/uaa/passkey/register/options');
      const response = new SoftAuthenticator().create(options.body.data, ORIGIN);
      const elsewhere = await other.call('POST', '/api/uaa/passkey/register', { json: { response, name: 'x' } });
      assert.equal(elsewhere.body.code, 'passkey_challenge_missing');
    });
  });

  describe('sign-in refusals', () => {
    let device: SoftAuthenticator;
    beforeEach(async () => {
      device = new SoftAuthenticator();
      assert.equal((await register(await login(server, 'teacher1'), device)).body.status, 200);
    });

    const signIn = async (browser: Client, response: unknown) =>
      (await browser.call('POST', '/api/uaa/passkey/sign_in', { json: { response } })).body;

    it('refuses a wrong challenge, a wrong origin, a wrong RP id and no user verification', async () => {
      for (const bend of [
        { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
        { origin: OTHER_ORIGIN },
        { origin: 'http://portal.example.edu' },
        { rpId: 'example.edu' },
        { uv: false },
      ]) {
        const { browser, options } = await signInOptions();
        const body = await signIn(browser, device.get(options, ORIGIN, undefined, bend));
        assert.equal(body.status, 400, JSON.stringify(bend));
        assert.equal(body.code, 'passkey_refused', JSON.stringify(bend));
        assert.match(body.message, /^通行密钥验证失败，请重试\|\|\|The passkey could not be verified/);
        assert.equal((await browser.call('GET', '/api/uaa/oauth/me')).body.status, 401, 'no session');
      }
    });

    it('refuses an expired challenge, a missing one, and the same answer twice', async () => {
      const { browser, options } = await signInOptions();
      await moveClock(5 * 60 * 1000 + 1000);
      assert.equal((await signIn(browser, device.get(options, ORIGIN))).code, 'passkey_challenge_expired');
      await moveClock(0);

      // Another browser cannot answer this browser's challenge: it has no cookie.
      const { options: mine } = await signInOptions();
      assert.equal((await signIn(new Client(server.url), device.get(mine, ORIGIN))).code, 'passkey_challenge_missing');

      const { browser: b3, options: o3 } = await signInOptions();
      const answer = device.get(o3, ORIGIN);
      const cookie = b3.cookie('edu_pk')!;
      assert.equal((await signIn(b3, answer)).status, 200);
      // Replayed with the same challenge cookie: the challenge was used up.
      const replay = new Client(server.url);
      replay.cookies.set('edu_pk', { value: cookie, path: '/api/uaa/passkey' });
      assert.equal((await signIn(replay, answer)).code, 'passkey_challenge_missing');
    });

    it('refuses an unknown credential', async () => {
      const stranger = new SoftAuthenticator();
      stranger.create({ rp: { id: 'portal.example.edu' }, user: { id: 'AAAA' }, challenge: 'AAAA' }, ORIGIN);
      const { browser, options } = await signInOptions();
      const body = await signIn(browser, stranger.get(options, ORIGIN));
      assert.equal(body.code, 'passkey_unknown');
    });

    it('refuses a cloned credential whose counter did not grow', async () => {
      const original = device.credentials[0]!;
      for (let i = 0; i < 2; i += 1) {
        const { browser, options } = await signInOptions();
        assert.equal((await signIn(browser, device.get(options, ORIGIN))).status, 200);
      }
      // A copy taken before those two sign-ins still has the old counter.
      const copy = device.clone(original, 0);
      const { browser: b2, options: o2 } = await signInOptions();
      const body = await signIn(b2, device.get(o2, ORIGIN, copy, { counter: 1 }));
      assert.equal(body.code, 'passkey_refused');
    });

    it('refuses a user handle that is not the credential owner’s', async () => {
      const parentDevice = new SoftAuthenticator();
      await register(await login(server, 'parent1'), parentDevice);
      const teacherCredential = device.credentials[0]!;
      teacherCredential.userHandle = parentDevice.credentials[0]!.userHandle;
      const { browser, options } = await signInOptions();
      assert.equal((await signIn(browser, device.get(options, ORIGIN))).code, 'passkey_refused');
    });

    it('counts failures like wrong passwords and locks the source out', async () => {
      let last = { status: 0, code: '' };
      for (let i = 0; i < 7; i += 1) {
        const { browser, options } = await signInOptions();
        last = await signIn(browser, device.get(options, ORIGIN, undefined, { origin: OTHER_ORIGIN }));
      }
      assert.equal(last.status, 429);
      assert.equal(last.code, 'too_many_attempts');
    });

    it('refuses a state-changing passkey call from another site', async () => {
      const browser = new Client(server.url);
      const response = await browser.raw('POST', '/api/uaa/passkey/sign_in/options', {
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(response.status, 403);
    });
  });
});
