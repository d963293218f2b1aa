import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../index.ts';
import type { EduAboutDialog } from '../about-dialog/about-dialog.ts';
import type { EduFooter, FooterMessage } from './footer.ts';
import { switchLanguage, waitUntil } from '../internal/test-utils.ts';

/** A site-relative address, as the seeded badge's `/api/storage/show/{id}`. */
const BADGE = '/api/storage/show/999999';

/** The seeded school's footerMsg (packages/server/src/db/seed-data.ts), shape for shape. */
const footerMsg = (): FooterMessage => ({
  show: true,
  showBaMsg: true,
  baList: [
    { baUrl: 'https://beian.miit.gov.cn/', baImg: '', baContent: '浙ICP备2026000001号', showImg: false },
    {
      baUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=33010802000001',
      baImg: BADGE,
      baContent: '浙公网安备33010802000001号',
      showImg: true,
    },
  ],
  copyright: '版权所有 © 2019-2026 滨江区实验中学|||Copyright © 2019-2026 Binjiang Experimental Middle School',
  helpCenter: true,
  conectNZ: '技术支持：0571-8666 2026|||Support: +86 571 8666 2026',
});

const q = <T extends Element = HTMLElement>(el: EduFooter, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector);

describe('<edu-footer>', () => {
  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('shows the copyright and contact line of footerMsg in the language in force', async () => {
    const el = await fixture<EduFooter>(html`<edu-footer .footerMsg=${footerMsg()}></edu-footer>`);
    expect(q(el, '[part="copyright"]')!.textContent).to.equal('版权所有 © 2019-2026 滨江区实验中学');
    expect(q(el, '[part="contact"]')!.textContent).to.equal('技术支持：0571-8666 2026');
    await switchLanguage('en');
    await el.updateComplete;
    expect(q(el, '[part="copyright"]')!.textContent).to.equal(
      'Copyright © 2019-2026 Binjiang Experimental Middle School',
    );
    expect(q(el, '[part="help"]')!.textContent!.trim()).to.equal('Help centre');
    await switchLanguage('zh-HK');
    await el.updateComplete;
    // zh-HK takes the first part, as the spec says of bilingual texts, in traditional characters.
    expect(q(el, '[part="copyright"]')!.textContent).to.equal('版權所有 © 2019-2026 濱江區實驗中學');
    expect(q(el, '[part="help"]')!.textContent!.trim()).to.equal('幫助中心');
  });

  it('lists the record-filing entries as links, with the badge only where showImg is set', async () => {
    const el = await fixture<EduFooter>(html`<edu-footer .footerMsg=${footerMsg()}></edu-footer>`);
    const entries = Array.from(el.shadowRoot!.querySelectorAll('[part="filing"]'));
    expect(entries.length).to.equal(2);
    const [icp, police] = entries.map((e) => e.querySelector('a')!);
    expect(icp!.href).to.equal('https://beian.miit.gov.cn/');
    expect(icp!.target).to.equal('_blank');
    expect(icp!.rel).to.contain('noopener');
    expect(icp!.querySelector('img')).to.equal(null);
    expect(icp!.textContent!.trim()).to.equal('浙ICP备2026000001号');
    expect(police!.querySelector('img')!.getAttribute('src')).to.equal(new URL(BADGE, location.href).href);
    expect(police!.querySelector('img')!.getAttribute('alt')).to.equal('');
    expect(q(el, '[part="filings"]')!.getAttribute('aria-label')).to.equal('备案信息');
  });

  it('hides the entries when showBaMsg is off, and everything when show is false', async () => {
    const el = await fixture<EduFooter>(
      html`<edu-footer .footerMsg=${{ ...footerMsg(), showBaMsg: false }}></edu-footer>`,
    );
    expect(q(el, '[part="filings"]')).to.equal(null);
    expect(q(el, '[part="copyright"]')).to.not.equal(null);
    el.footerMsg = { ...footerMsg(), show: false };
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('footer')).to.equal(null);
  });

  it('renders server values as text: no markup, and only http(s) addresses become links', async () => {
    const el = await fixture<EduFooter>(html`
      <edu-footer
        .copyright=${'<img src=x onerror=alert(1)>'}
        .baList=${[
          { baUrl: 'javascript:alert(1)', baContent: '<b>备案</b>', baImg: 'javascript:alert(2)', showImg: true },
        ]}
      ></edu-footer>
    `);
    expect(q(el, '[part="copyright"]')!.textContent).to.equal('<img src=x onerror=alert(1)>');
    expect(el.shadowRoot!.querySelector('[part="copyright"] img')).to.equal(null);
    const entry = q(el, '[part="filing"]')!;
    expect(entry.querySelector('a')).to.equal(null);
    expect(entry.querySelector('img')).to.equal(null);
    expect(entry.textContent!.trim()).to.equal('<b>备案</b>');
  });

  it('help centre: a link with help-href (target from help-target), else a button firing edu-help', async () => {
    const el = await fixture<EduFooter>(html`<edu-footer help-center></edu-footer>`);
    const button = q<HTMLButtonElement>(el, 'button[part="help"]')!;
    const help = oneEvent(el, 'edu-help');
    button.click();
    await help;
    el.helpHref = 'https://help.edu-portal.test/?redUrl=x&unitId=1';
    el.helpTarget = '_self';
    await el.updateComplete;
    const link = q<HTMLAnchorElement>(el, 'a[part="help"]')!;
    expect(link.href).to.equal('https://help.edu-portal.test/?redUrl=x&unitId=1');
    expect(link.target).to.equal('_self');
    el.helpCenter = false;
    await el.updateComplete;
    expect(q(el, '[part="help"]')).to.equal(null);
  });

  it("a plain click on the help link fires edu-help; preventing it stops the navigation (the help centre's handover token)", async () => {
    const start = location.hash;
    const el = await fixture<EduFooter>(
      html`<edu-footer help-center help-href="#footer-help-opened" help-target="_self"></edu-footer>`,
    );
    const link = q<HTMLAnchorElement>(el, 'a[part="help"]')!;
    let seen = 0;
    const prevent = (event: Event) => {
      seen += 1;
      expect(event.cancelable).to.equal(true);
      event.preventDefault();
    };
    el.addEventListener('edu-help', prevent);
    link.click();
    expect(seen).to.equal(1);
    expect(location.hash).to.equal(start, 'the host opened it: the link did not navigate');
    // A click with a modifier is the browser's (a new tab): no event. (The test itself stops that tab opening.)
    const noTab = (event: Event) => event.preventDefault();
    el.addEventListener('click', noTab);
    link.dispatchEvent(
      new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, ctrlKey: true, button: 0 }),
    );
    el.removeEventListener('click', noTab);
    expect(seen).to.equal(1);
    // A host that does not prevent it leaves the link to navigate.
    el.removeEventListener('edu-help', prevent);
    const help = oneEvent(el, 'edu-help');
    link.click();
    await help;
    expect(location.hash).to.equal('#footer-help-opened');
    history.replaceState(history.state, '', `${location.pathname}${location.search}${start}`);
  });

  it('the version opens the about dialog of its service, loaded on first use; edu-show-about can prevent it', async () => {
    const el = await fixture<EduFooter>(
      html`<edu-footer version="2.0.0" code="base" root="pages" company="滨江教育"></edu-footer>`,
    );
    const version = q<HTMLButtonElement>(el, '[part="version"]')!;
    expect(version.textContent!.replace(/\s+/g, ' ').trim()).to.equal('版本 V2.0.0');
    expect(version.getAttribute('aria-haspopup')).to.equal('dialog');
    // Not rendered (nor loaded by the footer) before the user asks for it.
    expect(q(el, 'edu-about-dialog')).to.equal(null);
    const leaked: string[] = [];
    for (const type of ['edu-open', 'edu-close']) el.addEventListener(type, () => leaked.push(type));
    let veto = true;
    el.addEventListener('edu-show-about', (e) => {
      if (veto) e.preventDefault();
    });
    version.click();
    await el.updateComplete;
    expect(q(el, 'edu-about-dialog')).to.equal(null);
    veto = false;
    version.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => q<EduAboutDialog>(el, 'edu-about-dialog')?.open === true, 'the about dialog');
    const about = q<EduAboutDialog>(el, 'edu-about-dialog')!;
    expect(about.matches(':defined')).to.equal(true);
    // The reference server's versions of the service.
    await waitUntil(() => typeof about.info?.server?.serverVersion === 'string', 'the versions');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !about.open, 'the about dialog to close');
    expect(leaked).to.deep.equal([]);
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`passes axe in ${lang}`, async () => {
      await switchLanguage(lang);
      const el = await fixture<EduFooter>(html`<edu-footer .footerMsg=${footerMsg()} version="2.0.0"></edu-footer>`);
      await expect(el).to.be.accessible();
    });
  }
});
