import { expect } from '@open-wc/testing';
import type { SessionUser } from '../session/types.ts';
import {
  applyOutcome,
  isLoginPage,
  loginPageUrl,
  loginTarget,
  openLink,
  outcomeUrl,
  signedInTarget,
  type LoginOutcome,
  type LoginSiteOptions,
} from './navigation.ts';

const site: LoginSiteOptions = { loginPath: '/#/login', development: false, device: 'pc', rootPath: 'portal' };
const teacher = { unitType: 2, unitId: '330108001', userType: 2 };
const O = 'https://school.example';

describe('login navigation', () => {
  it('the login page URL carries redirect_uri encoded', () => {
    expect(loginPageUrl('/#/login')).to.equal('/#/login');
    expect(loginPageUrl('/#/login', `${O}/a?b=1#/c`)).to.equal(
      `/#/login?redirect_uri=${encodeURIComponent(`${O}/a?b=1#/c`)}`,
    );
    expect(loginPageUrl('/login?x=1', '/y')).to.equal('/login?x=1&redirect_uri=%2Fy');
  });

  it('recognises the login page by path or hash route', () => {
    expect(isLoginPage(`${O}/#/login?redirect_uri=x`, '/#/login')).to.equal(true);
    expect(isLoginPage(`${O}/#/desktop/home`, '/#/login')).to.equal(false);
    expect(isLoginPage(`${O}/`, '/#/login')).to.equal(false);
    expect(isLoginPage(`${O}/login?redirect_uri=x`, '/login')).to.equal(true);
    expect(isLoginPage(`${O}/#/login`, '/login')).to.equal(true);
    expect(isLoginPage(`${O}/portal/login/pc_login_all/index.html`, '/portal/login/pc_login_all/index.html')).to.equal(
      true,
    );
    expect(isLoginPage('nonsense', '/login')).to.equal(false);
  });

  it('login target: safe redirect_uri, else the jump page, else the landing target', () => {
    const here = `${O}/#/login`;
    expect(loginTarget(teacher, here, site, `${O}/#/x`)).to.equal(`${O}/#/x`);
    expect(loginTarget(teacher, here, site, '//evil.example')).to.equal('/portal/base/pc_desktop_all/index.html');
    expect(loginTarget(teacher, here, { ...site, jumpPage: '/portal/jump.html' }, 'javascript:alert(1)')).to.equal(
      `${O}/portal/jump.html`,
    );
    expect(loginTarget(teacher, here, { ...site, jumpPage: 'https://evil.example' }, null)).to.equal(
      '/portal/base/pc_desktop_all/index.html',
    );
  });

  it('signed-in target: the login target on the login page, the app on a /redirect entry, else stay', () => {
    expect(signedInTarget(teacher, `${O}/#/login`, site, null)).to.equal('/portal/base/pc_desktop_all/index.html');
    expect(signedInTarget(teacher, `${O}/#/redirect/notice`, site, null)).to.equal(
      '/pages/notice/pc_notice_tm/index.html',
    );
    expect(signedInTarget(teacher, `${O}/#/desktop/home`, site, `${O}/#/x`)).to.equal(null);
    expect(signedInTarget(teacher, `${O}/#/desktop/setting`, site, null)).to.equal(null);
  });

  it('applyOutcome navigates where the outcome leads, and only there', () => {
    const user = { loginName: 'teacher1' } as SessionUser;
    const cases: [LoginOutcome, string | null][] = [
      [{ kind: 'logged-in', via: 'session', user, target: '/home' }, '/home'],
      [{ kind: 'logged-in', via: 'session', user, target: null }, null],
      [{ kind: 'go-to-login', url: '/#/login' }, '/#/login'],
      [{ kind: 'go-to-login', url: null }, null],
      [{ kind: 'go-to-bind', url: '/bind/?id=1', identity: { id: '1', openid: 'o', unionid: 'u' } }, '/bind/?id=1'],
      [{ kind: 'go-to-url', url: 'https://open.weixin.qq.com/x' }, 'https://open.weixin.qq.com/x'],
      [{ kind: 'logged-out' }, null],
      [{ kind: 'error', message: 'm', loginUrl: '/#/login' }, null],
    ];
    for (const [outcome, url] of cases) {
      const went: string[] = [];
      expect(outcomeUrl(outcome)).to.equal(url);
      expect(applyOutcome(outcome, { navigate: (to) => went.push(to) })).to.equal(url !== null);
      expect(went).to.deep.equal(url === null ? [] : [url]);
    }
    expect(
      applyOutcome(
        { kind: 'go-to-login', url: '/x' },
        {
          navigate: () => {
            throw new Error('blocked');
          },
        },
      ),
    ).to.equal(false);
  });

  it('openLink: a new window or this one', () => {
    const opened: string[] = [];
    const went: string[] = [];
    const opener = { open: (u: string) => opened.push(u), navigate: (u: string) => went.push(u) };
    openLink({ url: '/help?a=1', target: '_blank' }, opener);
    openLink({ url: '/help?a=2', target: '_self' }, opener);
    expect(opened).to.deep.equal(['/help?a=1']);
    expect(went).to.deep.equal(['/help?a=2']);
  });
});
