// The demo host's session provider: the startup check against the signed `me` call, and logout.
import { test, expect } from '@playwright/test';
import { resetServer, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('shows logged out, then the signed-in user after a login, then logs out', async ({ page }) => {
  await page.goto('/#/session');
  await expect(page.getByTestId('session-status')).toHaveText('未登录');

  await signIn(page, 'teacher1');
  await page.reload();
  await expect(page.getByTestId('session-status')).toHaveText('已登录');
  await expect(page.getByTestId('session-user')).not.toBeEmpty();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.loginName)).toBe('teacher1');

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('未登录');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('IS_LOGOUTED'))).toBe('1');
  const me = await page.request.get('/api/uaa/oauth/me');
  expect(((await me.json()) as { status: number }).status).toBe(401);
});

test('a tampered signature on the startup check runs relogin handling and uses no data', async ({ page, request }) => {
  await signIn(page, 'teacher1');
  await page.goto('/#/session');
  await expect(page.getByTestId('session-status')).toHaveText('已登录');

  await request.post('/api/__test/config', { data: { tamperSignature: true } });
  await page.reload();
  // Relogin handling of the host: the login page, with the way back.
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expect(decodeURIComponent(page.url())).toContain('#/session');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
