import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { licenceExpiredText } from '@edu-portal/core/identity/licence.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { describeNode, dialogOf, itInLocales, q, settle, showSettled, switchLanguage } from '../internal/test-utils.ts';
import { EduLicenceDialog } from './licence-dialog.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-licence-dialog', EduLicenceDialog);

function inner(el: EduLicenceDialog, part: string): HTMLElement | null {
  return dialogOf(el).shadowRoot!.querySelector<HTMLElement>(`[part="${part}"]`);
}

async function opened(homeHref = '', moduleName = ''): Promise<EduLicenceDialog> {
  const el = await fixture<EduLicenceDialog>(
    html`<div>
      <button id="outside">outside</button>
      <edu-licence-dialog .homeHref=${homeHref} .moduleName=${moduleName}></edu-licence-dialog>
    </div>`,
  ).then((wrapper) => wrapper.querySelector('edu-licence-dialog')!);
  return showSettled(el);
}

describe('<edu-licence-dialog>', () => {
  runOverlaySuite({
    fixture: () => fixture<EduLicenceDialog>(html`<edu-licence-dialog></edu-licence-dialog>`),
    blocking: true,
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it("shows core's expiry text in the language in force, live", async () => {
    const el = await opened();
    const message = () => q(el, '[part="message"]')!.textContent!.trim();
    expect(message()).to.equal(licenceExpiredText('zh-CN'));
    expect(dialogOf(el).title).to.equal('模块已过期');
    for (const lang of ['en', 'zh-HK', 'zh-CN'] as const) {
      await switchLanguage(lang);
      await settle(el);
      expect(message()).to.equal(licenceExpiredText(lang));
    }
  });

  it('is modal and has no close button', async () => {
    const el = await opened();
    const native = dialogOf(el).shadowRoot!.querySelector('dialog')!;
    expect(native.matches(':modal')).to.equal(true);
    const close = inner(el, 'close')!;
    expect(getComputedStyle(close).display).to.equal('none');
    expect(close.getBoundingClientRect().width).to.equal(0);
    expect(inner(el, 'move')).to.equal(null);
  });

  it('shows the module name beside the text when given', async () => {
    const el = await opened('', '作业管理');
    expect(q(el, '[part="module"]')!.textContent!.replace(/\s+/g, '')).to.equal('模块：作业管理');
    el.moduleName = '';
    await settle(el);
    expect(q(el, '[part="module"]')).to.equal(null);
  });

  it('Escape (pressed twice) and clicks outside do nothing', async () => {
    const el = await opened();
    let requests = 0;
    let closes = 0;
    el.addEventListener('edu-request-close', () => requests++);
    el.addEventListener('edu-close', () => closes++);
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    await sendMouse({ type: 'click', position: [5, 5] });
    await sendMouse({ type: 'click', position: [innerWidth - 5, innerHeight - 5] });
    await settle(el);
    expect(el.open).to.equal(true);
    expect(dialogOf(el).shadowRoot!.querySelector('dialog')!.open).to.equal(true);
    expect(requests + closes).to.equal(0);
  });

  it('vetoes any close request of the inner dialog (requestClose() included)', async () => {
    const el = await opened();
    expect(await dialogOf(el).requestClose()).to.equal(false);
    await settle(el);
    expect(el.open).to.equal(true);
  });

  it('keeps focus inside: Tab cycles on the "返回桌面" link, the only way out', async () => {
    const el = await opened('/#/desktop');
    const home = q<HTMLAnchorElement>(el, '[part="home"]')!;
    expect(home.href).to.equal(new URL('/#/desktop', document.baseURI).href);
    expect(home.textContent!.trim()).to.equal('返回桌面');
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: i % 2 ? 'Shift+Tab' : 'Tab' });
      expect(describeNode(deepActiveElement())).to.equal(describeNode(home));
    }
    let followed = 0;
    home.addEventListener('click', (e) => {
      followed++;
      e.preventDefault(); // the test page stays
    });
    await sendKeys({ press: 'Enter' });
    expect(followed).to.equal(1);
  });

  it('without a home link, Tab keeps focus on the dialog itself', async () => {
    const el = await opened();
    expect(q(el, '[part="home"]')).to.equal(null);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    const native = dialogOf(el).shadowRoot!.querySelector('dialog')!;
    expect(describeNode(deepActiveElement())).to.equal(describeNode(native));
  });

  it('refuses an unsafe home address', async () => {
    const el = await opened('javascript:alert(1)');
    expect(q(el, '[part="home"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('a')).to.equal(null);
  });

  it('closes only when the host says so', async () => {
    const el = await opened();
    const closed = oneEvent(el, 'edu-close');
    el.open = false;
    expect((await closed).detail.source).to.equal('api');
    await settle(el);
    expect(dialogOf(el).open).to.equal(false);
  });

  itInLocales('passes axe', async (lang) => {
    const el = await opened('/#/desktop', 'Homework');
    expect(q(el, '[part="message"]')!.textContent!.trim()).to.equal(licenceExpiredText(lang));
    await expect(el).to.be.accessible();
  });
});
