/** The login form's logic against the reference server (spec part 1 §4 "Login result", §5, §8). */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { setLanguage } from '../i18n/language.ts';
import { CARRIED_NOTICE_KEY, type Notice } from '../platform/notify.ts';
import type { SessionStore } from '../session/store.ts';
import { deleteDatabase } from '../test-support/browser.ts';
import {
  DEMO_PASSWORD,
  SOCIAL_OPENIDS,
  configureServer,
  logoutServer,
  scanAs,
  serverCalls,
} from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { runLoginChain } from './chain.ts';
import { readBindParams } from './address.ts';
import { createLoginController, type LoginControllerOptions } from './controller.ts';
import { createRememberStore } from './remember.ts';

const ORIGIN = location.origin;
const LOGIN_PAGE = `${ORIGIN}/#/login`;
const REMEMBER_DB = 'edu-portal-controller-test';

describe('login controller', () => {
  let session: SessionStore;
  let client: Client;
  let notices: Notice[];

  function controller(url = LOGIN_PAGE, options: LoginControllerOptions = {}) {
    return createLoginController({ client, session, rootPath: 'portal', url: () => url, ...options });
  }

  useReferenceServer(
    (parts) => {
      ({ client, notices } = parts);
      session = parts.session!;
    },
    { session: true, client: { loginPath: '/#/login' }, cleanup: () => deleteDatabase(REMEMBER_DB) },
  );

  it('empty fields: the localised texts, and nothing is sent', async () => {
    const result = await controller().submit({ username: '  ', password: '' });
    expect(result).to.deep.equal({
      kind: 'invalid',
      errors: { username: 'User name cannot be empty!', password: 'Password cannot be empty!' },
    });
    setLanguage('zh-HK');
    expect(await controller().submit({ username: 'teacher1', password: ' ' })).to.deep.equal({
      kind: 'invalid',
      errors: { password: '密碼不能為空！' },
    });
    expect((await serverCalls())['POST /api/uaa/oauth/login']).to.equal(undefined);
  });

  it('a refusal: the message for the form (under the password), no notice, nobody signed in', async () => {
    const result = await controller().submit({ username: 'teacher1', password: 'wrong-one' });
    expect(result).to.deep.equal({
      kind: 'failed',
      status: 400,
      code: 'invalid_grant',
      message: 'Incorrect user name or password',
      errors: { password: 'Incorrect user name or password' },
    });
    expect(notices).to.deep.equal([]);
    expect(session.getSnapshot().user).to.equal(null);
    setLanguage('zh-CN');
    const zh = await controller().submit({ username: 'teacher1', password: 'wrong-one' });
    expect(zh.kind === 'failed' && zh.message).to.equal('用户名或密码错误');
  });

  it('a transport failure: the client error text for the form', async () => {
    await configureServer({ failPaths: [{ path: '/api/uaa/oauth/login', httpStatus: 503 }] });
    const result = await controller().submit({ username: 'teacher1', password: DEMO_PASSWORD });
    expect(result).to.include({ kind: 'failed', status: 503, message: '503 Service Unavailable' });
    expect(result.kind === 'failed' && result.errors).to.deep.equal({ password: '503 Service Unavailable' });
    expect(session.getSnapshot().user).to.equal(null);
  });

  it('success: "login success", the store logged in and saved, trimmed credentials, home as target', async () => {
    const result = await controller().submit({ username: ' teacher1 ', password: ` ${DEMO_PASSWORD} ` });
    expect(result).to.include({ kind: 'logged-in', via: 'password', target: '/portal/base/pc_desktop_all/index.html' });
    expect(notices).to.deep.equal([{ type: 'success', message: 'Login success' }]);
    expect(session.getSnapshot().status).to.equal('logged-in');
    expect(JSON.parse(localStorage.getItem('user')!).loginName).to.equal('teacher1');
    setLanguage('zh-CN');
    await logoutServer();
    await controller().submit({ username: 'teacher1', password: DEMO_PASSWORD });
    expect(notices[1]).to.deep.equal({ type: 'success', message: '登录成功' });
  });

  it('"login success" goes with the user only to another document; a hash route or the dialog keeps it here', async () => {
    const leave = () => {
      window.dispatchEvent(new PageTransitionEvent('pagehide'));
      const carried = sessionStorage.getItem(CARRIED_NOTICE_KEY);
      sessionStorage.removeItem(CARRIED_NOTICE_KEY);
      return carried;
    };
    leave(); // Earlier tests' logins that went to another document still listen for 10 s.
    const sameDocument = `${LOGIN_PAGE}?redirect_uri=${encodeURIComponent(`${ORIGIN}/#/desktop/home`)}`;
    expect(await controller(sameDocument).submit({ username: 'teacher1', password: DEMO_PASSWORD })).to.include({
      target: `${ORIGIN}/#/desktop/home`,
    });
    expect(notices).to.have.length(1);
    expect(leave(), 'a reload later shows nothing').to.equal(null);
    await logoutServer();
    await controller(LOGIN_PAGE, { redirect: false }).submit({ username: 'teacher1', password: DEMO_PASSWORD });
    expect(leave()).to.equal(null);
    await logoutServer();
    await controller(LOGIN_PAGE).submit({ username: 'teacher1', password: DEMO_PASSWORD });
    expect(JSON.parse(leave()!).notice).to.deep.equal({ type: 'success', message: 'Login success' });
    expect(notices).to.have.length(3);
  });

  it('target: a safe redirect_uri, else the jump page, else the home for device and unit type', async () => {
    const back = `${ORIGIN}/#/desktop/home?tab=2`;
    const withRedirect = `${LOGIN_PAGE}?redirect_uri=${encodeURIComponent(back)}`;
    const foreign = `${LOGIN_PAGE}?redirect_uri=${encodeURIComponent('https://evil.example/#/x')}`;
    const submit = async (url: string, username: string, options: LoginControllerOptions = {}) => {
      await logoutServer();
      const result = await controller(url, options).submit({ username, password: DEMO_PASSWORD });
      return result.kind === 'logged-in' ? result.target : `not logged in: ${result.kind}`;
    };
    expect(await submit(withRedirect, 'teacher1')).to.equal(back);
    expect(await submit(foreign, 'teacher1', { jumpPage: '/portal/jump.html' })).to.equal(`${ORIGIN}/portal/jump.html`);
    expect(await submit(foreign, 'teacher1', { jumpPage: 'https://evil.example/' })).to.equal(
      '/portal/base/pc_desktop_all/index.html',
    );
    expect(
      await submit(`${LOGIN_PAGE}?redirect_uri=${encodeURIComponent('https://area.example/x')}`, 'teacher1', {
        allowedOrigins: ['https://area.example'],
      }),
    ).to.equal('https://area.example/x');
    expect(await submit(LOGIN_PAGE, 'area1')).to.equal('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(await submit(LOGIN_PAGE, 'teacher1', { device: 'mobile' })).to.equal(
      '/portal/base/mobile_desktop_all/index.html',
    );
    expect(await submit(LOGIN_PAGE, 'teacher1', { development: true })).to.equal('/pc_desktop_all.html');
    expect(await submit(LOGIN_PAGE, 'teacher1', { specialUnitId: '330108001' })).to.equal(
      '/portal/base/pc_app_tm/index.html',
    );
    // The login dialog stays on its page.
    expect(await submit(withRedirect, 'teacher1', { redirect: false })).to.equal(null);
  });

  it('a submit while one is in progress is ignored; busy is reported', async () => {
    await configureServer({ delayMs: 300 });
    const form = controller();
    const busy: boolean[] = [];
    form.subscribe((value) => busy.push(value));
    const first = form.submit({ username: 'teacher1', password: DEMO_PASSWORD });
    expect(form.busy).to.equal(true);
    const second = await form.submit({ username: 'parent1', password: DEMO_PASSWORD });
    expect(second).to.deep.equal({ kind: 'ignored' });
    expect((await first).kind).to.equal('logged-in');
    expect(form.busy).to.equal(false);
    expect(busy).to.deep.equal([true, false]);
    expect((await serverCalls())['POST /api/uaa/oauth/login']).to.equal(1);
    expect(session.getSnapshot().user?.loginName).to.equal('teacher1');
    // And once it is over, the next submit runs.
    await configureServer({ delayMs: 0 });
    expect((await form.submit({ username: 'teacher1', password: 'x' })).kind).to.equal('failed');
  });

  it('remember password: saved on a ticked login, forgotten on an unticked one; the counter starts again', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: REMEMBER_DB });
    localStorage.setItem('AUTO_LOGIN_NUM', '4');
    await controller(LOGIN_PAGE, { remember }).submit({ username: 'parent1', password: DEMO_PASSWORD, remember: true });
    expect(await remember.load()).to.deep.equal({ username: 'parent1', password: DEMO_PASSWORD });
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(null);
    expect(JSON.stringify(localStorage)).not.to.contain(DEMO_PASSWORD);

    // The next visit signs in by itself with it.
    await logoutServer();
    const auto = await runLoginChain({ url: `${ORIGIN}/#/login`, client, session, remember, addressBar: null });
    expect(auto).to.include({ kind: 'logged-in', via: 'remembered' });

    await logoutServer();
    await controller(LOGIN_PAGE, { remember }).submit({
      username: 'parent1',
      password: DEMO_PASSWORD,
      remember: false,
    });
    expect(remember.isRemembered()).to.equal(false);
    expect(await remember.load()).to.equal(null);
  });

  it('the bind page: binds the social identity to the account and signs in', async () => {
    const back = await scanAs(SOCIAL_OPENIDS.weixinGuest, { state: 'weixin.bind' });
    const chain = await runLoginChain({
      url: `${ORIGIN}/?code=${back.code}&state=weixin.bind&deviceId=d1#/login`,
      client,
      session,
      addressBar: null,
      config: { rootPath: 'portal' },
    });
    expect(chain.kind).to.equal('go-to-bind');
    const bindUrl = new URL(chain.kind === 'go-to-bind' ? chain.url : '', ORIGIN).href;
    const bind = readBindParams(bindUrl);
    expect(bind).to.include({ openid: SOCIAL_OPENIDS.weixinGuest, unionid: 'u-guest-5e90', deviceId: 'd1' });

    const form = controller(bindUrl, { bind });
    const wrong = await form.submit({ username: 'parent1', password: 'wrong-one' });
    expect(wrong).to.include({ kind: 'failed', code: 'invalid_grant' });
    const ok = await form.submit({ username: 'parent1', password: DEMO_PASSWORD });
    expect(ok).to.include({ kind: 'logged-in', via: 'bind', target: '/portal/base/pc_desktop_all/index.html' });
    expect(session.getSnapshot().user?.loginName).to.equal('parent1');
    expect((await serverCalls())['POST /api/uaa/social/bind']).to.equal(2);

    // From now on the same identity signs parent1 in directly.
    await logoutServer();
    const again = await scanAs(SOCIAL_OPENIDS.weixinGuest, { state: 'weixin.after' });
    const direct = await runLoginChain({
      url: `${ORIGIN}/?code=${again.code}&state=weixin.after#/desktop/home`,
      client,
      session,
      addressBar: null,
    });
    expect(direct.kind === 'logged-in' && direct.user.loginName).to.equal('parent1');
  });

  it('readBindParams needs an openid', () => {
    expect(readBindParams(`${ORIGIN}/bind/?id=1&openid=&unionid=u`)).to.equal(null);
    expect(readBindParams(`${ORIGIN}/bind/?id=1&openid=o&unionid=u&deviceId=d`)).to.deep.equal({
      id: '1',
      openid: 'o',
      unionid: 'u',
      deviceId: 'd',
    });
  });
});
