/** Logout and leave (spec part 1 §4 "Logout") against the reference server. */
import { expect } from '@open-wc/testing';
import { getMe } from './api.ts';
import type { Client } from '../http/client.ts';
import type { SessionStore } from '../session/store.ts';
import { deleteDatabase } from '../test-support/browser.ts';
import { DEMO_PASSWORD, configureServer, serverCalls } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { runLoginChain } from './chain.ts';
import { createLoginController } from './controller.ts';
import { logoutAndLeave } from './logout.ts';
import { createRememberStore } from './remember.ts';

const REMEMBER_DB = 'edu-portal-logout-test';

describe('logoutAndLeave', () => {
  let session: SessionStore;
  let client: Client;

  useReferenceServer(
    (parts) => {
      ({ client } = parts);
      session = parts.session!;
    },
    { session: true, client: { loginPath: '/#/login' }, cleanup: () => deleteDatabase(REMEMBER_DB) },
  );

  it('calls logout, clears exactly what the spec says, sets the flag, then goes to the login page', async () => {
    const remember = createRememberStore({ credentials: null, databaseName: REMEMBER_DB });
    await createLoginController({ client, session, remember, url: () => `${location.origin}/#/login` }).submit({
      username: 'teacher1',
      password: DEMO_PASSWORD,
      remember: true,
    });
    localStorage.setItem('AUTO_LOGIN_NUM', '2');
    localStorage.setItem('PH_MY_SET_LANG', 'en');
    sessionStorage.setItem('theme', '{}');
    const went: string[] = [];
    const logouts = (await serverCalls())['POST /api/uaa/oauth/logout'] ?? 0;
    const outcome = await logoutAndLeave({ client, session, navigate: (url) => went.push(url) });
    expect(outcome).to.deep.equal({ kind: 'go-to-login', url: '/#/login' });
    expect(went).to.deep.equal(['/#/login']);
    expect((await serverCalls())['POST /api/uaa/oauth/logout']).to.equal(logouts + 1);
    expect(localStorage.getItem('user')).to.equal(null);
    expect(localStorage.getItem('AUTO_LOGIN_NUM')).to.equal(null);
    expect(sessionStorage.length).to.equal(0);
    expect(localStorage.getItem('IS_LOGOUTED')).to.equal('1');
    // Kept: the language choice and the remember record (the form fills the user name; auto-login is off).
    expect(localStorage.getItem('PH_MY_SET_LANG')).to.equal('en');
    expect(remember.username()).to.equal('teacher1');
    expect((await getMe(client)).status).to.equal(401);

    // The logged-out flag stops remembered-password auto-login.
    const next = await runLoginChain({
      url: `${location.origin}/#/desktop/home`,
      client,
      session,
      remember,
      addressBar: null,
    });
    expect(next.kind).to.equal('go-to-login');
    expect((await serverCalls())['POST /api/uaa/oauth/login']).to.equal(1);
  });

  it('leaves even when the logout call fails, and uses the given login path', async () => {
    await configureServer({ failPaths: [{ path: '/api/uaa/oauth/logout', httpStatus: 0 }] });
    localStorage.setItem('user', JSON.stringify({ userId: '1' }));
    const went: string[] = [];
    const outcome = await logoutAndLeave({ client, session, loginPath: '/login', navigate: (url) => went.push(url) });
    expect(outcome).to.deep.equal({ kind: 'go-to-login', url: '/login' });
    expect(went).to.deep.equal(['/login']);
    expect(localStorage.getItem('user')).to.equal(null);
    expect(localStorage.getItem('IS_LOGOUTED')).to.equal('1');
  });
});
