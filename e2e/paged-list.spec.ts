// The paged list block in the demo host, used as a person would, against the reference server's demo data.
import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHOTS_DIR, collectPageErrors, resetServer, signIn } from './helpers.ts';

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
    await page.screenshot({ path: `${SHOTS_DIR}/paged-list-400.png`, fullPage: false });
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
    // Page 3's answer is in (the host's line follows edu-page-load) before the next request is made to fail: armed
    // earlier, the failure could hit page 3's own request and leave "next" disabled.
    await expect(page.getByTestId('paged-state')).toHaveText('当前：第 3 页，每页 30 条，共 2000 条');
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

test('a screenshot of the page in the default language', async ({ page }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/blocks/paged-list');
  await expect(page.getByRole('navigation', { name: '分页' }).getByText('共 2000 条')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/paged-list.png`, fullPage: false });
});
