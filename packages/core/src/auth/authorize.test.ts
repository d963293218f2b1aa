/** The single-sign-on authorisation route against the reference server (spec part 1 §2, §7, §8). */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { setLanguage } from '../i18n/language.ts';
import { loginAs } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { isAuthorizePath, runAuthorize } from './authorize.ts';

const ORIGIN = location.origin;
const AUTHORIZE = `${ORIGIN}/#/authorize?response_type=code&client_id=demo-lms&redirect_uri=${encodeURIComponent(
  '/sso/demo-lms/callback',
)}&scope=base&state=desktop`;

describe('authorize', () => {
  let client: Client;

  useReferenceServer((parts) => ({ client } = parts), { session: true, client: { loginPath: '/#/login' } });

  it('recognises any path or hash route containing authorize', () => {
    expect(isAuthorizePath(`${ORIGIN}/#/authorize?client_id=x`)).to.equal(true);
    expect(isAuthorizePath(`${ORIGIN}/oauth/authorize`)).to.equal(true);
    expect(isAuthorizePath(`${ORIGIN}/#/desktop/home`)).to.equal(false);
  });

  it("without client_id: the spec's message, localised, and no call", async () => {
    expect(await runAuthorize({ url: `${ORIGIN}/#/authorize?state=x`, client })).to.deep.equal({
      kind: 'error',
      message: 'Missing client_id, please go back and try again!',
      loginUrl: null,
    });
    setLanguage('zh-CN');
    const zh = await runAuthorize({ url: `${ORIGIN}/#/authorize`, client });
    expect(zh.kind === 'error' && zh.message).to.equal('缺少 client_id，请返回重试！');
  });

  it('without a session: the login page, coming back here', async () => {
    const outcome = await runAuthorize({ url: AUTHORIZE, client });
    expect(outcome).to.deep.equal({
      kind: 'go-to-login',
      url: `/#/login?redirect_uri=${encodeURIComponent(AUTHORIZE)}`,
    });
  });

  it("with a session: the client's redirect with a code and the state", async () => {
    await loginAs('teacher1');
    const outcome = await runAuthorize({ url: AUTHORIZE, client });
    expect(outcome.kind).to.equal('go-to-url');
    const to = new URL(outcome.kind === 'go-to-url' ? outcome.url : '');
    expect(to.pathname).to.equal('/sso/demo-lms/callback');
    expect(to.searchParams.get('state')).to.equal('desktop');
    expect(to.searchParams.get('code')).to.have.length.greaterThan(10);
  });

  it("an unknown client or a redirect it did not register: the server's message", async () => {
    await loginAs('teacher1');
    const unknown = await runAuthorize({ url: AUTHORIZE.replace('demo-lms', 'nobody'), client });
    expect(unknown.kind).to.equal('error');
    const foreign = await runAuthorize({
      url: AUTHORIZE.replace(encodeURIComponent('/sso/demo-lms/callback'), encodeURIComponent('https://evil.example/')),
      client,
    });
    expect(foreign.kind).to.equal('error');
    expect(foreign.kind === 'error' && foreign.message.length).to.be.greaterThan(0);
  });
});
