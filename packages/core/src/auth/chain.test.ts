/** The login chain against the reference server: every way in, in the spec's order, and what it leaves behind. */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import type { Notice } from '../platform/notify.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { deleteDatabase } from '../test-support/browser.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  DEMO_PASSWORD,
  SOCIAL_OPENIDS,
  configureServer,
  issueTicket,
  loginAs,
  logoutServer,
  scanAs,
  serverCalls,
} from '../test-support/server.ts';
import type { AddressBar } from './address.ts';
import { SOCIAL_STATE_KEY, runLoginChain, type LoginChainEnv } from './chain.ts';
import type { LoginOutcome } from './navigation.ts';
import { createRememberStore, type RememberStore } from './remember.ts';

const ORIGIN = location.origin;
const LOGIN = '/#/login';
const HOME = '/portal/base/pc_desktop_all/index.html';
const APP_PAGE = `${ORIGIN}/portal/base/pc_desktop_all/index.html#/desktop/home`;
const REMEMBER_DB = 'edu-portal-chain-test';

/** A fake address bar: what the chain wrote with replaceState. */
function addressBar(start: string): AddressBar & { history: string[]; current: () => string } {
  let href = start;
  const history: string[] = [];
  return {
    href: () => href,
    replaceState: (url) => history.push((href = url)),
    history,
    current: () => href,
  };
}

function user(outcome: LoginOutcome): string | undefined {
  return outcome.kind === 'logged-in' ? outcome.user.loginName : undefined;
}

describe('login chain', () => {
  let session: SessionStore;
  let client: Client;
  let notices: Notice[];
  let bar: ReturnType<typeof addressBar>;

  function env(url: string, extra: Partial<LoginChainEnv> = {}): LoginChainEnv {
    bar = addressBar(url);
    return {
      client,
      session,
      addressBar: bar,
      development: false,
      isWeChat: false,
      isWeChatWork: false,
      ...extra,
      config: { rootPath: 'portal', ...extra.config },
    };
  }

  const errors = () => notices.filter((n) => n.type === 'error').map((n) => n.message);

  useReferenceServer(
    (parts) => {
      ({ client, notices } = parts);
      session = parts.session!;
    },
    {
      session: true,
      client: { loginPath: LOGIN, navigate: () => undefined },
      cleanup: () => deleteDatabase(REMEMBER_DB),
    },
  );

  describe('login status first', () => {
    it('a session that exists is used: logged in, and an app page stays where it is', async () => {
      await loginAs('teacher1');
      expect(session.getSnapshot().status).to.equal('unknown');
      const outcome = await runLoginChain(env(APP_PAGE));
      expect(outcome).to.include({ kind: 'logged-in', via: 'session', target: null });
      expect(user(outcome)).to.equal('teacher1');
      expect(session.getSnapshot().status).to.equal('logged-in');
      const calls = await serverCalls();
      expect(calls['GET /api/uaa/oauth/me']).to.equal(1);
      expect(calls['POST /api/uaa/oauth/login_user_client']).to.equal(undefined);
    });

    it('on the login page a session goes to redirect_uri when it is safe, else home', async () => {
      await loginAs('teacher1');
      const back = `${ORIGIN}/#/desktop/setting`;
      const safe = await runLoginChain(env(`${ORIGIN}/#/login?redirect_uri=${encodeURIComponent(back)}`));
      expect(safe).to.include({ kind: 'logged-in', target: back });
      const foreign = await runLoginChain(
        env(`${ORIGIN}/#/login?redirect_uri=${encodeURIComponent('https://evil.example/')}`),
      );
      expect(foreign).to.include({ kind: 'logged-in', target: `${HOME}` });
      const area = await (async () => {
        await logoutServer();
        await loginAs('area1');
        return runLoginChain(env(`${ORIGIN}/#/login`));
      })();
      expect(area).to.include({ kind: 'logged-in', target: '/area/areaBase/pc_areaDesktop_all/index.html' });
    });

    it('a /redirect/{app} entry with a session goes to the app page', async () => {
      await loginAs('parent1');
      const outcome = await runLoginChain(env(`${ORIGIN}/#/redirect/notice`));
      expect(outcome).to.include({ kind: 'logged-in', target: '/pages/notice/pc_notice_spm/index.html' });
    });

    it('with a session, credentials in the address are still removed', async () => {
      await loginAs('teacher1');
      await runLoginChain(env(`${APP_PAGE}?x=1&ticket=t1&accessToken=a1&username=u&password=p`));
      expect(bar.current()).to.equal(`${APP_PAGE}?x=1`);
    });

    it('no session and nothing to try: the login page with redirect_uri, and a stale stored user is forgotten', async () => {
      localStorage.setItem('user', JSON.stringify({ userId: '1', loginName: 'stale' }));
      session.dispose();
      session = createSessionStore();
      client.configure({ session });
      const outcome = await runLoginChain(env(APP_PAGE));
      expect(outcome).to.deep.equal({
        kind: 'go-to-login',
        url: `${LOGIN}?redirect_uri=${encodeURIComponent(APP_PAGE)}`,
      });
      expect(session.getSnapshot().status).to.equal('logged-out');
      expect(localStorage.getItem('user')).to.equal(null);
      expect(localStorage.getItem('IS_LOGOUTED')).to.equal(null);
      expect(errors()).to.deep.equal([]);
    });

    it('already on the login page: stay there; a settings page is exempt from the redirect', async () => {
      expect(await runLoginChain(env(`${ORIGIN}/#/login?redirect_uri=%2F`))).to.deep.equal({
        kind: 'go-to-login',
        url: null,
      });
      expect(await runLoginChain(env(`${ORIGIN}/#/desktop/setting`))).to.deep.equal({ kind: 'logged-out' });
      expect(await runLoginChain(env(`${ORIGIN}/#/areaDesktop/setting`))).to.deep.equal({ kind: 'logged-out' });
    });

    it('a failing status check counts as logged out and the chain goes on', async () => {
      await loginAs('teacher1');
      await configureServer({ failPaths: [{ path: '/api/uaa/oauth/me', httpStatus: 0 }] });
      const onward = await runLoginChain(env(APP_PAGE, { config: { userClientId: 'demo-client-teacher1' } }));
      expect(onward).to.include({ kind: 'logged-in', via: 'client-id' });
      const stop = await runLoginChain(env(APP_PAGE));
      expect(stop.kind).to.equal('go-to-login');
    });
  });

  describe('each way in', () => {
    it('1. the app client id', async () => {
      const outcome = await runLoginChain(env(APP_PAGE, { config: { userClientId: 'demo-client-teacher1' } }));
      expect(outcome).to.include({ kind: 'logged-in', via: 'client-id', target: null });
      expect(user(outcome)).to.equal('teacher1');
      expect(JSON.parse(localStorage.getItem('user')!).loginName).to.equal('teacher1');
    });

    it("1. the client's own userClientId is the default; an unknown one falls through quietly", async () => {
      client.configure({ userClientId: 'demo-client-teacher1' });
      expect(await runLoginChain(env(APP_PAGE))).to.include({ via: 'client-id' });
      await logoutServer();
      client.configure({ userClientId: 'nobody' });
      expect((await runLoginChain(env(APP_PAGE))).kind).to.equal('go-to-login');
      expect(notices).to.deep.equal([]);
    });

    it('2. username and password in the query, removed from the address', async () => {
      const url = `${ORIGIN}/?username=parent1&password=${encodeURIComponent(DEMO_PASSWORD)}&keep=1#/login`;
      const outcome = await runLoginChain(env(url));
      expect(outcome).to.include({ kind: 'logged-in', via: 'query-password', target: `${HOME}` });
      expect(user(outcome)).to.equal('parent1');
      expect(bar.current()).to.equal(`${ORIGIN}/?keep=1#/login`);
    });

    it('2. a wrong query password shows the message, is removed, and the chain goes on', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}${HOME}?username=parent1&password=wrong#/desktop/home`));
      expect(outcome.kind).to.equal('go-to-login');
      expect(errors()).to.deep.equal(['Incorrect user name or password']);
      expect(bar.current()).not.to.contain('password');
      expect(outcome.kind === 'go-to-login' && outcome.url).not.to.contain('password');
    });

    it('3. a ticket from the configured key, removed from the address (query or hash)', async () => {
      await loginAs('staff4');
      const ticket = await issueTicket();
      await logoutServer();
      const outcome = await runLoginChain(env(`${ORIGIN}/#/desktop/home?ticket=${ticket}`));
      expect(outcome).to.include({ kind: 'logged-in', via: 'ticket', target: null });
      expect(user(outcome)).to.equal('staff4');
      expect(bar.history).to.deep.equal([`${ORIGIN}/#/desktop/home`]);
      const calls = await serverCalls();
      expect(calls['GET /api/uaa/oauth/ticket']).to.equal(1);
    });

    it('3. the ticket key and path are configurable; a used ticket is refused with its message', async () => {
      await loginAs('teacher1');
      const ticket = await issueTicket();
      await logoutServer();
      const config = { ticketKey: 'st', ticketPath: '/api/uaa/oauth/ticket' };
      expect(await runLoginChain(env(`${APP_PAGE}`.replace('#', `?st=${ticket}#`), { config }))).to.include({
        via: 'ticket',
      });
      await logoutServer();
      const again = await runLoginChain(env(`${APP_PAGE}`.replace('#', `?st=${ticket}#`), { config }));
      expect(again.kind).to.equal('go-to-login');
      expect(errors()).to.have.length(1);
      expect(bar.current()).not.to.contain(ticket);
    });

    it('3. a ticket without a configured ticket path: an error notice and an error outcome', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/?ticket=abc#/desktop/home`, { config: { ticketPath: null } }));
      expect(outcome).to.deep.equal({
        kind: 'error',
        message: 'No ticket path is configured: the ticket cannot be used to sign in',
        loginUrl: LOGIN,
      });
      expect(errors()).to.deep.equal([outcome.kind === 'error' ? outcome.message : '']);
      expect((await serverCalls())['GET /api/uaa/oauth/ticket']).to.equal(undefined);
      expect(bar.current()).to.equal(`${ORIGIN}/#/desktop/home`);
    });

    it('4. an access token (relogin), removed from the address', async () => {
      const teacher = await loginAs('teacher1');
      // Another login replaces the cookies; its logout leaves teacher1's session (and token) alive.
      await loginAs('parent1');
      await logoutServer();
      const url = `${ORIGIN}/?accessToken=${teacher['accessToken']}#/desktop/home`;
      const outcome = await runLoginChain(env(url));
      expect(outcome).to.include({ kind: 'logged-in', via: 'access-token' });
      expect(user(outcome)).to.equal('teacher1');
      expect(bar.current()).to.equal(`${ORIGIN}/#/desktop/home`);
    });

    it('4. an unknown access token shows the message and goes on', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/?accessToken=nope#/desktop/home`));
      expect(outcome.kind).to.equal('go-to-login');
      expect(errors()).to.have.length(1);
    });

    it('5. a social code with its state: bound logs in; code and state removed', async () => {
      const back = await scanAs(SOCIAL_OPENIDS.weixinTeacher1, { state: 'weixin.t1' });
      const outcome = await runLoginChain(env(`${ORIGIN}/?code=${back.code}&state=${back.state}#/login`));
      expect(outcome).to.include({ kind: 'logged-in', via: 'social', target: `${HOME}` });
      expect(user(outcome)).to.equal('teacher1');
      expect(bar.current()).to.equal(`${ORIGIN}/#/login`);
      expect((await serverCalls())['POST /api/uaa/social/weixin.t1']).to.equal(1);
    });

    it('5. a social token works too', async () => {
      const back = await scanAs(SOCIAL_OPENIDS.weixinTeacher1, { state: 'weixin.t2', responseType: 'token' });
      expect(back.token).to.be.a('string');
      const outcome = await runLoginChain(env(`${ORIGIN}/#/login?token=${back.token}&state=${back.state}`));
      expect(outcome).to.include({ kind: 'logged-in', via: 'social' });
    });

    it('5. an unbound identity goes to the bind page with id, openid, unionid and deviceId', async () => {
      const back = await scanAs(SOCIAL_OPENIDS.weixinGuest, { state: 'weixin.g1' });
      const outcome = await runLoginChain(
        env(`${ORIGIN}/?code=${back.code}&state=${back.state}&deviceId=dev-7#/login`),
      );
      expect(outcome.kind).to.equal('go-to-bind');
      if (outcome.kind !== 'go-to-bind') return;
      const url = new URL(outcome.url, ORIGIN);
      expect(url.pathname).to.equal('/portal/login/pc_bind_all/index.html');
      expect(url.searchParams.get('openid')).to.equal(SOCIAL_OPENIDS.weixinGuest);
      expect(url.searchParams.get('unionid')).to.equal('u-guest-5e90');
      expect(url.searchParams.get('id')).to.have.length.greaterThan(10);
      expect(url.searchParams.get('deviceId')).to.equal('dev-7');
      expect(session.getSnapshot().user).to.equal(null);
      expect(errors()).to.deep.equal([]);
      // Development: /bind/.
      const dev = await scanAs(SOCIAL_OPENIDS.weixinGuest, { state: 'weixin.g2' });
      const devOutcome = await runLoginChain(
        env(`${ORIGIN}/?code=${dev.code}&state=${dev.state}#/login`, { development: true }),
      );
      expect(devOutcome.kind === 'go-to-bind' && devOutcome.url).to.match(/^\/bind\/\?id=.+&openid=o-wx-guest/);
    });

    it('5. a bad code shows the message; a state that this tab did not start is refused before any call', async () => {
      const bad = await runLoginChain(env(`${ORIGIN}/?code=bad&state=weixin.x#/login`));
      expect(bad).to.deep.equal({ kind: 'go-to-login', url: null });
      expect(errors()).to.have.length(1);
      const back = await scanAs(SOCIAL_OPENIDS.weixinTeacher1, { state: 'weixin.planted' });
      sessionStorage.setItem(SOCIAL_STATE_KEY, 'weixin.mine');
      const planted = await runLoginChain(env(`${ORIGIN}/?code=${back.code}&state=${back.state}#/login`));
      expect(planted.kind).to.equal('go-to-login');
      expect(errors()[1]).to.contain('not started from this page');
      expect((await serverCalls())['POST /api/uaa/social/weixin.planted']).to.equal(undefined);
      expect(sessionStorage.getItem(SOCIAL_STATE_KEY)).to.equal(null);
    });

    it('5. a state that could climb the path is never sent', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/?code=c&state=..#/login`));
      expect(outcome.kind).to.equal('go-to-login');
      const calls = Object.keys(await serverCalls());
      expect(calls.some((c) => c.startsWith('POST /api/uaa/social'))).to.equal(false);
    });

    it("6. inside WeChat: the provider's authorisation page, then back with a code that logs in", async () => {
      const page = `${ORIGIN}/#/login`;
      const outcome = await runLoginChain(env(page, { isWeChat: true }));
      expect(outcome.kind).to.equal('go-to-url');
      if (outcome.kind !== 'go-to-url') return;
      const to = new URL(outcome.url);
      expect(to.pathname).to.equal('/api/uaa/social/dev/authorize');
      expect(to.searchParams.get('provider')).to.equal('weixin');
      const state = to.searchParams.get('state')!;
      expect(state).to.match(/^weixin\./);
      expect(sessionStorage.getItem(SOCIAL_STATE_KEY)).to.equal(state);
      expect((await serverCalls())['GET /api/uaa/social/mp_info']).to.equal(1);

      const back = await scanAs(SOCIAL_OPENIDS.weixinTeacher1, { state });
      const returned = await runLoginChain(
        env(`${ORIGIN}/?code=${back.code}&state=${state}#/login`, { isWeChat: true }),
      );
      expect(returned).to.include({ kind: 'logged-in', via: 'social' });
    });

    it('6. inside WeChat Work: the qy info call and the work-weixin provider', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/#/login`, { isWeChatWork: true }));
      expect(outcome.kind === 'go-to-url' && new URL(outcome.url).searchParams.get('provider')).to.equal('work-weixin');
      expect((await serverCalls())['GET /api/uaa/social/qy_info']).to.equal(1);
    });

    it('6. a code that failed inside WeChat does not send the user round the loop again', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/?code=bad&state=weixin.x#/login`, { isWeChat: true }));
      expect(outcome.kind).to.equal('go-to-login');
      expect((await serverCalls())['GET /api/uaa/social/mp_info']).to.equal(undefined);
    });

    it('6. outside a messaging app there is no info call', async () => {
      await runLoginChain(env(`${ORIGIN}/#/login`));
      expect((await serverCalls())['GET /api/uaa/social/mp_info']).to.equal(undefined);
    });
  });

  describe('7. remembered password', () => {
    let remember: RememberStore;

    beforeEach(async () => {
      remember = createRememberStore({ credentials: null, databaseName: REMEMBER_DB });
      await remember.save({ username: 'parent1', password: DEMO_PASSWORD });
    });

    it('logs in and counts the attempt in AUTO_LOGIN_NUM', async () => {
      const outcome = await runLoginChain(env(`${ORIGIN}/#/login`, { remember }));
      expect(outcome).to.include({ kind: 'logged-in', via: 'remembered' });
      expect(user(outcome)).to.equal('parent1');
      expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal('1');
    });

    it('at most 4 attempts: the fifth is not made', async () => {
      for (let i = 1; i <= 4; i++) {
        expect(await runLoginChain(env(APP_PAGE, { remember }))).to.include({ via: 'remembered' });
        expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(String(i));
        await logoutServer();
        localStorage.removeItem('IS_LOGOUTED');
      }
      const fifth = await runLoginChain(env(APP_PAGE, { remember }));
      expect(fifth.kind).to.equal('go-to-login');
      expect((await serverCalls())['POST /api/uaa/oauth/login']).to.equal(4);
      expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal('4');
    });

    it('skipped after a logout and in development', async () => {
      localStorage.setItem('IS_LOGOUTED', '1');
      expect((await runLoginChain(env(APP_PAGE, { remember }))).kind).to.equal('go-to-login');
      localStorage.removeItem('IS_LOGOUTED');
      expect((await runLoginChain(env(APP_PAGE, { remember, development: true }))).kind).to.equal('go-to-login');
      expect((await serverCalls())['POST /api/uaa/oauth/login']).to.equal(undefined);
      expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(null);
    });

    it('a refused remembered password is forgotten (the user name stays) and nothing is shown', async () => {
      await remember.save({ username: 'parent1', password: 'no-longer-right' });
      const outcome = await runLoginChain(env(APP_PAGE, { remember }));
      expect(outcome.kind).to.equal('go-to-login');
      expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal('1');
      expect(remember.username()).to.equal('parent1');
      expect(await remember.load()).to.equal(null);
      expect(notices).to.deep.equal([]);
    });
  });

  describe('order', () => {
    it('client id before everything; the unused ticket and password still leave the address', async () => {
      await loginAs('staff4');
      const ticket = await issueTicket();
      await logoutServer();
      const url = `${ORIGIN}/?ticket=${ticket}&username=parent1&password=${DEMO_PASSWORD}#/desktop/home`;
      const logins = (await serverCalls())['POST /api/uaa/oauth/login'];
      const outcome = await runLoginChain(env(url, { config: { userClientId: 'demo-client-teacher1' } }));
      expect(outcome).to.include({ via: 'client-id' });
      expect(bar.current()).to.equal(`${ORIGIN}/#/desktop/home`);
      const calls = await serverCalls();
      expect(calls['POST /api/uaa/oauth/login']).to.equal(logins);
      expect(calls['GET /api/uaa/oauth/ticket']).to.equal(undefined);
    });

    it('query password before ticket, ticket before access token, access token before social', async () => {
      await loginAs('staff4');
      const ticket = await issueTicket();
      const teacher = await loginAs('teacher1');
      await loginAs('area1');
      await logoutServer();
      const back = await scanAs(SOCIAL_OPENIDS.weixinTeacher1, { state: 'weixin.o1' });
      const all = `ticket=${ticket}&accessToken=${teacher['accessToken']}&code=${back.code}&state=weixin.o1`;
      expect(await runLoginChain(env(`${ORIGIN}/?username=parent1&password=${DEMO_PASSWORD}&${all}#/x`))).to.include({
        via: 'query-password',
      });
      await logoutServer();
      const ticket2 = await (async () => {
        await loginAs('staff4');
        const t = await issueTicket();
        await logoutServer();
        return t;
      })();
      const next = `ticket=${ticket2}&accessToken=${teacher['accessToken']}`;
      const viaTicket = await runLoginChain(env(`${ORIGIN}/?${next}#/x`));
      expect(viaTicket).to.include({ via: 'ticket' });
      expect(user(viaTicket)).to.equal('staff4');
      expect(bar.current()).to.equal(`${ORIGIN}/#/x`);
    });
  });
});
