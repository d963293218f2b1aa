import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { EduColorPicker } from '../color-picker/color-picker.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { dialogOf, itInLocales, nextFrame, q, settle, switchLanguage } from '../internal/test-utils.ts';
import { EduThemeDialog, type EduThemeConfirmDetail } from './theme-dialog.ts';
import { EduHeader } from '../header/header.ts';
import { themePalette, usableThemeColor } from '@edu-portal/core/theme/theme.ts';
import { WHITE, contrastRatio, parseHex } from '@edu-portal/core/theme/color.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-color-picker', EduColorPicker);
defineElement('edu-theme-dialog', EduThemeDialog);
defineElement('edu-header', EduHeader);

function radio(el: EduThemeDialog, theme: string): HTMLInputElement {
  return q<HTMLInputElement>(el, `[data-theme="${theme}"] input`)!;
}

async function opened(theme = '#457CD6', layout: 'top' | 'left' = 'top', admin = false): Promise<EduThemeDialog> {
  const el = await fixture<EduThemeDialog>(
    html`<edu-theme-dialog .theme=${theme} .layout=${layout} ?admin=${admin}></edu-theme-dialog>`,
  );
  await el.show();
  await dialogOf(el).updateComplete;
  await nextFrame();
  return el;
}

describe('<edu-theme-dialog>', () => {
  runOverlaySuite({
    fixture: () => fixture<EduThemeDialog>(html`<edu-theme-dialog theme="#457CD6"></edu-theme-dialog>`),
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('shows the groups in order with the preset colours, and checks the theme in force', async () => {
    const el = await opened();
    const groups = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('fieldset[part="group"]'));
    expect(groups.map((g) => g.dataset['group'])).to.deep.equal(['classic', 'stage', 'color', 'custom']);
    const themes = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="swatch"]')).map(
      (s) => s.dataset['theme'],
    );
    expect(themes).to.deep.equal(['ink', 'lotus', 'cartoon', '#e31d1a', '#457CD6', '#49C1D9', '#4DB021', 'custom']);
    expect(radio(el, '#457CD6').checked).to.equal(true);
    expect(q(el, '[role="radiogroup"]')!.getAttribute('aria-label')).to.equal('主题');
  });

  it('offers the layout choice only for colour themes', async () => {
    const el = await opened('#457CD6', 'left');
    expect(q(el, '[part="layout"]')).to.not.equal(null);
    expect(q<HTMLInputElement>(el, 'input[name="layout"][value="left"]')!.checked).to.equal(true);
    radio(el, 'ink').click();
    await settle(el);
    expect(q(el, '[part="layout"]')).to.equal(null);
    radio(el, 'cartoon').click();
    await settle(el);
    expect(q(el, '[part="layout"]')).to.equal(null);
    radio(el, '#4DB021').click();
    await settle(el);
    expect(q(el, '[part="layout"]')).to.not.equal(null);
    expect(el.value).to.deep.equal({ theme: '#4DB021', layout: 'left', syncAll: false });
  });

  it('confirms with theme, layout and no sync for non-admins', async () => {
    const el = await opened();
    expect(q(el, '[part="sync"]')).to.equal(null);
    radio(el, '#e31d1a').click();
    await settle(el);
    q<HTMLInputElement>(el, 'input[name="layout"][value="left"]')!.click();
    await settle(el);
    setTimeout(() => q(el, '[part="confirm"]')!.click());
    const event = await oneEvent(el, 'edu-theme-confirm');
    expect(event.cancelable && event.bubbles && event.composed).to.equal(true);
    expect(event.detail).to.deep.equal({ theme: '#e31d1a', layout: 'left', syncAll: false });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('lets an admin sync for all users, and a vetoed confirm stays open', async () => {
    const el = await opened('ink', 'top', true);
    const sync = q<HTMLInputElement>(el, '[part="sync"] input')!;
    sync.click();
    await settle(el);
    el.addEventListener('edu-theme-confirm', (e) => e.preventDefault(), { once: true });
    setTimeout(() => q(el, '[part="confirm"]')!.click());
    const event = await oneEvent(el, 'edu-theme-confirm');
    expect(event.detail).to.deep.equal({ theme: 'ink', layout: 'top', syncAll: true } as EduThemeConfirmDetail);
    await settle(el);
    expect(el.open).to.equal(true);
  });

  it('takes a custom colour from the colour picker', async () => {
    const el = await opened();
    const picker = q<EduColorPicker>(el, 'edu-color-picker')!;
    let leaked = 0;
    el.addEventListener('edu-change', () => leaked++);
    picker.dispatchEvent(
      new CustomEvent('edu-change', {
        detail: { color: '#123456', fontSize: '14px', fontFamily: '' },
        bubbles: true,
        composed: true,
      }),
    );
    await settle(el);
    expect(leaked).to.equal(0);
    expect(radio(el, 'custom').checked).to.equal(true);
    expect(el.value.theme).to.equal('#123456');
    expect(q(el, '[part="layout"]')).to.not.equal(null);
    radio(el, 'lotus').click();
    await settle(el);
    radio(el, 'custom').click();
    await settle(el);
    expect(el.value.theme).to.equal('#123456');
  });

  it('opens on a custom theme in force and resets the draft on cancel', async () => {
    const el = await opened('#abcdef');
    expect(radio(el, 'custom').checked).to.equal(true);
    radio(el, 'ink').click();
    await settle(el);
    q(el, '[part="cancel"]')!.click();
    await settle(el);
    expect(el.open).to.equal(false);
    await el.show();
    await settle(el);
    expect(radio(el, 'custom').checked).to.equal(true);
    expect(el.value.theme).to.equal('#abcdef');
  });

  it('works by keyboard: arrows move between swatches, Escape closes', async () => {
    const el = await opened('#457CD6');
    radio(el, '#457CD6').focus();
    await sendKeys({ press: 'ArrowRight' });
    await settle(el);
    expect(el.value.theme).to.equal('#49C1D9');
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  itInLocales('passes axe', async () => {
    const el = await opened('#457CD6', 'top', true);
    await expect(el).to.be.accessible();
  });
});

describe('<edu-theme-dialog> custom theme colour', () => {
  afterEach(() => fixtureCleanup());

  const picker = (el: EduThemeDialog) => q<EduColorPicker>(el, 'edu-color-picker')!;
  const rgb = (css: string) => {
    const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number];
    return { r, g, b };
  };

  /** Chooses `color` through the picker's "more colours" input, as a user does. */
  async function chooseMore(el: EduThemeDialog, color: string): Promise<string> {
    const input = picker(el).shadowRoot!.querySelector<HTMLInputElement>('.more input')!;
    const changed = oneEvent(picker(el), 'edu-change');
    input.value = color;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return (await changed).detail.color;
  }

  it('uses the theme-colour picker: default #457CD6 and only usable swatches', async () => {
    const el = await opened();
    const p = picker(el);
    expect(p.mode).to.equal('theme');
    expect(p.defaultColor.toLowerCase()).to.equal('#457cd6');
    const chip = p.shadowRoot!.querySelector<HTMLElement>('.default .chip')!;
    expect(getComputedStyle(chip).backgroundColor).to.equal('rgb(69, 124, 214)');
    const swatches = Array.from(p.shadowRoot!.querySelectorAll<HTMLElement>('.swatch'));
    expect(swatches.length).to.be.greaterThan(5);
    for (const swatch of swatches) {
      const color = swatch.style.getPropertyValue('--swatch');
      expect(usableThemeColor(color).adjusted, color).to.equal(false);
    }
    expect(p.shadowRoot!.querySelector('[data-group="standard"]'), 'no text colours').to.equal(null);
  });

  for (const chosen of ['#000000', '#ffffff', '#fff9c4', '#0a0a1e']) {
    it(`adjusts ${chosen} into a theme with readable header text and counts, and says so`, async () => {
      const el = await opened();
      const color = await chooseMore(el, chosen);
      await picker(el).updateComplete;
      expect(color).to.not.equal(chosen);
      expect(picker(el).shadowRoot!.querySelector('.note')!.textContent).to.contain(color);
      expect(el.value.theme).to.equal(color);
      // The theme it makes: the bar in the dark variant, with the header's own counts on it.
      const palette = themePalette(color);
      expect(contrastRatio(parseHex(palette.dark)!, WHITE), 'white header text').to.be.at.least(4.5);
      expect(contrastRatio(parseHex(palette.primary)!, WHITE), 'the colour on white').to.be.at.least(3);
      const header = await fixture<EduHeader>(
        html`<edu-header
          style="--edu-header-background: ${palette.dark}"
          .user=${{ realName: '王老师', userType: 2, unitType: 2, unitName: '实验小学' }}
          message-count="7"
        ></edu-header>`,
      );
      await header.updateComplete;
      const badge = header.shadowRoot!.querySelector<HTMLElement>('.messages .badge')!;
      const style = getComputedStyle(badge);
      expect(contrastRatio(rgb(style.color), rgb(style.backgroundColor)), 'count text').to.be.at.least(4.5);
      expect(contrastRatio(rgb(style.backgroundColor), parseHex(palette.dark)!), 'count on the bar').to.be.at.least(3);
      expect(contrastRatio(rgb(getComputedStyle(header).color), parseHex(palette.dark)!)).to.be.at.least(4.5);
    });
  }

  it('keeps a usable colour as chosen, without a note', async () => {
    const el = await opened();
    const color = await chooseMore(el, '#3d8b27');
    await picker(el).updateComplete;
    expect(color).to.equal('#3d8b27');
    expect(picker(el).shadowRoot!.querySelector('.note')!.textContent).to.equal('');
  });
});
