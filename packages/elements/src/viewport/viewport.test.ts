import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { configureServer, resetServer } from '@edu-portal/core/test-support/server.ts';
import { clearManifestCache } from '@edu-portal/core/viewport/loader.ts';
import { defineElement } from '../internal/define-element.ts';
import { switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { EduViewport } from './viewport.ts';

defineElement('edu-viewport', EduViewport);

function visible(el: EduViewport): HTMLElement[] {
  return [...el.children].filter((c): c is HTMLElement => c instanceof HTMLElement && !c.hidden);
}

function errorText(el: EduViewport): string | null {
  return el.shadowRoot!.querySelector('[role="alert"] span')?.textContent ?? null;
}

async function shown(el: EduViewport, app: string, fileId: string): Promise<HTMLElement> {
  await waitUntil(
    () => visible(el).some((c) => c.dataset['app'] === app && c.dataset['fileId'] === fileId),
    `${app}/${fileId} shown`,
    10_000,
  );
  await el.updateComplete;
  return visible(el)[0]!;
}

async function failed(el: EduViewport): Promise<string> {
  await waitUntil(() => errorText(el) !== null, 'an error', 10_000);
  return errorText(el)!;
}

const scripts = (path: string) => document.querySelectorAll(`script[src$="${path}"]`).length;

describe('<edu-viewport>', () => {
  beforeEach(async () => {
    await resetServer();
    // Each test asks the server for the manifest again (delays and failures below apply to it).
    clearManifestCache();
  });

  afterEach(async () => {
    fixtureCleanup();
    await configureServer({ delayMs: 0, failPaths: [] });
    await switchLanguage('zh-CN');
  });

  it('loads the fileId of an app, with its stylesheet, and passes id and the language to it', async () => {
    const el = await fixture<EduViewport>(
      html`<edu-viewport app="demo-timetable" file-id="week" record-id="3"></edu-viewport>`,
    );
    const loaded = await oneEvent(el, 'edu-app-load');
    expect(loaded.detail).to.include({ app: 'demo-timetable', fileId: 'week' });
    const container = await shown(el, 'demo-timetable', 'week');
    expect(loaded.detail.container).to.equal(container);
    expect(container.querySelector('caption')!.textContent).to.equal('初一(3)班 周课表');
    expect(document.querySelectorAll('link[href$="/demo-timetable/static/timetable.css"]').length).to.equal(1);
    // The app's stylesheet reaches the container (light DOM).
    expect(getComputedStyle(container.querySelector('table')!).borderCollapse).to.equal('collapse');
  });

  it('keeps one container per loaded fileId, shows only the current one, and loads each script once', async () => {
    const el = await fixture<EduViewport>(html`<edu-viewport app="demo-library" file-id="search"></edu-viewport>`);
    const search = await shown(el, 'demo-library', 'search');
    const input = search.querySelector('input')!;
    input.value = '鲁迅';
    input.dispatchEvent(new Event('input'));
    expect(search.querySelectorAll('li')).to.have.length(2);

    el.fileId = 'loans';
    const loans = await shown(el, 'demo-library', 'loans');
    expect(loans).to.not.equal(search);
    expect(search.hidden).to.equal(true);
    expect(visible(el)).to.deep.equal([loans]);

    el.fileId = 'search';
    const again = await shown(el, 'demo-library', 'search');
    // The same container, with what the user typed.
    expect(again).to.equal(search);
    expect(again.querySelector('input')!.value).to.equal('鲁迅');
    expect(loans.hidden).to.equal(true);

    el.app = 'demo-timetable';
    el.fileId = 'today';
    await shown(el, 'demo-timetable', 'today');
    expect(el.containers.size).to.equal(3);
    expect(el.children).to.have.length(3);
    expect(scripts('/demo-library/static/search.js')).to.equal(1);
    expect(scripts('/demo-library/static/loans.js')).to.equal(1);
    expect(document.querySelectorAll('link[href$="/demo-library/static/library.css"]').length).to.equal(1);
  });

  it('shows a loading state while the app loads', async () => {
    await configureServer({ delayMs: 300 });
    const el = await fixture<EduViewport>(html`<edu-viewport app="demo-timetable" file-id="week"></edu-viewport>`);
    await el.updateComplete;
    const status = el.shadowRoot!.querySelector('[role="status"]');
    expect(status!.textContent).to.contain('正在加载应用');
    expect(el.shadowRoot!.querySelector('[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
    await shown(el, 'demo-timetable', 'week');
    expect(el.shadowRoot!.querySelector('[role="status"]')).to.equal(null);
  });

  it('hands a new id, linkUrl and language to the mounted app', async () => {
    const el = await fixture<EduViewport>(
      html`<edu-viewport app="demo-library" file-id="loans" record-id="R-1" link-url="/library/record"></edu-viewport>`,
    );
    const loans = await shown(el, 'demo-library', 'loans');
    expect(loans.querySelector('h3')!.textContent).to.equal('读者 R-1 的借阅');
    expect(loans.querySelector('a')!.getAttribute('href')).to.equal(new URL('/library/record', location.href).href);
    el.recordId = 'R-2';
    el.linkUrl = 'javascript:alert(1)';
    await el.updateComplete;
    expect(loans.querySelector('h3')!.textContent).to.equal('读者 R-2 的借阅');
    expect(loans.querySelector('a')).to.equal(null);
    await switchLanguage('en');
    expect(loans.querySelector('h3')!.textContent).to.equal('Loans of reader R-2');
  });

  it('reads app, fileId, id and linkUrl from the address with from-url, and follows it', async () => {
    const start = location.href;
    try {
      history.replaceState(null, '', '#/viewport?app=demo-timetable&fileId=week&id=5');
      const el = await fixture<EduViewport>(
        html`<edu-viewport from-url app="ignored" file-id="ignored"></edu-viewport>`,
      );
      const week = await shown(el, 'demo-timetable', 'week');
      expect(week.querySelector('caption')!.textContent).to.equal('初一(5)班 周课表');
      location.hash = '#/viewport?app=demo-timetable&fileId=today&id=5';
      const today = await shown(el, 'demo-timetable', 'today');
      expect(today.querySelector('h3')!.textContent).to.equal('初一(5)班 今日课程');
      history.pushState(null, '', '#/viewport?app=demo-timetable&fileId=week&id=7');
      await waitUntil(() => week.querySelector('caption')?.textContent === '初一(7)班 周课表', 'week of class 7');
      expect(week.hidden).to.equal(false);
      expect(today.hidden).to.equal(true);
    } finally {
      history.replaceState(null, '', start);
    }
  });

  it('unmounts every app when it leaves the page', async () => {
    const el = await fixture<EduViewport>(html`<edu-viewport app="demo-library" file-id="search"></edu-viewport>`);
    await shown(el, 'demo-library', 'search');
    el.fileId = 'loans';
    await shown(el, 'demo-library', 'loans');
    const parent = el.parentElement!;
    el.remove();
    expect(el.children).to.have.length(0);
    parent.append(el);
    await shown(el, 'demo-library', 'loans');
    expect(el.children).to.have.length(1);
  });

  describe('errors', () => {
    const expected = {
      'zh-CN': {
        manifest: '无法读取应用 no-such-app 的清单',
        entry: '应用 demo-timetable 中没有 month',
        invalid: '应用名称 "../x" 无效',
        missing: '缺少 app 或 fileId 参数',
        retry: '重试',
      },
      en: {
        manifest: 'Could not read the manifest of app no-such-app',
        entry: 'App demo-timetable has no month',
        invalid: 'Invalid app name "../x"',
        missing: 'The app or fileId parameter is missing',
        retry: 'Retry',
      },
      'zh-HK': {
        manifest: '無法讀取應用 no-such-app 的清單',
        entry: '應用 demo-timetable 中沒有 month',
        invalid: '應用名稱 "../x" 無效',
        missing: '缺少 app 或 fileId 參數',
        retry: '重試',
      },
    } as const;

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`says what went wrong in ${lang}, as an alert, and passes axe`, async () => {
        await switchLanguage(lang);
        const t = expected[lang];
        const el = await fixture<EduViewport>(html`<edu-viewport app="no-such-app" file-id="week"></edu-viewport>`);
        const error = oneEvent(el, 'edu-app-error');
        expect(await failed(el)).to.equal(t.manifest);
        expect((await error).detail.kind).to.equal('manifest');
        expect(el.shadowRoot!.querySelector('[part="retry"]')!.textContent!.trim()).to.equal(t.retry);
        await expect(el).to.be.accessible();

        el.app = 'demo-timetable';
        el.fileId = 'month';
        await waitUntil(() => errorText(el) === t.entry, 'missing entry');
        el.app = '../x';
        await waitUntil(() => errorText(el) === t.invalid, 'invalid name');
        expect(el.shadowRoot!.querySelector('[part="retry"]')).to.equal(null);
        el.app = '';
        await waitUntil(() => errorText(el) === t.missing, 'missing parameter');

        el.app = 'demo-timetable';
        el.fileId = 'week';
        await shown(el, 'demo-timetable', 'week');
        expect(errorText(el)).to.equal(null);
        await expect(el).to.be.accessible();
      });
    }

    it('shows nothing and no error without any parameter', async () => {
      const el = await fixture<EduViewport>(html`<edu-viewport></edu-viewport>`);
      await el.updateComplete;
      expect(errorText(el)).to.equal(null);
      expect(el.children).to.have.length(0);
    });

    it('a retry after a failed manifest loads the app', async () => {
      await configureServer({ failPaths: [{ path: '/demo-library/manifest.json', httpStatus: 500, count: 1 }] });
      const el = await fixture<EduViewport>(html`<edu-viewport app="demo-library" file-id="loans"></edu-viewport>`);
      expect(await failed(el)).to.equal('无法读取应用 demo-library 的清单');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
      await shown(el, 'demo-library', 'loans');
      expect(errorText(el)).to.equal(null);
    });

    it('a script that registers nothing, or whose mount throws, is reported', async () => {
      // Loaded once first: the script is not fetched again, so the registry entry below is what the viewport finds.
      const first = await fixture<EduViewport>(
        html`<edu-viewport app="demo-timetable" file-id="today"></edu-viewport>`,
      );
      await shown(first, 'demo-timetable', 'today');
      fixtureCleanup();
      const registry = (window as unknown as { EduViewportApps: Record<string, unknown> }).EduViewportApps;
      const original = registry['today'];
      try {
        registry['today'] = () => {
          throw new Error('broken app');
        };
        const broken = await fixture<EduViewport>(
          html`<edu-viewport app="demo-timetable" file-id="today"></edu-viewport>`,
        );
        expect(await failed(broken)).to.equal('应用 demo-timetable 启动失败');
        expect(broken.children).to.have.length(0);
        fixtureCleanup();
        delete registry['today'];
        const none = await fixture<EduViewport>(
          html`<edu-viewport app="demo-timetable" file-id="today"></edu-viewport>`,
        );
        expect(await failed(none)).to.equal('today 没有注册挂载函数');
      } finally {
        registry['today'] = original;
      }
    });
  });
});
