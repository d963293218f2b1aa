// zh-HK throughout (spec part 1 §1; server texts through core's serverText): the child table's names, grades and
// classes in traditional characters, the server's login refusal in the form's own words (用戶名), and the release
// notes saying 登入 like the interface, never 登錄.
import { test, expect } from '@playwright/test';
import { resetServer, dialogHost, reseed, signIn } from './helpers.ts';

test.beforeEach(async ({ page, request }) => {
  await resetServer(request);
  await reseed(request);
  await page.addInitScript(() => localStorage.setItem('PH_MY_SET_LANG', 'zh-HK'));
});

test('zh-HK: the child table shows names, grades and classes in traditional characters', async ({ page }) => {
  await signIn(page, 'parent1');
  await page.goto('/pages/base/pc_desktop_all/index.html');
  const dialog = page.getByRole('dialog', { name: '選擇子女' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const rows = dialogHost(page, dialog).getByRole('table').locator('tbody tr');
  await expect(rows.first()).toContainText('七年級(1)班');
  await expect(rows.locator('th')).toHaveText([/王小明/, /王小紅/]);
  await expect(dialogHost(page, dialog).getByRole('table')).not.toContainText('年级');
});

test('zh-HK: a wrong password is refused in the form’s own words', async ({ page }) => {
  await page.goto('/#/login');
  const box = page.locator('edu-login-box');
  await box.getByLabel('帳號', { exact: true }).fill('teacher1');
  await box.getByLabel('密碼', { exact: true }).fill('wrong-one');
  await box.getByRole('button', { name: '登入', exact: true }).click();
  await expect(box.getByText('用戶名或密碼錯誤')).toBeVisible();
  await expect(page.getByText('用户名或密碼錯誤')).toHaveCount(0);
});

test('zh-HK: the release notes say 登入, as the interface does', async ({ page }) => {
  await page.goto('/#/blocks/about');
  await page.getByRole('button', { name: '查看版本資訊' }).click();
  const about = page.locator('edu-about-dialog').first();
  await expect(about.getByText('修復登入過期後未提示的問題')).toBeVisible();
  await expect(about).not.toContainText('登錄');
});
