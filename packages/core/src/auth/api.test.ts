/** Session calls and signed responses against the running reference server. */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { envelopeMessage } from '../http/envelope.ts';
import { RequestError } from '../http/errors.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  captureNotices,
  configureServer,
  expireAccessTokens,
  loginAs,
  serverCalls,
  DEMO_PASSWORD,
} from '../test-support/server.ts';
import {
  checkLogin,
  getLoginConfig,
  getMe,
  getUnitConfig,
  loginWithPassword,
  logoutCall,
  parseDecorationSet,
} from './api.ts';

describe('session calls', () => {
  let session: SessionStore;
  let client: Client;
  let relogins: () => number;

  useReferenceServer(
    (parts) => {
      ({ client, relogins } = parts);
      session = parts.session!;
    },
    {
      session: true,
      countRelogins: true,
    },
  );

  describe('signed responses', () => {
    it('getMe sends a random signature and accepts a correctly signed answer', async () => {
      await loginAs('teacher1');
      const envelope = await getMe(client);
      expect(envelope.status).to.equal(200);
      expect(envelope.data?.loginName).to.equal('teacher1');
      expect(relogins()).to.equal(0);
    });

    it('a tampered signature runs relogin handling and rejects: the data is never used', async () => {
      await loginAs('teacher1');
      await configureServer({ tamperSignature: true });
      let caught: unknown;
      try {
        await getMe(client);
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(RequestError);
      expect((caught as RequestError).kind).to.equal('signature');
      expect((caught as RequestError).data).to.equal(null);
      expect(relogins()).to.equal(1);
    });

    it('concurrent tampered answers relog in once', async () => {
      await loginAs('teacher1');
      await configureServer({ tamperSignature: true });
      const settled = await Promise.allSettled([getMe(client), getMe(client), getMe(client)]);
      expect(settled.every((s) => s.status === 'rejected')).to.equal(true);
      expect(relogins()).to.equal(1);
    });

    it('checkLogin keeps a tampered user out of the session store', async () => {
      await loginAs('teacher1');
      await configureServer({ tamperSignature: true });
      expect(await checkLogin({ client, session })).to.equal('logged-out');
      expect(session.getSnapshot().user).to.equal(null);
      expect(localStorage.getItem('user')).to.equal(null);
    });

    it('a signed request to a route that does not sign is refused', async () => {
      await loginAs('teacher1');
      let kind = '';
      try {
        await client.get('/api/__test/echo', undefined, { signature: true });
      } catch (error) {
        kind = (error as RequestError).kind;
      }
      expect(kind).to.equal('signature');
      expect(relogins()).to.equal(1);
    });

    it('getMe never triggers the refresh (noIntercept)', async () => {
      const envelope = await getMe(client);
      expect(envelope.status).to.equal(401);
      expect((await serverCalls())['GET /api/uaa/oauth/refresh']).to.equal(undefined);
      expect(relogins()).to.equal(0);
    });
  });

  describe('login status and logout', () => {
    it('checkLogin: status 200 with data logs the store in', async () => {
      await loginAs('parent1');
      expect(await checkLogin({ client, session })).to.equal('logged-in');
      const snap = session.getSnapshot();
      expect(snap.status).to.equal('logged-in');
      expect(snap.user?.userType).to.equal(3);
      expect(JSON.parse(localStorage.getItem('user')!).loginName).to.equal('parent1');
    });

    it('checkLogin: no session means logged out, without the logged-out flag', async () => {
      localStorage.setItem('user', JSON.stringify({ userId: 'stale' }));
      const stale = createSessionStore();
      expect(await checkLogin({ client, session: stale })).to.equal('logged-out');
      expect(stale.getSnapshot().user).to.equal(null);
      expect(localStorage.getItem('IS_LOGOUTED')).to.equal(null);
      stale.dispose();
    });

    it('checkLogin after the access token expired refreshes once and stays logged in, without notices', async () => {
      await loginAs('parent1');
      await expireAccessTokens();
      const { notices, restore } = captureNotices();
      try {
        expect(await checkLogin({ client, session })).to.equal('logged-in');
        expect(session.getSnapshot().user?.loginName).to.equal('parent1');
        const calls = await serverCalls();
        expect(calls['GET /api/uaa/oauth/refresh']).to.equal(1);
        expect(calls['GET /api/uaa/oauth/me']).to.equal(2);
        expect(relogins()).to.equal(0);
        expect(notices).to.have.length(0);
      } finally {
        restore();
      }
    });

    it('checkLogin when the refresh fails too: logged out, no relogin handling, no notices', async () => {
      await loginAs('parent1');
      await expireAccessTokens();
      await configureServer({ failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401 }] });
      const { notices, restore } = captureNotices();
      try {
        expect(await checkLogin({ client, session })).to.equal('logged-out');
        expect(session.getSnapshot().user).to.equal(null);
        expect((await serverCalls())['GET /api/uaa/oauth/refresh']).to.equal(1);
        expect(relogins()).to.equal(0);
        expect(notices).to.have.length(0);
      } finally {
        restore();
      }
    });

    it('a locked account answers status 429 with the server message in the language in force', async () => {
      for (let i = 0; i < 5; i++) {
        expect((await loginWithPassword('staff4', `guess-${i}`, { client, session })).code).to.equal('invalid_grant');
      }
      const locked = await loginWithPassword('staff4', DEMO_PASSWORD, { client, session });
      expect(locked.status).to.equal(429);
      expect(envelopeMessage(locked, 'en')).to.equal('Too many failed sign-ins, please try again in 1 minute');
      expect(envelopeMessage(locked, 'zh-CN')).to.equal('登录失败次数过多，请 1 分钟后再试');
      expect(session.getSnapshot().user).to.equal(null);
    });

    it('loginWithPassword stores the user on success and returns refusals as envelopes', async () => {
      const wrong = await loginWithPassword('teacher1', 'nope', { client, session });
      expect(wrong.status).to.equal(400);
      expect(wrong.code).to.equal('invalid_grant');
      expect(session.getSnapshot().user).to.equal(null);
      const ok = await loginWithPassword('  teacher1 ', DEMO_PASSWORD, { client, session });
      expect(ok.status).to.equal(200);
      expect(session.getSnapshot().user?.loginName).to.equal('teacher1');
      expect(session.getSnapshot().user?.campusUnits.length).to.be.greaterThan(0);
    });

    it('logoutCall posts the logout, then clears exactly what the spec says', async () => {
      await loginWithPassword('teacher1', DEMO_PASSWORD, { client, session });
      localStorage.setItem('AUTO_LOGIN_NUM', '3');
      localStorage.setItem('PH_MY_SET_LANG', 'en');
      sessionStorage.setItem('theme', '{}');
      expect(await logoutCall({ client, session })).to.equal(true);
      expect(localStorage.getItem('user')).to.equal(null);
      expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(null);
      expect(sessionStorage.length).to.equal(0);
      expect(localStorage.getItem('IS_LOGOUTED')).to.equal('1');
      expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
      expect(session.getSnapshot().status).to.equal('logged-out');
      // The server session is gone too.
      expect((await getMe(client)).status).to.equal(401);
      expect((await serverCalls())['POST /api/uaa/oauth/logout']).to.equal(1);
    });

    it('logoutCall still logs out locally when the call fails', async () => {
      await loginWithPassword('teacher1', DEMO_PASSWORD, { client, session });
      await configureServer({ failPaths: [{ path: '/api/uaa/oauth/logout', httpStatus: 500, count: 1 }] });
      expect(await logoutCall({ client, session })).to.equal(false);
      expect(localStorage.getItem('IS_LOGOUTED')).to.equal('1');
      expect(session.getSnapshot().user).to.equal(null);
    });
  });

  describe('login configuration', () => {
    it('reads the login configuration and parses decorationSet', async () => {
      const { envelope, decorationSet } = await getLoginConfig(location.host, client);
      expect(envelope.status).to.equal(200);
      expect(decorationSet).to.have.property('defaultLanguage');
    });

    it('reads a unit’s own configuration: the area’s footer is not the school’s', async () => {
      const area = await getUnitConfig('330108', client);
      const school = await getUnitConfig('330108001', client);
      expect(area.envelope.status).to.equal(200);
      expect(area.decorationSet.footerMsg).to.include({ show: true });
      expect(JSON.stringify(area.decorationSet.footerMsg)).to.not.equal(JSON.stringify(school.decorationSet.footerMsg));
      const missing = await getUnitConfig('999999', client);
      expect(missing.envelope.status).to.equal(404);
      expect(missing.decorationSet).to.deep.equal({ defaultLanguage: null, footerMsg: null });
    });

    it('tolerates a bad decorationSet', () => {
      expect(parseDecorationSet('{oops')).to.deep.equal({ defaultLanguage: null, footerMsg: null });
      expect(parseDecorationSet(JSON.stringify({ defaultLanguage: 'en', footerMsg: { show: true } }))).to.deep.equal({
        defaultLanguage: 'en',
        footerMsg: { show: true },
      });
    });
  });
});
