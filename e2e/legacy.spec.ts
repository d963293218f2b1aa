// The plain school page: one <script> tag brings the elements, the notifier and the core client.
import { readFileSync } from 'node:fs';
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

test('the plain page uses the kit: footer, paged list, colour picker, about dialog, export and upload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await signIn(page, 'teacher1');
  await page.goto('/legacy/index.html');

  // The footer: the school's copyright and record filing from its configuration, the help centre, the version.
  const footer = page.locator('edu-footer');
  await expect(footer).toContainText('版权所有');
  await expect(footer.getByRole('list', { name: '备案信息' }).getByRole('link').first()).toBeVisible();
  await expect(footer.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', /\/help\//);

  // The paged list: the server's roster, 30 rows a page, the next page from the server.
  const rows = page.locator('#roster-table tbody tr');
  await expect(rows).toHaveCount(30);
  await expect(rows.first().locator('td').first()).toHaveText('1');
  const pager = page.locator('edu-paged-list').getByRole('navigation');
  await expect(pager.getByText('共 2000 条')).toBeVisible();
  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(rows.first().locator('td').first()).toHaveText('31');

  // The colour picker recolours the page's header bar.
  await page.getByRole('button', { name: /^页头颜色：/ }).click();
  const panel = page.getByRole('dialog', { name: '选择颜色' });
  await expect(panel).toBeVisible();
  await panel.getByRole('radiogroup', { name: '标准色' }).getByRole('radio', { name: '深红色' }).click();
  await expect(panel).toBeHidden();
  await expect
    .poll(() => page.locator('header.bar').evaluate((bar) => getComputedStyle(bar).backgroundColor))
    .toBe('rgb(192, 0, 0)');

  // The about dialog, from the footer's version and from the header button: versions read from the server.
  await footer.getByRole('button', { name: '版本 V2.0.0' }).click();
  const about = page.getByRole('dialog', { name: '关于' });
  await expect(about).toBeVisible();
  await expect(footer.locator('edu-about-dialog [part="facts"]')).toContainText(/服务端版本：\s*2\.0\.0/);
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await page.getByRole('button', { name: '关于本站' }).click();
  await expect(about).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();

  // Export: the roster's page as .xlsx, made by the server.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出 Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('滨江区实验中学 学生名单.xlsx');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

  // Upload: a small file is stored and linked, and its bytes come back.
  const text = `%PDF-1.4\n${'% legacy page upload\n'.repeat(100)}%%EOF\n`;
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#homework').getByRole('button', { name: '选择文件', exact: true }).click();
  await (await chooser).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from(text) });
  const link = page.locator('#homework-files a', { hasText: 'notes.pdf' });
  await expect(link).toHaveCount(1, { timeout: 30_000 });
  expect(await (await page.request.get((await link.getAttribute('href'))!)).text()).toBe(text);

  await page.screenshot({ path: 'test-results/legacy-kit.png', fullPage: true });
  expect(errors).toEqual([]);
});
