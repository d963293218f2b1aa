// A 360 px touch phone in the three languages: the kit's pages fit (no sideways scroll) and no text is drawn over
// another (the public pages, and the phone desktop, settings and help of every demo account), the login page's unit
// name and language menu stay apart, and parent1's child table fits its dialog with whole button texts.
import { test, expect, type Page } from '@playwright/test';
import { USERS } from '../packages/server/src/db/seed-data.ts';
import { resetServer, keepScreenshot, dialogHost, reseed, signIn } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await reseed(request);
});

const LANGS = ['zh-CN', 'en', 'zh-HK'] as const;

/**
 * Texts drawn over one another in the window as it is scrolled now: every text node (shadow roots included) is boxed
 * by its line rectangles, cut to what its scrolling or clipping ancestors show; a text that something else covers
 * (a dialog, a panel, a sticky bar) is left out, since what is drawn over it is on top, not mixed with it. Two
 * boxes overlapping by more than 3 px each way are reported as "text A × text B".
 */
function overlapsInView(): string[] {
  interface Box {
    text: string;
    el: Element;
    rects: DOMRect[];
  }
  const boxes: Box[] = [];
  const parentOf = (node: Node): Element | null =>
    node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;
  const deepHit = (x: number, y: number): Element | null => {
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const contains = (outer: Element, inner: Element | null): boolean => {
    for (let node: Node | null = inner; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) {
      if (node === outer) return true;
    }
    return false;
  };
  const walk = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.shadowRoot) walk(node.shadowRoot);
        continue;
      }
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, template, svg')) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      // What the ancestors let show of it: scrolling and clipping boxes up to the window.
      let clip = new DOMRect(0, 0, innerWidth, innerHeight);
      for (let up: Element | null = el; up; up = parentOf(up)) {
        const s = getComputedStyle(up);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.clipPath !== 'none' || s.clip !== 'auto') {
          const r = up.getBoundingClientRect();
          const left = Math.max(clip.left, r.left);
          const top = Math.max(clip.top, r.top);
          clip = new DOMRect(left, top, Math.min(clip.right, r.right) - left, Math.min(clip.bottom, r.bottom) - top);
        }
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects: DOMRect[] = [];
      for (const r of Array.from(range.getClientRects())) {
        const left = Math.max(clip.left, r.left);
        const top = Math.max(clip.top, r.top);
        const width = Math.min(clip.right, r.right) - left;
        const height = Math.min(clip.bottom, r.bottom) - top;
        if (width < 2 || height < 2) continue;
        // Left out when something else is drawn over its middle.
        if (!contains(el, deepHit(left + width / 2, top + height / 2))) continue;
        rects.push(new DOMRect(left, top, width, height));
      }
      if (rects.length) boxes.push({ text, el, rects });
    }
  };
  walk(document.body);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const hit = a.rects.some((ra) =>
        b.rects.some(
          (rb) =>
            Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 3 &&
            Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 3,
        ),
      );
      if (hit) found.push(`${a.text.slice(0, 40)} × ${b.text.slice(0, 40)}`);
    }
  }
  return found;
}

/** No text drawn over another anywhere on the page: checked a window at a time from the top (at most 12). */
async function noOverlaps(page: Page, what: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = 740;
  for (let y = 0, n = 0; y < height && n < 12; y += step, n++) {
    await page.evaluate((top) => scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(overlapsInView), `${what}, scrolled to ${y}: texts drawn over each other`).toEqual([]);
  }
  await page.evaluate(() => scrollTo(0, 0));
}

/** Opens `path` as a new document in `lang` and checks that nothing scrolls sideways and no text overlaps another. */
async function fits(page: Page, lang: string, path: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
  await page.goto('about:blank');
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.waitForLoadState('networkidle');
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(scroll, `${lang} ${path}: scrollWidth ${scroll} in a ${inner} px window`).toBeLessThanOrEqual(inner);
  await noOverlaps(page, `${lang} ${path}`);
}

const PUBLIC = [
  '/#/login',
  '/#/forgetPassword',
  '/#/',
  '/#/blocks/dialogs',
  '/#/blocks/form-dialog',
  '/#/blocks/about',
  '/#/blocks/export',
  '/#/blocks/paged-list',
  '/#/blocks/header',
  '/legacy/',
  '/help/',
];

const SIGNED_IN = [
  '/pages/base/mobile_desktop_all/index.html#/desktop/home',
  '/pages/base/pc_desktop_all/index.html#/desktop/setting',
  '/pages/homework/pc_homework_tm/index.html',
  '/help/',
];

/** Every demo account's phone desktop, personal settings and help centre. */
const EVERY_ACCOUNT = [
  '/pages/base/mobile_desktop_all/index.html',
  '/pages/base/pc_desktop_all/index.html#/desktop/setting',
  '/help/',
];

for (const lang of LANGS) {
  test(`${lang}: the public pages fit 360 px`, async ({ page }) => {
    for (const path of PUBLIC) await fits(page, lang, path);
  });

  test(`${lang}: teacher1's phone pages fit 360 px`, async ({ page }) => {
    await signIn(page, 'teacher1');
    for (const path of SIGNED_IN) await fits(page, lang, path);
  });

  for (const user of USERS) {
    test(`${lang}: ${user.loginName}'s phone desktop, settings and help fit 360 px, no text over another`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, user.loginName);
      for (const path of EVERY_ACCOUNT) await fits(page, lang, path);
    });
  }
}

test('the overlap check sees a label drawn over another, and not one a dialog covers', async ({ page }) => {
  await page.setContent(`<main>
    <p style="position:absolute;top:10px;left:10px;margin:0">Binjiang Experimental School</p>
    <label style="position:absolute;top:14px;left:120px">Language</label>
    <p style="position:absolute;top:80px;left:10px;margin:0">Under the dialog</p>
    <div style="position:absolute;top:70px;left:0;width:300px;height:60px;background:#fff">Dialog text</div>
    <p style="position:absolute;top:200px;left:10px;margin:0;width:60px;overflow:hidden;white-space:nowrap">Cut off here</p>
    <p style="position:absolute;top:200px;left:80px;margin:0">Beside</p>
  </main>`);
  expect(await page.evaluate(overlapsInView)).toEqual(['Binjiang Experimental School × Language']);
});

for (const [lang, region, todos] of [
  ['zh-CN', '待办提醒', '待办'],
  ['en', 'To-do reminders', 'To-dos'],
  ['zh-HK', '待辦提醒', '待辦'],
] as const) {
  test(`${lang}: teacher1's phone desktop shows the 8 to-dos: their count above the apps and the to-do panel`, async ({
    page,
  }) => {
    await signIn(page, 'teacher1');
    await fits(page, lang, '/pages/base/mobile_desktop_all/index.html');
    await expect(page.getByTestId('todo-count')).toHaveText('8');
    await expect(page.locator('.portal-mobile-counts dt').first()).toHaveText(todos);
    const panel = page.locator('edu-todo-panel').getByRole('region', { name: region });
    await expect(panel).toBeVisible();
    await expect(panel.locator('[part="count"]')).toHaveText('8');
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    // The panel fits the phone's width.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await noOverlaps(page, `${lang} phone desktop with the to-do panel`);
    if (lang === 'en') await keepScreenshot(page, 'phone-desktop-todos-en');
  });
}

test('en: the login page keeps the unit name and the language menu apart', async ({ page }) => {
  await fits(page, 'en', '/#/login');
  const brand = (await page.locator('.login-brand').boundingBox())!;
  const language = (await page.locator('.login-lang').boundingBox())!;
  const overlap =
    brand.x < language.x + language.width &&
    language.x < brand.x + brand.width &&
    brand.y < language.y + language.height &&
    language.y < brand.y + brand.height;
  expect(overlap).toBe(false);
});

for (const lang of LANGS) {
  test(`${lang}: parent1's child table fits its dialog, its buttons whole`, async ({ page }) => {
    await signIn(page, 'parent1');
    await fits(page, lang, '/pages/base/mobile_desktop_all/index.html');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    const table = dialogHost(page, dialog).getByRole('table');
    const box = (await dialog.boundingBox())!;
    const tableBox = (await table.boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(box.x + box.width);
    for (const button of await table.getByRole('button').all()) {
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const b = (await button.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    }
  });
}
