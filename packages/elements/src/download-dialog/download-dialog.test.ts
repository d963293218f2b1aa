import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { type Lang } from '@edu-portal/core/i18n/language.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import {
  describeNode,
  dialogOf,
  itInLocales,
  q,
  settle,
  showSettled,
  switchLanguage,
  tabTo,
} from '../internal/test-utils.ts';
import { EduDownloadDialog, safeLinkUrl } from './download-dialog.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-download-dialog', EduDownloadDialog);

function card(el: EduDownloadDialog, kind: 'installer' | 'portable'): HTMLElement {
  return q(el, `[part="card"][data-kind="${kind}"]`)!;
}

async function opened(
  props: Partial<
    Pick<EduDownloadDialog, 'installerUrl' | 'portableUrl' | 'version' | 'installerSize' | 'portableSize'>
  > = {
    installerUrl: '/downloads/edu-setup.exe',
    portableUrl: 'https://cdn.example.com/edu-portable.zip',
  },
): Promise<EduDownloadDialog> {
  const el = await fixture<EduDownloadDialog>(html`<edu-download-dialog></edu-download-dialog>`);
  Object.assign(el, props);
  return showSettled(el);
}

describe('<edu-download-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduDownloadDialog>(
        html`<edu-download-dialog installer-url="/downloads/edu-setup.exe"></edu-download-dialog>`,
      ),
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('renders nothing in the dialog while closed', async () => {
    const el = await fixture<EduDownloadDialog>(
      html`<edu-download-dialog installer-url="/a.exe" portable-url="/b.zip"></edu-download-dialog>`,
    );
    expect(dialogOf(el).open).to.equal(false);
    expect(q(el, '[part="card"]')).to.equal(null);
  });

  it('shows two download cards with descriptions, sizes, version and the requirement', async () => {
    const el = await opened({
      installerUrl: '/downloads/edu-setup.exe',
      portableUrl: 'https://cdn.example.com/edu-portable.zip',
      version: '2.0.1',
      installerSize: '86 MB',
      portableSize: '92 MB',
    });
    expect(dialogOf(el).title).to.equal('下载客户端');
    const installer = card(el, 'installer') as HTMLAnchorElement;
    const portable = card(el, 'portable') as HTMLAnchorElement;
    expect(installer.localName).to.equal('a');
    expect(installer.href).to.equal(new URL('/downloads/edu-setup.exe', document.baseURI).href);
    expect(installer.hasAttribute('download')).to.equal(true);
    expect(portable.href).to.equal('https://cdn.example.com/edu-portable.zip');
    expect(portable.hasAttribute('download')).to.equal(true);
    expect(installer.querySelector('[part="card-title"]')!.textContent).to.equal('安装版');
    expect(installer.querySelector('[part="card-description"]')!.textContent).to.equal('安装到电脑，开机即可使用');
    expect(installer.textContent).to.contain('(86 MB)');
    expect(portable.querySelector('[part="card-title"]')!.textContent).to.equal('免安装版 (绿色版)');
    expect(portable.querySelector('[part="card-description"]')!.textContent).to.equal('解压即用，无需安装');
    expect(portable.textContent).to.contain('(92 MB)');
    const meta = q(el, '[part="meta"]')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(meta).to.equal('版本 2.0.1 适用于 Windows 7 及以上');
  });

  it('leaves the version and sizes out when not given', async () => {
    const el = await opened();
    expect(q(el, '.version')).to.equal(null);
    expect(q(el, '.size')).to.equal(null);
    expect(q(el, '.requirement')!.textContent).to.equal('适用于 Windows 7 及以上');
  });

  it('refuses addresses that are not http(s): the card is shown disabled as not offered', async () => {
    const el = await opened({ installerUrl: 'javascript:alert(1)', portableUrl: '  JaVaScRiPt:alert(2)' });
    for (const kind of ['installer', 'portable'] as const) {
      const c = card(el, kind);
      expect(c.localName).to.equal('div');
      expect(c.getAttribute('aria-disabled')).to.equal('true');
      expect(c.textContent).to.contain('暂未提供');
    }
    expect(el.shadowRoot!.querySelector('a')).to.equal(null);
    el.installerUrl = 'data:text/html,<script>alert(1)</script>';
    el.portableUrl = 'file:///C:/setup.exe';
    await settle(el);
    expect(el.shadowRoot!.querySelector('a')).to.equal(null);
  });

  it('shows a card without an address as not offered, and the other one as a link', async () => {
    const el = await opened({ installerUrl: 'https://example.com/setup.exe', portableUrl: '' });
    expect(card(el, 'installer').localName).to.equal('a');
    expect(card(el, 'portable').localName).to.equal('div');
    expect(card(el, 'portable').textContent).to.contain('暂未提供');
    expect(card(el, 'portable').textContent).to.not.contain('下载');
  });

  it('safeLinkUrl keeps http(s) and page-relative addresses only', () => {
    expect(safeLinkUrl('https://a.example/x.zip')).to.equal('https://a.example/x.zip');
    expect(safeLinkUrl('http://a.example/x.zip')).to.equal('http://a.example/x.zip');
    expect(safeLinkUrl('/files/x.exe')).to.equal(new URL('/files/x.exe', document.baseURI).href);
    expect(safeLinkUrl('x.exe')).to.equal(new URL('x.exe', document.baseURI).href);
    expect(safeLinkUrl('javascript:alert(1)')).to.equal(null);
    expect(safeLinkUrl('\u0000javascript:alert(1)')).to.equal(null);
    expect(safeLinkUrl('vbscript:x')).to.equal(null);
    expect(safeLinkUrl('data:application/octet-stream,x')).to.equal(null);
    expect(safeLinkUrl('')).to.equal(null);
    expect(safeLinkUrl('   ')).to.equal(null);
    expect(safeLinkUrl(undefined)).to.equal(null);
  });

  it('closes like the other dialogs: edu-request-close (cancelable) then edu-close', async () => {
    const el = await opened();
    const request = oneEvent(el, 'edu-request-close');
    q<EduDialog>(el, 'edu-dialog')!.shadowRoot!.querySelector<HTMLButtonElement>('[part="close"]')!.click();
    const event = await request;
    expect(event.detail.source).to.equal('close-button');
    expect(event.cancelable).to.equal(true);
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('a vetoed close keeps it open', async () => {
    const el = await opened();
    el.addEventListener('edu-request-close', (e) => e.preventDefault(), { once: true });
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(true);
  });

  it('works by keyboard: Tab reaches both cards, Enter follows the link, Escape closes', async () => {
    const el = await opened();
    const installer = card(el, 'installer');
    const portable = card(el, 'portable');
    const followed: string[] = [];
    for (const link of [installer, portable]) {
      link.addEventListener('click', (e) => {
        followed.push((e.currentTarget as HTMLElement).dataset['kind']!);
        e.preventDefault(); // no real download in the test
      });
    }
    expect(await tabTo(installer, 8)).to.equal(describeNode(installer));
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal(describeNode(portable));
    await sendKeys({ press: 'Enter' });
    expect(followed).to.deep.equal(['installer', 'portable']);
    const closed = oneEvent(el, 'edu-close');
    await sendKeys({ press: 'Escape' });
    expect((await closed).detail.source).to.equal('escape');
    expect(el.open).to.equal(false);
  });

  const installerTitle: Record<Lang, string> = { 'zh-CN': '安装版', en: 'Installer', 'zh-HK': '安裝版' };
  itInLocales('passes axe', async (lang) => {
    const el = await opened({
      installerUrl: '/downloads/edu-setup.exe',
      portableUrl: 'javascript:void(0)',
      version: '2.0.1',
      installerSize: '86 MB',
    });
    expect(card(el, 'installer').querySelector('[part="card-title"]')!.textContent).to.equal(installerTitle[lang]);
    await expect(el).to.be.accessible();
  });
});
