import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../index.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import type { EduColorChangeDetail, EduColorPicker } from './color-picker.ts';
import { applyVariation, normalizeColor, themeGrid, defaultThemeColors, variationsFor } from './palette.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { openOverlays, topOverlay } from '../internal/overlay-stack.ts';
import { center, describeNode, nextFrame, switchLanguage, usePointerPage, waitUntil } from '../internal/test-utils.ts';

const W = 1000;
const H = 700;

function parts(el: EduColorPicker) {
  const root = el.shadowRoot!;
  return {
    trigger: root.querySelector<HTMLButtonElement>('[part="trigger"]')!,
    panel: root.querySelector<HTMLElement>('[part="panel"]')!,
    default: root.querySelector<HTMLButtonElement>('[part="default"]')!,
    theme: root.querySelector<HTMLElement>('.grid[data-group="theme"]')!,
    standard: root.querySelector<HTMLElement>('.grid[data-group="standard"]')!,
    more: root.querySelector<HTMLInputElement>('[part="more"] input')!,
    sizes: root.querySelector<HTMLSelectElement>('[part="fonts"] label:nth-child(1) select'),
    selects: Array.from(root.querySelectorAll<HTMLSelectElement>('[part="fonts"] select')),
    swatches: (group: 'theme' | 'standard') =>
      Array.from(root.querySelectorAll<HTMLElement>(`.grid[data-group="${group}"] .swatch`)),
  };
}

async function openPicker(el: EduColorPicker): Promise<void> {
  await sendMouse({ type: 'click', position: center(parts(el).trigger) });
  await el.updateComplete;
  await waitUntil(() => parts(el).panel.matches(':popover-open'), 'the panel to open');
  await nextFrame();
  await nextFrame();
}

const within = (inner: DOMRect, outer: { width: number; height: number }) =>
  inner.left >= 0 && inner.top >= 0 && inner.right <= outer.width && inner.bottom <= outer.height;

describe('<edu-color-picker>', () => {
  usePointerPage(W, H);

  describe('palette', () => {
    it('normalises colours to #rrggbb', () => {
      expect(normalizeColor('#ABC')).to.equal('#aabbcc');
      expect(normalizeColor('#FF0000')).to.equal('#ff0000');
      expect(normalizeColor('red')).to.equal('#ff0000');
      expect(normalizeColor('rgb(0, 128, 0)')).to.equal('#008000');
      expect(normalizeColor('not a colour')).to.equal(null);
      expect(normalizeColor('')).to.equal(null);
      expect(normalizeColor(12)).to.equal(null);
    });

    it('derives five tints and shades per theme colour, by lightness, as office suites do', () => {
      expect(variationsFor('#000000').map((v) => `${v.kind}${v.percent}`)).to.deep.equal([
        'lighter50',
        'lighter35',
        'lighter25',
        'lighter15',
        'lighter5',
      ]);
      expect(variationsFor('#ffffff')[0]).to.deep.equal({ kind: 'darker', percent: 5 });
      expect(variationsFor('#4472c4').map((v) => v.kind)).to.deep.equal([
        'lighter',
        'lighter',
        'lighter',
        'darker',
        'darker',
      ]);
      expect(applyVariation('#000000', { kind: 'lighter', percent: 50 })).to.equal('#808080');
      expect(applyVariation('#ffffff', { kind: 'darker', percent: 50 })).to.equal('#808080');
      // Office's "Blue, Accent 1, Lighter 80 %" is #dae3f3 (one step of rounding either way).
      const tint = applyVariation('#4472c4', { kind: 'lighter', percent: 80 });
      expect(parseInt(tint.slice(1, 3), 16)).to.be.within(0xd9, 0xdb);
      const grid = themeGrid(defaultThemeColors());
      expect(grid.length).to.equal(6);
      expect(grid.every((row) => row.length === 10)).to.equal(true);
      expect(grid[1]![4]!.label).to.equal('蓝色，浅色 80%');
    });
  });

  describe('trigger and panel', () => {
    it('defaults to black, named "颜色：默认颜色", and opens a labelled popover panel registered in the overlay stack', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker></edu-color-picker>`);
      const p = parts(el);
      expect(el.value).to.equal('#000000');
      expect(p.trigger.getAttribute('aria-label')).to.equal('颜色：默认颜色');
      expect(p.trigger.getAttribute('aria-expanded')).to.equal('false');
      expect(p.panel.matches(':popover-open')).to.equal(false);
      await openPicker(el);
      expect(el.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      expect(p.trigger.getAttribute('aria-expanded')).to.equal('true');
      expect(p.panel.getAttribute('role')).to.equal('dialog');
      expect(p.panel.getAttribute('aria-label')).to.equal('选择颜色');
      expect(topOverlay()?.element).to.equal(el);
      expect(topOverlay()?.kind).to.equal('popup');
      // The default colour is chosen, and nothing else, so focus starts on the default button.
      expect(describeNode(deepActiveElement())).to.equal(describeNode(p.default));
      expect(p.default.getAttribute('aria-pressed')).to.equal('true');
      expect(p.swatches('theme').length).to.equal(60);
      expect(p.swatches('standard').length).to.equal(10);
      expect(p.theme.getAttribute('role')).to.equal('radiogroup');
      expect(p.theme.getAttribute('aria-labelledby')).to.equal('label-theme');
      expect(el.shadowRoot!.getElementById('label-theme')!.textContent).to.equal('主题颜色');
      expect(el.shadowRoot!.getElementById('label-standard')!.textContent).to.equal('标准色');
    });

    it('a click on a swatch fires edu-change {color, fontSize, fontFamily}, closes, and focus goes back to the trigger', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker label="文字颜色"></edu-color-picker>`);
      await openPicker(el);
      const red = parts(el).swatches('standard')[1]!;
      expect(red.getAttribute('aria-label')).to.equal('红色');
      const changed = oneEvent(el, 'edu-change');
      await sendMouse({ type: 'click', position: center(red) });
      const event = await changed;
      expect(event.detail).to.deep.equal({ color: '#ff0000', fontSize: '14px', fontFamily: '' });
      expect(event.bubbles && event.composed).to.equal(true);
      await el.updateComplete;
      expect(el.value).to.equal('#ff0000');
      expect(el.open).to.equal(false);
      expect(parts(el).panel.matches(':popover-open')).to.equal(false);
      expect(openOverlays().some((o) => o.element === el)).to.equal(false);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(parts(el).trigger));
      expect(parts(el).trigger.getAttribute('aria-label')).to.equal('文字颜色：红色');
    });

    it('the default-colour button chooses black again', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker value="#0070c0"></edu-color-picker>`);
      await openPicker(el);
      const changed = oneEvent(el, 'edu-change');
      await sendMouse({ type: 'click', position: center(parts(el).default) });
      expect((await changed).detail.color).to.equal('#000000');
    });

    it('a click outside closes without choosing; Escape closes and gives focus back', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker value="#ff0000"></edu-color-picker>`);
      let changes = 0;
      el.addEventListener('edu-change', () => changes++);
      await openPicker(el);
      await sendMouse({ type: 'click', position: [W - 5, H - 5] });
      await el.updateComplete;
      expect(el.open).to.equal(false);
      await openPicker(el);
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(parts(el).trigger));
      expect(changes).to.equal(0);
      expect(el.value).to.equal('#ff0000');
    });

    it('ArrowDown on the trigger opens the panel; a disabled picker does not open', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker></edu-color-picker>`);
      parts(el).trigger.focus();
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      expect(el.open).to.equal(true);
      await sendKeys({ press: 'Escape' });
      el.disabled = true;
      await el.updateComplete;
      expect(parts(el).trigger.disabled).to.equal(true);
      await el.show();
      expect(el.open).to.equal(false);
    });
  });

  describe('keyboard', () => {
    it('each group is one Tab stop; arrows move and check, Home and End jump, Enter chooses', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker value="#4472c4"></edu-color-picker>`);
      await openPicker(el);
      const theme = parts(el).swatches('theme');
      const tabStops = () => theme.filter((s) => s.tabIndex === 0).length;
      // The chosen swatch (blue, base row) has focus and is the group's only Tab stop.
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[4]));
      expect(theme[4]!.getAttribute('aria-checked')).to.equal('true');
      expect(tabStops()).to.equal(1);

      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[5]));
      expect(theme[5]!.getAttribute('aria-checked')).to.equal('true');
      expect(theme[4]!.getAttribute('aria-checked')).to.equal('false');
      expect(tabStops()).to.equal(1);
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[15]));
      expect(theme[15]!.getAttribute('aria-label')).to.equal('橙色，浅色 80%');
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'ArrowUp' });
      await el.updateComplete;
      // Up from the top row wraps to the bottom of the column.
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[55]));
      await sendKeys({ press: 'Home' });
      await el.updateComplete;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[0]));
      await sendKeys({ press: 'ArrowLeft' });
      await el.updateComplete;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(theme[59]));
      await sendKeys({ press: 'End' });
      await el.updateComplete;
      // Nothing chosen yet.
      expect(el.value).to.equal('#4472c4');
      const changed = oneEvent(el, 'edu-change');
      await sendKeys({ press: 'Enter' });
      const detail = (await changed).detail as EduColorChangeDetail;
      expect(detail.color).to.equal(theme[59]!.style.getPropertyValue('--swatch'));
      expect(el.open).to.equal(false);
    });

    it('Tab goes default → theme group → standard group → more colours; Space chooses', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker></edu-color-picker>`);
      await openPicker(el);
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()?.closest('.grid')?.getAttribute('data-group')).to.equal('theme');
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement()?.closest('.grid')?.getAttribute('data-group')).to.equal('standard');
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'Tab' });
      expect(describeNode(deepActiveElement())).to.equal(describeNode(parts(el).more));
      await sendKeys({ press: 'Shift+Tab' });
      const changed = oneEvent(el, 'edu-change');
      await sendKeys({ press: ' ' });
      expect((await changed).detail.color).to.equal('#ff0000');
    });

    it('focus leaving the picker closes the panel', async () => {
      const el = await fixture<EduColorPicker>(
        html`<div><edu-color-picker></edu-color-picker><button>next</button></div>`,
      );
      const picker = el.querySelector('edu-color-picker')!;
      await openPicker(picker);
      el.querySelector('button')!.focus();
      await waitUntil(() => !picker.open, 'the panel to close');
    });
  });

  describe('more colours, sizes and fonts', () => {
    it('"more colours" is the native colour input; its change chooses the colour', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker></edu-color-picker>`);
      await openPicker(el);
      const more = parts(el).more;
      expect(more.type).to.equal('color');
      expect(more.closest('label')!.textContent!.trim()).to.equal('更多颜色…');
      const changed = oneEvent(el, 'edu-change');
      more.value = '#123456';
      more.dispatchEvent(new Event('input', { bubbles: true }));
      more.dispatchEvent(new Event('change', { bubbles: true }));
      expect((await changed).detail.color).to.equal('#123456');
      expect(el.value).to.equal('#123456');
      expect(parts(el).trigger.getAttribute('aria-label')).to.equal('颜色：#123456');
    });

    it('shows size (12–20 px) and font (the six families) only when asked, and reports them in edu-change', async () => {
      const plain = await fixture<EduColorPicker>(html`<edu-color-picker></edu-color-picker>`);
      await openPicker(plain);
      expect(parts(plain).selects.length).to.equal(0);
      fixtureCleanup();

      const el = await fixture<EduColorPicker>(
        html`<edu-color-picker show-font-size show-font-family font-size="16" value="#c00000"></edu-color-picker>`,
      );
      expect(el.fontSize).to.equal('16px');
      await openPicker(el);
      const [size, family] = parts(el).selects;
      expect(Array.from(size!.options, (o) => o.value)).to.deep.equal(['12px', '14px', '16px', '18px', '20px']);
      expect(size!.value).to.equal('16px');
      expect(Array.from(family!.options, (o) => o.value)).to.deep.equal([
        '',
        'SimSun',
        'KaiTi',
        'Microsoft YaHei',
        'SimHei',
        'LiSu',
        'STXingkai',
      ]);
      expect(Array.from(family!.options, (o) => o.textContent!.trim())).to.deep.equal([
        '默认字体',
        '宋体',
        '楷体',
        '微软雅黑',
        '黑体',
        '隶书',
        '华文行楷',
      ]);
      expect(size!.closest('label')!.textContent).to.contain('字号');
      let changed = oneEvent(el, 'edu-change');
      size!.value = '20px';
      size!.dispatchEvent(new Event('change'));
      expect((await changed).detail).to.deep.equal({ color: '#c00000', fontSize: '20px', fontFamily: '' });
      changed = oneEvent(el, 'edu-change');
      family!.value = 'KaiTi';
      family!.dispatchEvent(new Event('change'));
      expect((await changed).detail).to.deep.equal({ color: '#c00000', fontSize: '20px', fontFamily: 'KaiTi' });
      // Choosing a size keeps the panel open.
      expect(el.open).to.equal(true);
    });
  });

  describe('languages', () => {
    it('names everything in en and zh-HK', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker show-font-family></edu-color-picker>`);
      await switchLanguage('en');
      await el.updateComplete;
      await openPicker(el);
      const root = el.shadowRoot!;
      expect(parts(el).trigger.getAttribute('aria-label')).to.equal('Colour: Default colour');
      expect(root.getElementById('label-theme')!.textContent).to.equal('Theme colours');
      expect(root.getElementById('label-standard')!.textContent).to.equal('Standard colours');
      expect(parts(el).swatches('theme')[14]!.getAttribute('aria-label')).to.equal('Blue, Lighter 80%');
      expect(parts(el).swatches('standard')[9]!.getAttribute('aria-label')).to.equal('Purple');
      expect(parts(el).panel.getAttribute('aria-label')).to.equal('Choose a colour');
      expect(parts(el).selects[0]!.options[1]!.textContent!.trim()).to.equal('SimSun');
      await switchLanguage('zh-HK');
      await el.updateComplete;
      expect(root.getElementById('label-theme')!.textContent).to.equal('主題顏色');
      expect(parts(el).swatches('theme')[14]!.getAttribute('aria-label')).to.equal('藍色，淺色 80%');
      expect(parts(el).selects[0]!.options[1]!.textContent!.trim()).to.equal('宋體');
    });
  });

  describe('positioning', () => {
    it('opens below the trigger when there is room', async () => {
      const el = await fixture<EduColorPicker>(html`<edu-color-picker style="margin:20px"></edu-color-picker>`);
      await openPicker(el);
      const trigger = parts(el).trigger.getBoundingClientRect();
      const panel = parts(el).panel.getBoundingClientRect();
      expect(panel.top).to.be.greaterThan(trigger.bottom - 1);
      expect(Math.round(panel.left)).to.equal(Math.round(trigger.left));
    });

    it('in an overflow:auto box: hidden once its trigger scrolls out of the box, shown again when it comes back', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div style="height:160px;width:300px;overflow:auto;margin:40px">
          <div style="height:40px"></div>
          <edu-color-picker></edu-color-picker>
          <div style="height:600px"></div>
        </div>
      `);
      const el = box.querySelector('edu-color-picker')!;
      await openPicker(el);
      const panel = parts(el).panel;
      expect(getComputedStyle(panel).visibility).to.equal('visible');
      // Half clipped: still shown.
      box.scrollTop = 55;
      await waitUntil(
        () => parts(el).trigger.getBoundingClientRect().top < box.getBoundingClientRect().top,
        'scrolled',
      );
      await nextFrame();
      expect(getComputedStyle(panel).visibility).to.equal('visible');
      box.scrollTop = 200;
      await waitUntil(() => getComputedStyle(panel).visibility === 'hidden', 'the panel hidden with its trigger');
      // Still open (the user may scroll back), and it follows: back in view, drawn again beside the trigger.
      expect(el.open).to.equal(true);
      box.scrollTop = 0;
      await waitUntil(() => getComputedStyle(panel).visibility === 'visible', 'the panel shown again');
      const trigger = parts(el).trigger.getBoundingClientRect();
      expect(panel.getBoundingClientRect().top).to.be.greaterThan(trigger.bottom - 1);
    });

    it('flips above near the bottom edge and shifts left at the right edge, fully visible', async () => {
      const el = await fixture<EduColorPicker>(
        html`<edu-color-picker style="position:fixed;right:4px;bottom:6px"></edu-color-picker>`,
      );
      await openPicker(el);
      const trigger = parts(el).trigger.getBoundingClientRect();
      const panel = parts(el).panel.getBoundingClientRect();
      expect(panel.bottom).to.be.lessThan(trigger.top + 1);
      expect(within(panel, { width: W, height: H })).to.equal(true);
      expect(parts(el).panel.dataset['placement']).to.match(/^top/);
    });

    it('inside a modal <edu-dialog> near the viewport edge: unclipped, on top, and Escape closes only the panel', async () => {
      const dialog = await fixture<EduDialog>(html`
        <edu-dialog title="设置颜色" position="bottom" width="400px">
          <div style="height:40px"></div>
          <edu-color-picker show-font-size></edu-color-picker>
        </edu-dialog>
      `);
      await dialog.show();
      await nextFrame();
      const picker = dialog.querySelector('edu-color-picker')!;
      // A host that closes its dialog on any edu-close (as React hosts do) must not hear the panel closing.
      const heard: string[] = [];
      for (const type of ['edu-open', 'edu-close', 'edu-request-close'])
        dialog.addEventListener(type, () => heard.push(type));
      await openPicker(picker);
      const panel = parts(picker).panel;
      const rect = panel.getBoundingClientRect();
      expect(within(rect, { width: W, height: H }), JSON.stringify(rect)).to.equal(true);
      expect(panel.dataset['placement']).to.match(/^top/);
      // The point at the panel's centre hits the panel, not the dialog: it is drawn above it.
      const [x, y] = center(panel);
      let hit: Element | null = document.elementFromPoint(x, y);
      while (hit?.shadowRoot?.elementFromPoint(x, y) && hit.shadowRoot.elementFromPoint(x, y) !== hit) {
        hit = hit.shadowRoot.elementFromPoint(x, y);
      }
      expect(panel.contains(hit)).to.equal(true);
      expect(topOverlay()?.element).to.equal(picker);
      await sendKeys({ press: 'Escape' });
      await picker.updateComplete;
      expect(picker.open).to.equal(false);
      expect(dialog.open).to.equal(true);
      expect(heard).to.deep.equal([]);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(parts(picker).trigger));
      await sendKeys({ press: 'Escape' });
      await dialog.updateComplete;
      expect(dialog.open).to.equal(false);
    });
  });

  describe('forms', () => {
    it('is form-associated: its colour (and shown size and font) go into FormData; a reset restores the value attribute', async () => {
      const form = await fixture<HTMLFormElement>(html`
        <form>
          <edu-color-picker name="color" value="#ff0000" show-font-size></edu-color-picker>
        </form>
      `);
      const el = form.querySelector('edu-color-picker')!;
      await el.updateComplete;
      expect(el.form).to.equal(form);
      expect(new FormData(form).get('color')).to.equal('#ff0000');
      expect(new FormData(form).get('color-font-size')).to.equal('14px');
      el.value = '#00b050';
      expect(new FormData(form).get('color')).to.equal('#00b050');
      form.reset();
      await el.updateComplete;
      expect(el.value).to.equal('#ff0000');
      expect(new FormData(form).get('color')).to.equal('#ff0000');
    });
  });

  describe('accessibility', () => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}, closed and open with the font controls`, async () => {
        await switchLanguage(lang);
        const el = await fixture<EduColorPicker>(
          html`<edu-color-picker show-font-size show-font-family value="#ffc000"></edu-color-picker>`,
        );
        await expect(el).to.be.accessible();
        await openPicker(el);
        await expect(el).to.be.accessible();
      });
    }
  });
});
