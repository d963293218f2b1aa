// A 360 px touch phone in the three languages: the kit's pages fit (no sideways scroll), the login page's unit name
// and language menu do not overlap, and parent1's child table fits its dialog with whole button texts.
import { test, expect, type Page } from '@playwright/test';
import { resetServer } from './helpers.ts';
import { dialogHost, reseed, signIn } from './portal-helpers.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await reseed(request);
});

const LANGS = ['zh-CN', 'en', 'zh-HK'] as const;

/** Opens `path` as a new document in `lang` and checks that nothing scrolls sideways. */
async function fits(page: Page, lang: string, path: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
  await page.goto('about:blank');
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.waitForLoadState('networkidle');
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(scroll, `${lang} ${path}: scrollWidth ${scroll} in a ${inner} px window`).toBeLessThanOrEqual(inner);
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

for (const lang of LANGS) {
  test(`${lang}: the public pages fit 360 px`, async ({ page }) => {
    for (const path of PUBLIC) await fits(page, lang, path);
  });

  test(`${lang}: teacher1's phone pages fit 360 px`, async ({ page }) => {
    await signIn(page, 'teacher1');
    for (const path of SIGNED_IN) await fits(page, lang, path);
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
