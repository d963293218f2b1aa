/** Language-pack URL rules, and loading against the reference server's packs. */
import { expect } from '@open-wc/testing';
import { createClient } from '../http/client.ts';
import { resetServer, serverCalls } from '../test-support/server.ts';
import { clearDictionary, getDictionary, t } from './dictionary.ts';
import { setLanguage } from './language.ts';
import { commonPackUrl, loadLanguagePack, modulePackUrl, packRootPath } from './packs.ts';

const packCalls = (calls: Record<string, number>) =>
  Object.entries(calls)
    .filter(([key]) => key.includes('/lang/'))
    .reduce((sum, [, n]) => sum + n, 0);

describe('language-pack URLs', () => {
  it('common file: /common/plugins/common-ph/{version}/lang/{lang}-ph.json, version 2.0.0 by default', () => {
    expect(commonPackUrl('en')).to.equal('/common/plugins/common-ph/2.0.0/lang/en-ph.json');
    expect(commonPackUrl('zh-HK', '3.1.0')).to.equal('/common/plugins/common-ph/3.1.0/lang/zh-HK-ph.json');
  });

  it('module file: /{rootPath}/{code}/lang/{lang}-{appCode}.json', () => {
    expect(modulePackUrl({ lang: 'en', code: 'base', appCode: 'desktop', root: 'pages' })).to.equal(
      '/pages/base/lang/en-desktop.json',
    );
    expect(modulePackUrl({ lang: 'en', code: 'base', appCode: 'desktop', root: '' })).to.equal(
      '/base/lang/en-desktop.json',
    );
  });

  it('root path: the first segment of the current path, or a configured root, and area for area modules', () => {
    expect(packRootPath({ code: 'base', pathname: '/pages/base/pc_desktop_all/index.html' })).to.equal('pages');
    expect(packRootPath({ code: 'base', pathname: '/school-x/base/index.html', rootPath: '/pages/' })).to.equal(
      'pages',
    );
    expect(packRootPath({ code: 'areaBase', pathname: '/pages/x/index.html', rootPath: 'pages' })).to.equal('area');
    expect(packRootPath({ code: 'homeworkarea', pathname: '/pages/' })).to.equal('area');
    expect(packRootPath({ code: 'base', pathname: '/' })).to.equal('');
    expect(packRootPath({ code: 'base', pathname: '/pc_desktop_all.html' })).to.equal('');
  });
});

describe('language-pack loading', () => {
  const client = createClient({ device: 'pc' });

  beforeEach(async () => {
    sessionStorage.clear();
    await resetServer();
  });

  afterEach(() => {
    setLanguage('zh-CN');
    clearDictionary('zh-CN');
  });

  it('zh-CN makes no call', async () => {
    setLanguage('zh-CN');
    const dict = await loadLanguagePack({ code: 'base', appCode: 'desktop', rootPath: 'pages', client });
    expect(dict).to.deep.equal({});
    expect(packCalls(await serverCalls())).to.equal(0);
  });

  it('a ready language object is used without any call', async () => {
    setLanguage('en');
    clearDictionary('en');
    const dict = await loadLanguagePack({ code: 'base', appCode: 'desktop', ready: { 'x.key': 'Ready text' }, client });
    expect(dict['x.key']).to.equal('Ready text');
    expect(t('x.key')).to.equal('Ready text');
    expect(packCalls(await serverCalls())).to.equal(0);
  });

  /** Language files this test requested, in order (Resource Timing; entries can land late, hence the start time). */
  let testStart = 0;
  const requestedPacks = () =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= testStart)
      .sort((a, b) => a.startTime - b.startTime)
      .map((entry) => new URL(entry.name))
      .filter((url) => url.pathname.includes('/lang/'));

  beforeEach(() => {
    testStart = performance.now();
  });

  it('loads the common file, then the module file, with caching on (no _t)', async () => {
    setLanguage('en');
    clearDictionary('en');
    const dict = await loadLanguagePack({
      code: 'base',
      appCode: 'desktop',
      pathname: '/pages/base/pc_desktop_all/index.html',
      client,
    });
    const requested = requestedPacks();
    expect(requested.map((url) => url.pathname)).to.deep.equal([
      '/common/plugins/common-ph/2.0.0/lang/en-ph.json',
      '/pages/base/lang/en-desktop.json',
    ]);
    expect(requested.some((url) => url.searchParams.has('_t'))).to.equal(false);
    expect((await serverCalls())['GET /common/plugins/common-ph/2.0.0/lang/en-ph.json']).to.equal(1);
    expect(dict['common.confirm']).to.equal('OK');
    expect(t('common.confirm')).to.equal('OK');
    expect(JSON.parse(sessionStorage.getItem('lange_')!).lang).to.equal('en');
  });

  it('merges the module file over the common file', async () => {
    // The module file lives at /{rootPath}/{code}/lang/…, forwarded to the server by web-test-runner.config.mjs.
    setLanguage('en');
    clearDictionary('en');
    const common = (await (await fetch('/common/plugins/common-ph/2.0.0/lang/en-ph.json')).json()) as Record<
      string,
      string
    >;
    const module = (await (await fetch('/pages/base/lang/en-desktop.json')).json()) as Record<string, string>;
    const dict = await loadLanguagePack({ code: 'base', appCode: 'desktop', rootPath: 'pages', client });
    expect(dict).to.deep.equal({ ...common, ...module });
  });

  it('skips the common file when asked, and uses area as root for area modules', async () => {
    setLanguage('zh-HK');
    clearDictionary('zh-HK');
    await loadLanguagePack({ code: 'areaBase', appCode: 'areaDesktop', skipCommon: true, rootPath: 'pages', client });
    expect(requestedPacks().map((url) => url.pathname)).to.deep.equal(['/area/areaBase/lang/zh-HK-areaDesktop.json']);
    expect((await serverCalls())['GET /common/plugins/common-ph/2.0.0/lang/zh-HK-ph.json']).to.equal(undefined);
    expect(getDictionary().lang).to.equal('zh-HK');
  });

  it('always completes: missing packs are ignored and keys fall back', async () => {
    setLanguage('en');
    clearDictionary('en');
    const dict = await loadLanguagePack({
      code: 'nosuch',
      appCode: 'nothing',
      version: '9.9.9',
      rootPath: 'pages',
      client,
    });
    expect(dict).to.deep.equal({});
    expect(t('common.confirm', 'OK?')).to.equal('OK?');
    expect((await serverCalls())['GET /common/plugins/common-ph/9.9.9/lang/en-ph.json']).to.equal(1);
    expect(requestedPacks().map((url) => url.pathname)).to.deep.equal([
      '/common/plugins/common-ph/9.9.9/lang/en-ph.json',
      '/pages/nosuch/lang/en-nothing.json',
    ]);
  });

  it('fetches only the language in force: another language, or a switch while loading, asks for nothing more', async () => {
    setLanguage('en');
    clearDictionary('en');
    const other = await loadLanguagePack({
      code: 'base',
      appCode: 'desktop',
      rootPath: 'pages',
      lang: 'zh-HK',
      client,
    });
    expect(other).to.deep.equal({});
    expect(requestedPacks()).to.deep.equal([]);
    expect(packCalls(await serverCalls())).to.equal(0);
    // A switch to zh-HK while the common file loads: the module file is not fetched, nothing is merged.
    const loading = loadLanguagePack({ code: 'base', appCode: 'desktop', rootPath: 'pages', client });
    setLanguage('zh-HK');
    expect(await loading).to.deep.equal({});
    expect((await serverCalls())['GET /pages/base/lang/en-desktop.json']).to.equal(undefined);
    expect(requestedPacks().map((url) => url.pathname)).to.not.include('/pages/base/lang/en-desktop.json');
    expect(getDictionary().entries['common.confirm']).to.equal(undefined);
  });

  it('an unreachable server still completes', async () => {
    setLanguage('en');
    const offline = createClient({ baseURL: 'http://127.0.0.1:9' });
    const dict = await loadLanguagePack({ code: 'base', appCode: 'desktop', rootPath: 'pages', client: offline });
    expect(dict).to.be.an('object');
  });
});
