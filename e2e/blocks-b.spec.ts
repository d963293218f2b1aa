// The paged list, the charts and the viewport of the demo host, used as a person would, against the reference
// server's demo data and demo apps.
import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { collectPageErrors, resetServer, signIn } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/blocks-b';

test.beforeEach(async ({ request }) => resetServer(request));

/** The numbers in the first column of the demo table. */
async function firstNumbers(page: Page): Promise<string[]> {
  return page.locator('edu-paged-list tbody tr td:first-child').allTextContents();
}

function pager(page: Page) {
  const nav = page.getByRole('navigation', { name: '分页' });
  return {
    nav,
    current: nav.locator('[aria-current="page"]'),
    next: nav.getByRole('button', { name: '下一页' }),
    prev: nav.getByRole('button', { name: '上一页' }),
    page: (n: number) => nav.getByRole('button', { name: `第 ${n} 页`, exact: true }),
    sizes: nav.getByRole('combobox', { name: '每页条数' }),
  };
}

test.describe('paged list', () => {
  test('pages through the server data: next, prev, page numbers and sizes up to 400', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/#/blocks/paged-list');
    const p = pager(page);
    await expect(p.nav.getByText('共 2000 条')).toBeVisible();
    await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(30);
    expect((await firstNumbers(page))[0]).toBe('1');
    await expect(p.prev).toBeDisabled();

    await p.next.click();
    await expect(p.current).toHaveText('2');
    await expect(page.locator('edu-paged-list tbody tr').first().locator('td').first()).toHaveText('31');
    await expect(page.getByTestId('paged-state')).toHaveText('当前：第 2 页，每页 30 条，共 2000 条');

    await p.page(5).click();
    await expect(p.current).toHaveText('5');
    await expect(page.locator('edu-paged-list tbody tr').first().locator('td').first()).toHaveText('121');
    await p.prev.click();
    await expect(p.current).toHaveText('4');

    await p.sizes.selectOption('400');
    await expect(p.current).toHaveText('1');
    await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(400);
    await expect(p.nav.getByRole('button', { name: /^第 \d+ 页$/ })).toHaveCount(5);
    await p.page(5).click();
    await expect(page.locator('edu-paged-list tbody tr').first().locator('td').first()).toHaveText('1601');
    await expect(p.next).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/paged-list-400.png`, fullPage: false });
    expect(errors).toEqual([]);
  });

  test('asks by GET, form POST or JSON POST, and a filter starts again at page 1', async ({ page }) => {
    await page.goto('/#/blocks/paged-list');
    const p = pager(page);
    await expect(p.nav.getByText('共 2000 条')).toBeVisible();
    await p.page(3).click();
    await expect(p.current).toHaveText('3');

    const form = page.waitForRequest((r) => r.url().includes('/api/demo/students') && r.method() === 'POST');
    await page.getByLabel('请求方式').selectOption('post');
    const formRequest = await form;
    expect(formRequest.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(formRequest.postData() ?? '').get('start')).toBe('1');
    await expect(p.current).toHaveText('1');

    const json = page.waitForRequest((r) => r.url().includes('/api/demo/students') && r.method() === 'POST');
    await page.getByLabel('请求方式').selectOption('post-json');
    const jsonRequest = await json;
    expect(jsonRequest.headers()['content-type']).toContain('application/json');
    expect(JSON.parse(jsonRequest.postData() ?? '{}')).toEqual({ start: 1, size: 30 });

    await page.getByLabel('年级').selectOption('9');
    await expect(p.nav.getByText(/^共 6\d\d 条$/)).toBeVisible();
    const classes = await page.locator('edu-paged-list tbody tr td:nth-child(5)').allTextContents();
    expect(classes.every((c) => c.startsWith('初三'))).toBe(true);
  });

  test('a page emptied by deletions steps back to the page before', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/#/blocks/paged-list');
    const p = pager(page);
    try {
      await expect(p.nav.getByText('共 2000 条')).toBeVisible();
      await p.page(67).click();
      await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(20);
      await page.getByRole('button', { name: '删除本页全部' }).click();
      await expect(p.nav.getByText('共 1980 条')).toBeVisible();
      await expect(p.current).toHaveText('66');
      await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(30);
      await expect(p.next).toBeDisabled();
      // One row on its own: the page keeps its place.
      await page
        .getByRole('button', { name: /^删除 / })
        .first()
        .click();
      await expect(p.nav.getByText('共 1979 条')).toBeVisible();
      await expect(p.current).toHaveText('66');
      await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(29);
    } finally {
      await page.request.post('/api/demo/students/restore');
    }
  });

  test('a failed request empties the list: total 0, page 1', async ({ page, request }) => {
    await page.goto('/#/blocks/paged-list');
    const p = pager(page);
    await expect(p.nav.getByText('共 2000 条')).toBeVisible();
    await p.page(3).click();
    await expect(p.current).toHaveText('3');
    await request.post('/api/__test/config', {
      data: { failPaths: [{ path: '/api/demo/students', bodyStatus: 500, count: 1 }] },
    });
    await p.next.click();
    await expect(p.nav.getByText('共 0 条')).toBeVisible();
    await expect(p.current).toHaveText('1');
    await expect(page.locator('edu-paged-list tbody tr')).toHaveCount(0);
    await expect(page.locator('edu-paged-list edu-empty')).toBeVisible();
    await expect(page.locator('edu-paged-list edu-empty')).toContainText('暂无数据');
  });

  test('is labelled in English and Traditional Chinese', async ({ page }) => {
    await page.goto('/#/blocks/paged-list');
    await page.getByLabel('语言').selectOption('en');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByText('Total 2000')).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await page.getByLabel('Language').selectOption('zh-HK');
    await expect(page.getByRole('navigation', { name: '分頁' }).getByText('共 2000 條')).toBeVisible();
  });
});

/** Non-transparent pixels of a chart's canvas. */
async function painted(page: Page, index: number): Promise<number> {
  return page
    .locator('edu-chart')
    .nth(index)
    .evaluate((el) => {
      const canvas = el.shadowRoot!.querySelector('canvas');
      if (!canvas) return 0;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
}

test('the charts draw the demo data, in each theme', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/blocks/chart');
  const charts = page.locator('edu-chart');
  await expect(charts).toHaveCount(3);
  await expect(page.getByRole('img', { name: '各年级男女生人数' })).toBeVisible();
  for (let i = 0; i < 3; i++) await expect.poll(() => painted(page, i)).toBeGreaterThan(2000);
  await page.screenshot({ path: `${SHOTS}/chart-macarons.png`, fullPage: true });
  for (const theme of ['infographic', 'roma', 'shine']) {
    await page.getByLabel('主题').selectOption(theme);
    await expect(charts.first()).toHaveAttribute('theme', theme);
    for (let i = 0; i < 3; i++) await expect.poll(() => painted(page, i)).toBeGreaterThan(2000);
  }
  await page.screenshot({ path: `${SHOTS}/chart-shine.png`, fullPage: true });
  // The description is ECharts' account of the data, in the page's language.
  const description = await charts
    .first()
    .evaluate((el) => el.shadowRoot!.querySelector('#description')!.textContent ?? '');
  expect(description).toContain('各年级男女生人数');
  expect(description).toContain('柱状图');
  expect(errors).toEqual([]);
});

test.describe('viewport', () => {
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
    await page.screenshot({ path: `${SHOTS}/viewport-week.png`, fullPage: true });
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
    await page.screenshot({ path: `${SHOTS}/viewport-library.png`, fullPage: true });

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

test('screenshots of the three pages in the default language', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/blocks/paged-list');
  await expect(page.getByRole('navigation', { name: '分页' }).getByText('共 2000 条')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/paged-list.png`, fullPage: false });
  await page.goto(
    '/#/blocks/viewport?app=demo-library&fileId=loans&id=2025070101&linkUrl=%2F%23%2Fblocks%2Fpaged-list',
  );
  await expect(page.locator('edu-viewport').getByRole('table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/viewport-loans.png`, fullPage: true });
});
