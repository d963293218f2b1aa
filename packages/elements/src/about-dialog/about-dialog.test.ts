import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { RequestError } from '@edu-portal/core/http/errors.ts';
import { createClient, type Client } from '@edu-portal/core/http/client.ts';
import { setNotifier, type Notice } from '@edu-portal/core/platform/notify.ts';
import '../index.ts';
import type { EduAboutDialog } from './about-dialog.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { itInLocales, nextFrame, switchLanguage, waitUntil } from '../internal/test-utils.ts';

const notFound = () => new RequestError({ kind: 'http', status: 404, message: '404 Not Found' });

interface Service {
  package?: unknown;
  server?: unknown;
  versions?: unknown;
}

/** A client answering the three version calls of one service from a table; anything else is a 404. */
function fakeClient(services: Record<string, Service>): { client: Client; calls: string[] } {
  const calls: string[] = [];
  const find = (url: string) => {
    calls.push(url);
    for (const [code, s] of Object.entries(services)) {
      if (url === `/pages/${code}/package.json` && s.package) return s.package;
      if (url === `/pages/${code}-version/version.json` && s.versions) return s.versions;
      if (url === `/api/${code}/nl/${code}_package_versions` && s.server) return { status: 200, data: s.server };
    }
    return undefined;
  };
  const answer = (url: string) => {
    const value = find(url);
    return value === undefined ? Promise.reject(notFound()) : Promise.resolve(value);
  };
  return { client: { getJson: answer, get: answer } as unknown as Client, calls };
}

const BASE: Service = {
  package: { name: 'desktop', appVersion: '2.0.0', serverVersion: '2.0.0', packageDate: '2026-11-18' },
  server: { serverVersion: '2.0.0', webCodeVersion: '2.0.0', date: '2026-11-18' },
  versions: [
    {
      version: '1.9.0',
      date: '2026-09-18',
      metto: [{ cn: '消息按重要程度显示不同颜色', en: 'Messages are coloured by importance' }],
    },
    {
      version: '2.0.0',
      date: '2026-11-18',
      metto: [
        { cn: '全新桌面', en: 'New desktop' },
        { cn: '新增繁体中文界面', en: 'Added a Traditional Chinese interface' },
      ],
    },
  ],
};

const EDU: Service = {
  package: { name: 'edu', appVersion: '2.1.0', serverVersion: '2.1.0', packageDate: '2026-10-28' },
  server: { serverVersion: '2.0.3', webCodeVersion: '2.0.0', date: '2026-09-15' },
  versions: [],
};

const HOMEWORK: Service = {
  package: { name: 'homework', appVersion: '1.5.2', serverVersion: '1.5.0', packageDate: '2026-05-20' },
  server: { serverVersion: '1.6.0', webCodeVersion: '1.6.0', date: '2026-10-09' },
  versions: [{ version: '1.5.2', date: '2026-05-20', metto: [] }],
};

const root = (el: EduAboutDialog) => el.shadowRoot!;
const inner = (el: EduAboutDialog) => root(el).querySelector<EduDialog>('edu-dialog')!;
const native = (el: EduAboutDialog) => inner(el).shadowRoot!.querySelector('dialog')!;

async function openAbout(el: EduAboutDialog): Promise<void> {
  const loaded = el.code ? oneEvent(el, 'edu-version-load') : Promise.resolve();
  await el.show();
  await loaded;
  await el.updateComplete;
  await nextFrame();
}

describe('<edu-about-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduAboutDialog>(
        html`<edu-about-dialog
          code="base"
          root="pages"
          .client=${fakeClient({ base: BASE }).client}
        ></edu-about-dialog>`,
      ),
  });

  let notices: Notice[] = [];
  let restore: ReturnType<typeof setNotifier> | null = null;

  before(async () => {
    await setViewport({ width: 1000, height: 760 });
  });

  beforeEach(() => {
    notices = [];
    restore = setNotifier((n) => notices.push(n));
  });

  afterEach(async () => {
    if (restore) setNotifier(restore);
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('is a 650 px dialog titled "关于" with the logo, product and company line', async () => {
    const { client } = fakeClient({ base: BASE });
    const el = await fixture<EduAboutDialog>(html`
      <edu-about-dialog
        code="base"
        root="pages"
        product="智慧教育门户"
        company="滨江教育科技有限公司"
        logo="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
        .client=${client}
      ></edu-about-dialog>
    `);
    await openAbout(el);
    expect(native(el).open).to.equal(true);
    expect(Math.round(native(el).getBoundingClientRect().width)).to.equal(650);
    expect(inner(el).title).to.equal('关于');
    expect(root(el).querySelector('.product')!.textContent).to.equal('智慧教育门户');
    expect(root(el).querySelector('.company')!.textContent).to.equal('滨江教育科技有限公司');
    expect(root(el).querySelector('[part="logo"]')!.getAttribute('alt')).to.equal('');
  });

  it('lists the versions newest first with dates and numbered notes in the language in force', async () => {
    const { client, calls } = fakeClient({ base: BASE });
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="base" root="pages" .client=${client}></edu-about-dialog>`,
    );
    await openAbout(el);
    expect(calls.sort()).to.deep.equal(
      ['/api/base/nl/base_package_versions', '/pages/base-version/version.json', '/pages/base/package.json'].sort(),
    );
    const versions = Array.from(root(el).querySelectorAll('.version'));
    expect(versions.map((v) => v.querySelector('.version-number')!.textContent)).to.deep.equal(['V2.0.0', 'V1.9.0']);
    expect(versions[0]!.querySelector('time')!.getAttribute('datetime')).to.equal('2026-11-18');
    const notes = versions[0]!.querySelector('ol.notes')!;
    expect(getComputedStyle(notes).listStyleType).to.equal('decimal');
    expect(Array.from(notes.querySelectorAll('li'), (li) => li.textContent)).to.deep.equal([
      '全新桌面',
      '新增繁体中文界面',
    ]);
    const facts = root(el).querySelector('[part="facts"]')!.textContent!.replace(/\s+/g, '');
    expect(facts).to.equal('前端版本：2.0.0服务端版本：2.0.0');
    expect(root(el).querySelector('[part="alert"]')).to.equal(null);

    await switchLanguage('en');
    await el.updateComplete;
    expect(
      Array.from(root(el).querySelectorAll('.version')[0]!.querySelectorAll('.notes li'), (li) => li.textContent),
    ).to.deep.equal(['New desktop', 'Added a Traditional Chinese interface']);
    expect(inner(el).title).to.equal('About');
    expect(root(el).querySelector('[part="facts"]')!.textContent!.replace(/\s+/g, ' ')).to.contain(
      'Front-end version: 2.0.0',
    );
    expect(notices).to.deep.equal([]);
  });

  it('says "暂无版本信息" when the list is empty', async () => {
    const { client } = fakeClient({
      edu: { ...EDU, server: { serverVersion: '2.1.0', webCodeVersion: '2.0.0', date: '' } },
    });
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="edu" root="pages" .client=${client}></edu-about-dialog>`,
    );
    await openAbout(el);
    expect(root(el).querySelector('.empty')!.textContent).to.equal('暂无版本信息');
    expect(root(el).querySelector('.versions')).to.equal(null);
  });

  it('alerts a front end that needs a newer server', async () => {
    const { client } = fakeClient({ edu: EDU });
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="edu" root="pages" .client=${client}></edu-about-dialog>`,
    );
    await openAbout(el);
    const alerts = Array.from(root(el).querySelectorAll('[part="alert"]'));
    expect(alerts.map((a) => a.getAttribute('data-kind'))).to.deep.equal(['needs-newer-server']);
    expect(alerts[0]!.getAttribute('role')).to.equal('alert');
    expect(alerts[0]!.textContent).to.contain('前端需要更新版本的后端服务');
  });

  it('alerts a server that needs a newer front end, in each language', async () => {
    const { client } = fakeClient({ homework: HOMEWORK });
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="homework" root="pages" .client=${client}></edu-about-dialog>`,
    );
    await openAbout(el);
    const alert = () => root(el).querySelector('[part="alert"]')!;
    expect(alert().getAttribute('data-kind')).to.equal('needs-newer-web');
    expect(alert().textContent).to.contain('后端需要更新版本的前端');
    await switchLanguage('en');
    await el.updateComplete;
    expect(alert().textContent).to.contain('The back end needs a newer front end');
    await switchLanguage('zh-HK');
    await el.updateComplete;
    expect(alert().textContent).to.contain('後端需要更新版本的前端');
  });

  it('a service without a version call: the 404 notice, and the server version says so', async () => {
    const { client } = fakeClient({});
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="exam" root="pages" .client=${client}></edu-about-dialog>`,
    );
    await openAbout(el);
    expect(el.info!.missing).to.equal(true);
    expect(notices).to.deep.equal([{ type: 'warning', message: '该微服务没有版本接口，请联系后端工程师。' }]);
    expect(root(el).querySelector('dd.missing')!.textContent).to.equal('该微服务没有版本接口，请联系后端工程师。');
    expect(root(el).querySelector('.empty')!.textContent).to.equal('暂无版本信息');
  });

  it('against the reference server: a missing version call of an unknown service is a 404 notice', async () => {
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="nosuchservice" root="pages" .client=${createClient()}></edu-about-dialog>`,
    );
    await openAbout(el);
    expect(el.info!.missing).to.equal(true);
    expect(notices.map((n) => n.type)).to.deep.equal(['warning']);
    fixtureCleanup();
    notices = [];
    const base = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="base" root="pages" .client=${createClient()}></edu-about-dialog>`,
    );
    await openAbout(base);
    expect(base.info!.server?.serverVersion).to.equal('2.0.0');
    expect(notices).to.deep.equal([]);
  });

  it('shows the copyright years up to the current year', async () => {
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog copyright-start="2019" company="滨江教育"></edu-about-dialog>`,
    );
    await openAbout(el);
    const year = new Date().getFullYear();
    expect(root(el).querySelector('[part="copyright"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      `版权所有 © 2019-${year} 滨江教育`,
    );
  });

  it('reloads on every opening, offers a retry after a failure, and forwards its own events only', async () => {
    let down = true;
    const { client: good } = fakeClient({ base: BASE });
    const calls: string[] = [];
    const client = {
      getJson: (url: string) => (
        calls.push(url),
        down ? Promise.reject(new RequestError({ kind: 'network', status: 0, message: 'x' })) : good.getJson(url)
      ),
      get: (url: string) => (calls.push(url), good.get(url)),
    } as unknown as Client;
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog code="base" root="pages" .client=${client}></edu-about-dialog>`,
    );
    const events: string[] = [];
    for (const type of ['edu-open', 'edu-close'])
      el.addEventListener(type, (e) => events.push(`${type}:${(e.target as Element).localName}`));
    await openAbout(el);
    expect(el.info!.failed.sort()).to.deep.equal(['package', 'versions']);
    const retry = root(el).querySelector<HTMLButtonElement>('.link')!;
    expect(retry.textContent!.trim()).to.equal('重试');
    down = false;
    const loaded = oneEvent(el, 'edu-version-load');
    retry.click();
    await loaded;
    await el.updateComplete;
    expect(root(el).querySelectorAll('.version').length).to.equal(2);
    expect(root(el).querySelector('.link')).to.equal(null);
    await el.hide();
    await openAbout(el);
    expect(calls.length).to.equal(9);
    expect(events).to.deep.equal([
      'edu-open:edu-about-dialog',
      'edu-close:edu-about-dialog',
      'edu-open:edu-about-dialog',
    ]);
  });

  it('shows info given directly, without a code', async () => {
    const el = await fixture<EduAboutDialog>(html`<edu-about-dialog></edu-about-dialog>`);
    el.info = {
      code: '',
      root: '',
      package: { name: 'x', appVersion: '3.0.0', serverVersion: '3.0.0', packageDate: '' },
      server: { serverVersion: '3.0.1', webCodeVersion: '3.0.0', date: '' },
      versions: [{ version: '3.0.0', date: '2026-01-01', notes: [{ cn: '首发', en: 'First release' }] }],
      missing: false,
      mismatches: [],
      failed: [],
    };
    await openAbout(el);
    await waitUntil(() => !!root(el).querySelector('.version'), 'the version');
    expect(root(el).querySelector('.notes li')!.textContent).to.equal('首发');
  });

  itInLocales('passes axe, with versions and an alert', async () => {
    const { client } = fakeClient({ edu: { ...EDU, versions: BASE.versions } });
    const el = await fixture<EduAboutDialog>(
      html`<edu-about-dialog
        code="edu"
        root="pages"
        product="门户"
        company="公司"
        .client=${client}
      ></edu-about-dialog>`,
    );
    await openAbout(el);
    await expect(el).to.be.accessible();
  });
});
