import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { defineElement } from '../internal/define-element.ts';
import { localeReady } from '../internal/localize.ts';
import { waitUntil } from '../internal/test-utils.ts';
import { paintInk } from './ink.ts';
import { paintLotus } from './lotus.ts';
import { EduThemeBackground } from './theme-background.ts';

defineElement('edu-theme-background', EduThemeBackground);

function canvasOf(el: EduThemeBackground): HTMLCanvasElement {
  return el.shadowRoot!.querySelector('canvas')!;
}

/** Share of the canvas's pixels that are not transparent, and how many distinct grey levels it has. */
function inked(canvas: HTMLCanvasElement): { covered: number; tones: number } {
  if (!canvas.width || !canvas.height) return { covered: 0, tones: 0 };
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let covered = 0;
  const tones = new Set<number>();
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! > 0) covered++;
    if (i % 64 === 0) tones.add((data[i]! + data[i + 1]! + data[i + 2]!) >> 2);
  }
  return { covered: covered / (data.length / 4), tones: tones.size };
}

async function background(theme: string, style = ''): Promise<EduThemeBackground> {
  const el = await fixture<EduThemeBackground>(
    html`<edu-theme-background .theme=${theme} style=${style}></edu-theme-background>`,
  );
  await el.updateComplete;
  // Each painting loads the first time its theme is shown.
  if (theme === 'ink' || theme === 'lotus') await waitUntil(() => el.matches(':state(painted)'), 'the painting');
  return el;
}

describe('<edu-theme-background>', () => {
  afterEach(() => fixtureCleanup());

  for (const theme of ['ink', 'lotus']) {
    it(`paints the ${theme} picture over the whole viewport`, async () => {
      const el = await background(theme);
      const canvas = canvasOf(el);
      const box = el.getBoundingClientRect();
      expect([box.left, box.top, box.width, box.height]).to.deep.equal([0, 0, innerWidth, innerHeight]);
      expect(canvas.width).to.equal(Math.round(innerWidth * Math.min(devicePixelRatio, 2)));
      const { covered, tones } = inked(canvas);
      expect(covered).to.equal(1); // an opaque painting, edge to edge
      expect(tones).to.be.greaterThan(20); // a picture, not a flat fill
    });
  }

  it('ink and lotus differ: ink has a grey sky, lotus a pink one', async () => {
    // The mean colour of the top quarter: the sky.
    const mean = (canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, Math.round(canvas.height / 4));
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      return sum.map((v) => v / (data.length / 4));
    };
    const [r1, g1, b1] = mean(canvasOf(await background('ink')));
    fixtureCleanup();
    const [r2, g2, b2] = mean(canvasOf(await background('lotus')));
    expect(Math.max(Math.abs(r1! - g1!), Math.abs(g1! - b1!))).to.be.lessThan(12);
    expect(r2! - g2!).to.be.greaterThan(15); // pink sky
    expect(b2).to.be.greaterThan(200);
  });

  it('paints nothing, and is not displayed, for any other theme', async () => {
    for (const theme of ['#457cd6', 'cartoon', '']) {
      const el = await background(theme);
      expect(inked(canvasOf(el)).covered).to.equal(0);
      expect(getComputedStyle(el).display).to.equal('none');
      fixtureCleanup();
    }
  });

  it('follows theme changes: paints, clears and paints again', async () => {
    const el = await background('ink');
    expect(getComputedStyle(el).display).to.equal('block');
    el.theme = '#457cd6';
    await el.updateComplete;
    expect(inked(canvasOf(el)).covered).to.equal(0);
    expect(getComputedStyle(el).display).to.equal('none');
    expect(el.matches(':state(painted)')).to.equal(false);
    el.theme = 'lotus';
    await el.updateComplete;
    await waitUntil(() => inked(canvasOf(el)).covered === 1, 'the lotus painting');
    expect(el.matches(':state(painted)')).to.equal(true);
  });

  it('a theme changed while its painting loads paints only the theme in force', async () => {
    const el = await background('#457cd6');
    el.theme = 'ink';
    await el.updateComplete;
    el.theme = '#123456';
    await el.updateComplete;
    // Long enough for the ink painting's module to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inked(canvasOf(el)).covered).to.equal(0);
    expect(el.matches(':state(painted)')).to.equal(false);
  });

  it('is the same picture every time (seeded)', async () => {
    const a = document.createElement('canvas');
    const b = document.createElement('canvas');
    for (const paint of [paintInk, paintLotus]) {
      a.width = b.width = 320;
      a.height = b.height = 200;
      paint(a.getContext('2d')!, 320, 200);
      paint(b.getContext('2d')!, 320, 200);
      expect(a.toDataURL()).to.equal(b.toDataURL());
    }
  });

  it('paints again at the new size when it is resized', async () => {
    const el = await background('ink', 'inset: auto; left: 0; top: 0; width: 300px; height: 200px');
    const canvas = canvasOf(el);
    const ratio = Math.min(devicePixelRatio, 2);
    expect([canvas.width, canvas.height]).to.deep.equal([300 * ratio, 200 * ratio]);
    el.style.width = '420px';
    el.style.height = '260px';
    await waitUntil(() => canvas.width === 420 * ratio && canvas.height === 260 * ratio, 'a repaint at 420 × 260');
    expect(inked(canvas).covered).to.equal(1);
  });

  it('stays out of the way: fixed, behind, not hit by the pointer, hidden from assistive technology', async () => {
    const el = await fixture<HTMLElement>(
      html`<div>
        <edu-theme-background theme="lotus"></edu-theme-background>
        <button>page</button>
      </div>`,
    );
    const bg = el.querySelector<EduThemeBackground>('edu-theme-background')!;
    await bg.updateComplete;
    expect(bg.getAttribute('aria-hidden')).to.equal('true');
    const style = getComputedStyle(bg);
    expect([style.position, style.pointerEvents, style.zIndex]).to.deep.equal(['fixed', 'none', '-1']);
    // Keyboard focus passes it by.
    const button = el.querySelector('button')!;
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(button);
    const hit = document.elementFromPoint(innerWidth - 5, innerHeight - 5);
    expect(hit === bg || bg.contains(hit)).to.equal(false);
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as Lang[]) {
    it(`is accessible (${lang})`, async () => {
      setLanguage(lang);
      await localeReady();
      const el = await background(lang === 'en' ? 'lotus' : 'ink');
      await expect(el).to.be.accessible();
      setLanguage('zh-CN');
      await localeReady();
    });
  }
});
