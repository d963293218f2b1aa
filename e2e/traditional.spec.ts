// Server texts in traditional characters in the built demo: a zh-HK user sees the server's texts (unit name, app names, group names) in
// traditional characters beside the traditional interface, and the converter's chunk is fetched only for zh-HK.
import { test, expect } from '@playwright/test';
import { header, reseed, signIn } from './helpers.ts';

const PC_DESKTOP = '/pages/base/pc_desktop_all/index.html';

test.beforeEach(async ({ request }) => reseed(request));

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: the converter's chunk is never fetched`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
    await signIn(page, 'teacher1');
    await page.goto(PC_DESKTOP);
    await expect(page.locator('edu-desktop').getByRole('button').first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(fetched.filter((url) => /cn2t|opencc/i.test(url))).toEqual([]);
  });
}

test('zh-HK: unit, group and app names in traditional characters; the chunk comes on the switch', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await signIn(page, 'teacher1');
  await page.goto(PC_DESKTOP);
  await expect(header(page).locator('span[part="title"]')).toHaveText('滨江区实验中学');
  expect(fetched.filter((url) => /cn2t/.test(url))).toEqual([]);

  await header(page).getByRole('button', { name: '语言', exact: true }).click();
  await header(page).getByRole('button', { name: '繁體中文' }).click();
  await expect(header(page).locator('span[part="title"]')).toHaveText('濱江區實驗中學');
  expect(fetched.filter((url) => /cn2t/.test(url)).length).toBe(1);
  const desktop = page.locator('edu-desktop');
  await expect(desktop.getByRole('heading', { name: '教學教務' })).toBeVisible();
  await expect(desktop.getByRole('button', { name: /^作業管理/ })).toBeVisible();
  await expect(header(page).locator('[part="apps"]').getByRole('button', { name: /^課表/ })).toBeVisible();
  await page.addStyleTag({ content: 'edu-notice, edu-todo-panel { display: none !important }' });
  await page.screenshot({ path: 'test-results/screenshots/zh-HK-desktop.png' });

  // A page opened in zh-HK shows traditional text without any switch.
  await page.reload();
  await expect(header(page).locator('span[part="title"]')).toHaveText('濱江區實驗中學');
});
