import { expect } from '@open-wc/testing';
import {
  appEntryUrl,
  bindPageUrl,
  deployPathFor,
  helpCentreLink,
  homeTarget,
  idPathFor,
  isLoginRedirectExempt,
  landingTarget,
  redirectEntryTarget,
  type LandingContext,
} from './landing.ts';

const school = { unitType: 2, unitId: '330108001', userType: 2 };
const area = { unitType: 1, unitId: '330108', userType: 1 };
const prod: LandingContext = { development: false, device: 'pc', rootPath: 'portal' };
const dev: LandingContext = { development: true, device: 'pc', rootPath: 'portal' };

describe('landing targets', () => {
  it('development: flat desktop files; area replaces desktop', () => {
    expect(homeTarget(school, dev)).to.equal('/pc_desktop_all.html');
    expect(homeTarget(school, { ...dev, device: 'mobile' })).to.equal('/mobile_desktop_all.html');
    expect(homeTarget(area, dev)).to.equal('/pc_area_all.html');
    expect(homeTarget(area, { ...dev, device: 'mobile' })).to.equal('/mobile_area_all.html');
  });

  it('production: root path, base, the area desktop, mobile', () => {
    expect(homeTarget(school, prod)).to.equal('/portal/base/pc_desktop_all/index.html');
    expect(homeTarget(area, prod)).to.equal('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(homeTarget(school, { ...prod, device: 'mobile' })).to.equal('/portal/base/mobile_desktop_all/index.html');
    expect(homeTarget(school, { ...prod, rootPath: '' })).to.equal('/base/pc_desktop_all/index.html');
    expect(homeTarget(school, { ...prod, rootPath: '/portal/' })).to.equal('/portal/base/pc_desktop_all/index.html');
  });

  it('the special unit id lands on pc_app_tm', () => {
    const special = { ...prod, specialUnitId: '330108001' };
    expect(landingTarget(school, special)).to.equal('/portal/base/pc_app_tm/index.html');
    expect(landingTarget(area, special)).to.equal('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(landingTarget(school, { ...dev, specialUnitId: '330108001' })).to.equal('/pc_app_tm.html');
    expect(landingTarget(school, prod)).to.equal('/portal/base/pc_desktop_all/index.html');
  });

  it('/redirect/{app} goes to the app page, spm for user types 1 and 3', () => {
    expect(redirectEntryTarget('/redirect/notice', { userType: 2 }, 'pc')).to.equal(
      '/pages/notice/pc_notice_tm/index.html',
    );
    expect(redirectEntryTarget('/redirect/notice', { userType: 3 }, 'mobile')).to.equal(
      '/pages/notice/mobile_notice_spm/index.html',
    );
    expect(redirectEntryTarget('/redirect/notice/', { userType: 1 }, 'pc')).to.equal(
      '/pages/notice/pc_notice_spm/index.html',
    );
    expect(redirectEntryTarget('/redirect/notice?x=1', { userType: 4 }, 'pc')).to.equal(
      '/pages/notice/pc_notice_tm/index.html',
    );
    expect(redirectEntryTarget('/desktop/home', { userType: 2 }, 'pc')).to.equal(null);
    // Only a plain app name: no way to climb out of /pages.
    expect(redirectEntryTarget('/redirect/..', { userType: 2 }, 'pc')).to.equal(null);
    expect(redirectEntryTarget('/redirect/%2e%2e', { userType: 2 }, 'pc')).to.equal(null);
    expect(redirectEntryTarget('/redirect/a/b', { userType: 2 }, 'pc')).to.equal(null);
    // It comes before the special unit and the home.
    expect(landingTarget(school, { ...prod, specialUnitId: '330108001', entryPath: '/redirect/notice' })).to.equal(
      '/pages/notice/pc_notice_tm/index.html',
    );
  });

  it('the bind page with id, openid, unionid and deviceId', () => {
    const identity = { id: 'wx', openid: 'o-1', unionid: 'u 2', deviceId: 'd&3' };
    expect(bindPageUrl({ development: true, rootPath: 'portal', ...identity })).to.equal(
      '/bind/?id=wx&openid=o-1&unionid=u+2&deviceId=d%263',
    );
    const production = new URL(bindPageUrl({ development: false, rootPath: 'portal', ...identity }), 'http://x');
    expect(production.pathname).to.equal('/portal/login/pc_bind_all/index.html');
    expect(Object.fromEntries(production.searchParams)).to.deep.equal(identity);
    expect(bindPageUrl({ development: true, rootPath: '', openid: 'o' })).to.equal(
      '/bind/?id=&openid=o&unionid=&deviceId=',
    );
  });

  it('the settings pages are exempt from the login redirect', () => {
    expect(isLoginRedirectExempt('/desktop/setting')).to.equal(true);
    expect(isLoginRedirectExempt('/areaDesktop/setting')).to.equal(true);
    expect(isLoginRedirectExempt('/areaDesktop/setting/theme')).to.equal(true);
    expect(isLoginRedirectExempt('/desktop/home')).to.equal(false);
    expect(isLoginRedirectExempt('/desktop/settings-evil')).to.equal(false);
    expect(isLoginRedirectExempt('/xdesktop/setting')).to.equal(false);
    expect(isLoginRedirectExempt(null)).to.equal(false);
  });

  it('deploy path and id path', () => {
    expect(deployPathFor(1)).to.equal('area');
    expect(deployPathFor(2)).to.equal('pages');
    expect([1, 2, 3, 4, 5].map(idPathFor)).to.deep.equal(['spm', 'tm', 'spm', 'tm', 'tm']);
  });

  it('app entry URLs in production and development', () => {
    expect(appEntryUrl({ code: 'notice' }, school, false)).to.equal('/pages/base/pc_notice_tm/index.html');
    expect(appEntryUrl({ code: 'notice', serverId: 'edu' }, area, false)).to.equal(
      '/area/edu/pc_notice_spm/index.html',
    );
    expect(appEntryUrl({ code: 'notice', deployPath: 'custom' }, school, false)).to.equal(
      '/custom/base/pc_notice_tm/index.html',
    );
    expect(appEntryUrl({ code: 'notice' }, { unitType: 2, userType: 3 }, true)).to.equal('/pc_notice_spm.html');
    expect(appEntryUrl({ code: '../x' }, school, false)).to.equal(null);
    expect(appEntryUrl({ code: 'notice', serverId: 'a/b' }, school, false)).to.equal(null);
    // The deploy path stays on this site, whatever the server sends.
    expect(appEntryUrl({ code: 'notice', deployPath: '//evil.com' }, school, false)).to.equal(null);
  });

  it('the help centre link: a new window, the same window on mobile', () => {
    const link = helpCentreLink({
      url: 'https://help.example/center',
      redUrl: '/guide',
      accessToken: 't0k',
      unitId: '330108001',
      key: 'k1',
      device: 'pc',
    });
    expect(link?.target).to.equal('_blank');
    const url = new URL(link!.url);
    expect(url.origin + url.pathname).to.equal('https://help.example/center');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      redUrl: '/guide',
      accessToken: 't0k',
      unitId: '330108001',
      key: 'k1',
    });
    const mobile = helpCentreLink({ url: '/help', redUrl: 'r', accessToken: 'a', unitId: 'u', device: 'mobile' });
    expect(mobile?.target).to.equal('_self');
    expect(new URL(mobile!.url).searchParams.has('key')).to.equal(false);
    expect(new URL(mobile!.url).origin).to.equal(location.origin);
    expect(
      helpCentreLink({ url: 'javascript:alert(1)', redUrl: '', accessToken: '', unitId: '', device: 'pc' }),
    ).to.equal(null);
  });
});
