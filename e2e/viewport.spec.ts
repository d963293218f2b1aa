// The viewport block in the demo host: the reference server's demo apps loaded from the address, switched between,
// their state kept.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHOTS_DIR, collectPageErrors, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test.describe('viewport', () => {
  test('says what goes in the box before an app is chosen, instead of an empty white box', async ({ page }) => {
    await page.goto('/#/blocks/viewport');
    await expect(page.getByText('请在上面选择一个演示应用，它会加载到这里。')).toBeVisible();
    const box = (await page.locator('edu-viewport').locator('xpath=..').boundingBox())!;
    expect(box.height).toBeLessThan(100);
    await page.getByRole('link', { name: '课程表 · 本周' }).click();
    await expect(page.getByText('请在上面选择一个演示应用，它会加载到这里。')).toHaveCount(0);
    await expect(page.locator('edu-viewport').getByRole('table')).toBeVisible();
  });

  test('loads an app file from the address and switches between two files, keeping each container', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/static/') && r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/blocks/viewport?app=demo-timetable&fileId=week&id=3');
    const viewport = page.locator('edu-viewport');
    await expect(viewport.getByRole('table', { name: '初一(3)班 周课表' })).toBeVisible();
    await expect(page.getByTestId('loaded-containers')).toHaveText('demo-timetable/week');
    // Marks the week's container, to see that the same one comes back.
    await viewport.locator('[data-file-id="week"]').evaluate((el) => el.setAttribute('data-marked', ''));

    await page.getByRole('link', { name: '课程表 · 今天' }).click();
    await expect(viewport.getByRole('heading', { name: '初一(3)班 今日课程' })).toBeVisible();
    await expect(viewport.getByRole('table', { name: '初一(3)班 周课表' })).toBeHidden();
    await expect(page.getByTestId('loaded-containers')).toHaveText('demo-timetable/week, demo-timetable/today');

    await page.getByRole('link', { name: '课程表 · 本周' }).click();
    await expect(viewport.getByRole('table', { name: '初一(3)班 周课表' })).toBeVisible();
    await expect(viewport.locator('[data-file-id="week"][data-marked]')).toBeVisible();
    await expect(viewport.getByRole('heading', { name: '初一(3)班 今日课程' })).toBeHidden();
    await expect(viewport.locator('[data-file-id]')).toHaveCount(2);

    // Another class: the same container, updated in place.
    await page.getByLabel('班级（id）').selectOption('7');
    await expect(viewport.getByRole('table', { name: '初一(7)班 周课表' })).toBeVisible();
    await expect(viewport.locator('[data-file-id="week"][data-marked]')).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/viewport-week.png`, fullPage: true });
    expect(scripts.sort()).toEqual(['/demo-timetable/static/today.js', '/demo-timetable/static/week.js']);
    expect(errors).toEqual([]);
  });

  test('keeps what the user typed in an app when switching away and back, and reports a missing app', async ({
    page,
  }) => {
    await page.goto('/#/blocks/viewport?app=demo-library&fileId=search');
    const viewport = page.locator('edu-viewport');
    const search = viewport.getByRole('searchbox', { name: '书名或作者' });
    await search.fill('鲁迅');
    await expect(viewport.getByRole('status')).toHaveText('找到 2 本');
    await page.screenshot({ path: `${SHOTS_DIR}/viewport-library.png`, fullPage: true });

    await page.getByRole('link', { name: '图书馆 · 我的借阅' }).click();
    await expect(viewport.getByRole('heading', { name: '读者 2025070101 的借阅' })).toBeVisible();
    await expect(viewport.getByRole('link', { name: '查看完整借阅记录' })).toBeVisible();
    await page.getByRole('link', { name: '图书馆 · 检索' }).click();
    await expect(search).toHaveValue('鲁迅');

    await page.getByRole('link', { name: '不存在的应用' }).click();
    await expect(viewport.getByRole('alert')).toContainText('无法读取应用 no-such-app 的清单');
    await expect(search).toBeHidden();
    await page.getByLabel('语言').selectOption('en');
    await expect(viewport.getByRole('alert')).toContainText('Could not read the manifest of app no-such-app');
  });
});

test('a screenshot of an app in the default language', async ({ page }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(
    '/#/blocks/viewport?app=demo-library&fileId=loans&id=2025070101&linkUrl=%2F%23%2Fblocks%2Fpaged-list',
  );
  await expect(page.locator('edu-viewport').getByRole('table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/viewport-loans.png`, fullPage: true });
});
