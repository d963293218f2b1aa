/** The demo host at its landing targets (spec part 1 §2): every computed target opens the host's index.html. */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, startServer, tempDataDir, type RunningServer, useServer } from './helpers.ts';

const INDEX =
  '<!doctype html><meta charset="utf-8"><title>edu host</title><script type="module" src="/assets/app.js"></script>';

/** Production and development landing targets, routes and entry pages the client computes. */
const HOST_PAGES = [
  // Development desktop entries; 'area' replaces 'desktop' for area units.
  '/pc_desktop_all.html',
  '/mobile_desktop_all.html',
  '/pc_area_all.html',
  '/mobile_area_all.html',
  '/pc_homework_tm.html',
  // Production desktop, area desktop, mobile, special unit.
  '/pages/base/pc_desktop_all/index.html',
  '/edu/base/pc_desktop_all/index.html',
  '/area/areaBase/pc_areaDesktop_all/index.html',
  '/pages/base/mobile_desktop_all/index.html',
  '/pages/base/pc_app_tm/index.html',
  // App entries: /pages/{app}/{pc|mobile}_{app}_{tm|spm}/index.html and {deployPath or root}/{serverId}/….
  '/pages/homework/pc_homework_tm/index.html',
  '/pages/homework/mobile_homework_spm/index.html',
  '/area/exam/pc_exam_spm/index.html',
  '/base/pc_timetable_tm/index.html',
  '/pages/homework/pc_homework_tm/',
  // Redirect entries, bind pages, routes of the login chain, settings.
  '/redirect/homework',
  '/redirect/homework/',
  '/bind/',
  '/bind/?id=1&openid=o-1&unionid=u-1&deviceId=d',
  '/pages/login/pc_bind_all/index.html?id=1&openid=o-1',
  '/login',
  '/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html',
  '/forgetPassword',
  '/needtologinpagerelogin',
  '/authorize?client_id=demo-lms',
  '/oauth/authorize',
  '/pages/base/sso_authorize.html',
  '/desktop/setting',
  '/areaDesktop/setting',
  '/desktop/home',
  '/help/',
];

describe('landing targets with STATIC_DIR', () => {
  let site: RunningServer;
  const siteDir = tempDataDir();
  before(async () => {
    mkdirSync(join(siteDir, 'assets'));
    mkdirSync(join(siteDir, 'legacy'));
    writeFileSync(join(siteDir, 'index.html'), INDEX);
    writeFileSync(join(siteDir, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(siteDir, 'legacy', 'pc_old_all.html'), '<title>legacy file</title>');
    writeFileSync(join(siteDir, 'pc_extra_all.html'), '<title>a real file</title>');
    site = await startServer({ staticDir: siteDir });
  });
  after(async () => {
    await site.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('answers index.html at every production and development target, whatever the Accept header', async () => {
    for (const path of HOST_PAGES) {
      const response = await new Client(site.url).raw('GET', path);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type')!, /^text\/html/, path);
      assert.equal(await response.text(), INDEX, path);
      const head = await new Client(site.url).raw('HEAD', path, { headers: { accept: 'text/html' } });
      assert.equal(head.status, 200, `HEAD ${path}`);
    }
  });

  it('keeps files, assets, language packs, /api and /common as they were', async () => {
    const web = new Client(site.url);
    assert.equal(await (await web.raw('GET', '/assets/app.js')).text(), 'export {};');
    assert.equal(await (await web.raw('GET', '/pc_extra_all.html')).text(), '<title>a real file</title>');
    assert.equal(await (await web.raw('GET', '/legacy/pc_old_all.html')).text(), '<title>legacy file</title>');
    assert.equal(await (await web.raw('GET', '/')).text(), INDEX);
    const pack = await web.raw('GET', '/pages/base/lang/en-desktop.json');
    assert.equal(pack.status, 200);
    assert.match(pack.headers.get('content-type')!, /json/);
    for (const path of [
      '/assets/missing.js',
      '/images/logo.png',
      '/api/uaa/authorize',
      '/api/pc_desktop_all.html',
      '/common/plugins/authorize.css',
      '/pages/base/pc_desktop_all/app.js',
    ]) {
      const response = await web.raw('GET', path);
      assert.equal(response.status, 404, path);
      assert.notEqual(await response.text(), INDEX, path);
    }
    assert.equal((await web.raw('POST', '/login')).status, 404, 'pages are GET only');
    const me = await web.call('GET', '/api/uaa/oauth/me');
    assert.equal(me.body.status, 401, '/api answers its envelope');
    const callback = await web.raw('GET', '/sso/demo-lms/callback?code=x');
    assert.match(await callback.text(), /Demo Learning Platform/, 'server pages keep their route');
  });

  it('sends Referrer-Policy: no-referrer with every HTML page (login, desktop, help, legacy, files, server pages)', async () => {
    const web = new Client(site.url);
    for (const path of [
      '/login?ticket=t-1',
      '/pages/base/pc_desktop_all/index.html',
      '/help/?redUrl=%2F&accessToken=a',
      '/legacy/pc_old_all.html',
      '/pc_extra_all.html',
      '/',
      '/sso/demo-lms/callback?code=x',
      '/no/such/page',
    ]) {
      const response = await web.raw('GET', path, { headers: { accept: 'text/html' } });
      assert.match(response.headers.get('content-type')!, /^text\/html/, path);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer', path);
    }
    // Other answers are left alone.
    assert.equal((await web.raw('GET', '/assets/app.js')).headers.get('referrer-policy'), null);
  });
});

describe('landing targets without STATIC_DIR', () => {
  let api: RunningServer;
  before(async () => {
    api = await startServer();
  });
  after(() => api.close());

  it('answers 404: an API-only server has no host to serve', async () => {
    for (const path of ['/pc_desktop_all.html', '/pages/base/pc_desktop_all/index.html', '/login']) {
      assert.equal((await new Client(api.url).raw('GET', path)).status, 404, path);
    }
  });
});

describe('the site icon', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it('answers /favicon.ico with an image, so server-rendered pages do not log a 404', async () => {
    const response = await new Client(server.url).raw('GET', '/favicon.ico');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(await response.text(), /^<svg /);
  });
});
