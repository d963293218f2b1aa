// The plain school page: one <script> tag brings the elements, the notifier and the core client.
import { test, expect } from '@playwright/test';
import { collectPageErrors, dialogHost, resetServer, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('the legacy page loads the school configuration through the core client', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/legacy/index.html');
  await expect(page.locator('#school')).toHaveText('滨江区实验中学');
  await expect(page.locator('#footer')).toContainText('版权所有');
  await expect(page.getByRole('columnheader', { name: '标题' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('its dialog opens from a table row, traps focus and closes by keyboard', async ({ page }) => {
  await page.goto('/legacy/index.html');
  const read = page.getByRole('row', { name: /期中考试安排/ }).getByRole('button', { name: '查看' });
  await read.click();
  const dialog = page.getByRole('dialog', { name: '期中考试安排' });
  await expect(dialog).toBeVisible();
  await expect(dialogHost(page, dialog)).toContainText('11 月 12 日');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const inside = await dialog.evaluate((d) => {
      const host = d.getRootNode() instanceof ShadowRoot ? (d.getRootNode() as ShadowRoot).host : d;
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return host.contains(document.activeElement) || d.contains(active);
    });
    expect(inside).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(read).toBeFocused();
});

test('its notices, language switch and session check work', async ({ page }) => {
  await page.goto('/legacy/index.html');
  await page.getByRole('button', { name: '显示通知' }).click();
  await expect(page.getByText('已收藏到我的公告', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '当前登录用户' }).click();
  await expect(page.locator('#status')).toHaveText('未登录');

  await signIn(page, 'teacher1');
  await page.getByRole('button', { name: '当前登录用户' }).click();
  await expect(page.locator('#status')).toHaveText(/当前用户：\S+/);

  await page.getByLabel('语言').selectOption('en');
  await expect(page.locator('#school')).toHaveText('Binjiang Experimental Middle School');
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible();
  await expect(page.locator('#footer')).toContainText('Copyright');
});

test('a server failure shows a localised notice and the page keeps working', async ({ page, request }) => {
  await request.post('/api/__test/config', {
    data: { failPaths: [{ path: '/api/uaa/oauth/login/config', httpStatus: 503, count: 1 }] },
  });
  const errors = collectPageErrors(page);
  await page.goto('/legacy/index.html');
  await expect(page.getByRole('alert')).toContainText('503');
  await expect(page.getByRole('columnheader', { name: '标题' })).toBeVisible();
  expect(errors).toEqual([]);
});
