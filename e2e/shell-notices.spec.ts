// What the portal says once and to whom: "登录成功" only after a sign-in (never again on a reload), and an app's own
// description for the person reading it (the homework app: teachers set work, parents and students follow it).
import { test, expect } from '@playwright/test';
import { resetServer, signInWithForm, PASSWORD, notice, reseed, signIn, welcome } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await reseed(request);
});

test('"登录成功" shows after signing in, once, and not again when the page is reloaded', async ({ page }) => {
  // The login page within the desktop's document, its way back a hash route of the same document.
  await page.goto('/pages/base/pc_desktop_all/index.html#/desktop/home');
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expect(welcome(page, '李明华')).toBeVisible({ timeout: 15_000 });
  await expect(notice(page, '登录成功')).toHaveCount(1);
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(welcome(page, '李明华')).toBeVisible({ timeout: 15_000 });
    // The notifier is in place (a notice would have been shown by now): the carried notice is read before the header.
    await expect(notice(page, '登录成功')).toHaveCount(0);
  }
});

test('signing in on the site root lands on the desktop with "登录成功" once; a reload shows none', async ({ page }) => {
  await page.goto('/#/login');
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expect(page).toHaveURL(/\/pages\/base\/pc_desktop_all\/index\.html/);
  await expect(welcome(page, '李明华')).toBeVisible({ timeout: 15_000 });
  await expect(notice(page, '登录成功')).toHaveCount(1);
  await page.reload();
  await expect(welcome(page, '李明华')).toBeVisible({ timeout: 15_000 });
  await expect(notice(page, '登录成功')).toHaveCount(0);
});

for (const { user, path, text, not } of [
  {
    user: 'teacher1',
    path: '/pages/homework/pc_homework_tm/index.html',
    text: '为任教班级布置作业',
    not: '查看布置的作业',
  },
  { user: 'parent1', path: '/pages/homework/pc_homework_spm/index.html', text: '查看布置的作业', not: '任教班级' },
] as const) {
  test(`${user} reads the homework app's description for their role`, async ({ page }) => {
    await signIn(page, user);
    await page.goto(path);
    await expect(page.locator('section.portal-card').getByText(text)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(not)).toHaveCount(0);
  });
}
