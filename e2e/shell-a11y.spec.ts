// Every page of the demo catalogue, the legacy school page and the help centre pass axe (WCAG 2.1 A/AA and best
// practice, colour contrast included) in the three languages: text and buttons in the theme's colour use the shade
// core derives to reach 4.5:1, the legacy page has its landmarks and no empty table header, scroll regions are
// focusable.
import { test, expect } from '@playwright/test';
import { resetServer, axeViolations, settled } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

const PAGES = [
  '/#/',
  '/#/blocks/dialogs',
  '/#/blocks/form-dialog',
  '/#/blocks/color-picker',
  '/#/blocks/empty',
  '/#/blocks/about',
  '/#/blocks/export',
  '/#/blocks/paged-list',
  '/#/blocks/chart',
  '/#/blocks/viewport',
  '/#/blocks/upload',
  '/#/blocks/header',
  '/#/blocks/login',
  '/#/session',
  '/#/reference/edu-dialog',
  '/legacy/',
  '/help/',
];

for (const path of PAGES) {
  test(`axe finds nothing on ${path} in zh-CN, en and zh-HK`, async ({ page }) => {
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      // A new document each time (a hash route reached again would not load one), the language chosen before it starts.
      await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
      await page.goto('about:blank');
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.waitForLoadState('networkidle');
      await settled(page);
      const violations = await axeViolations(page);
      expect(violations, `${lang} ${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
  });
}
