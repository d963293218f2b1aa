// The personal settings pages (spec part 1 §2): `desktop/setting` for a teacher and
// `areaDesktop/setting` for an area officer are real pages of the host, not "page not found". Theme (the header's
// theme dialog), layout and language changed there are in force at once and still after a reload (saved on the
// server with the user's theme setting). A signed-out visitor stays on the page (exempt from the login redirect).
import { test, expect, type Page } from '@playwright/test';
import { dialogHost, expectAccessible, portalShot, reseed, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => reseed(request));

const primaryColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--edu-color-primary').trim().toLowerCase(),
  );

async function savedSetting(page: Page): Promise<{ theme?: string; lang?: string; layout?: string }> {
  const body = (await (await page.request.get('/api/base/my_desktop/color')).json()) as { data: unknown };
  return typeof body.data === 'string' ? (JSON.parse(body.data) as object) : (body.data as object);
}

const CASES = [
  {
    user: 'teacher1',
    path: '/pages/base/pc_desktop_all/index.html#/desktop/setting',
    colour: { name: '清新绿', hex: '#4db021' },
    startLayout: 'top',
    lang: { value: 'en', title: 'Personal settings' },
  },
  {
    user: 'area1',
    path: '/area/areaBase/pc_areaDesktop_all/index.html#/areaDesktop/setting',
    colour: { name: '中国红', hex: '#e31d1a' },
    startLayout: 'left',
    lang: { value: 'zh-HK', title: '個人設定' },
  },
] as const;

const LAYOUT_LABELS = { top: '上下布局（应用在页头）', left: '左右布局（应用在侧边菜单）' } as const;

for (const { user, path, colour, startLayout, lang } of CASES) {
  test(`${user}: ${path.split('#')[1]} changes theme, layout and language, in force and kept after a reload`, async ({
    page,
  }) => {
    await signIn(page, user);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '个人设置', level: 1 })).toBeVisible();
    await expect(page.getByText('页面不存在')).toHaveCount(0);
    await expect(page.getByTestId('current-theme')).toBeVisible();
    await expectAccessible(page);
    await expect(page.locator('.portal')).toHaveAttribute('data-layout', startLayout);

    // Theme: the header's theme dialog, opened from the page.
    await page.getByRole('button', { name: '更换主题…' }).click();
    const dialog = page.getByRole('dialog', { name: '主题设置' });
    await expect(dialog).toBeVisible();
    await dialogHost(page, dialog).getByRole('radio', { name: colour.name }).check();
    await dialogHost(page, dialog).getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => primaryColour(page)).toBe(colour.hex);
    await expect(page.getByTestId('current-theme')).toHaveText(`颜色 ${colour.hex.toUpperCase()}`);

    // Layout: the other one than in force now.
    const from = (await page.locator('.portal').getAttribute('data-layout')) as keyof typeof LAYOUT_LABELS;
    const layout = { to: from === 'top' ? 'left' : 'top' } as const;
    await page.getByRole('radio', { name: LAYOUT_LABELS[layout.to] }).click();
    await expect(page.getByRole('radio', { name: LAYOUT_LABELS[layout.to] })).toBeChecked();
    await expect(page.getByText('布局已保存', { exact: true })).toBeVisible();
    await expect(page.locator('.portal')).toHaveAttribute('data-layout', layout.to);
    if (layout.to === 'left') await expect(page.locator('edu-side-menu')).toBeVisible();
    else await expect(page.locator('edu-side-menu')).toHaveCount(0);

    // Language.
    await page.getByRole('combobox', { name: '语言' }).selectOption(lang.value);
    await expect(page.getByRole('heading', { name: lang.title, level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang.value);
    await expect
      .poll(() => savedSetting(page))
      .toMatchObject({
        theme: expect.stringMatching(new RegExp(colour.hex, 'i')),
        layout: layout.to,
        lang: lang.value,
      });
    await portalShot(page, `settings-${user}`);

    // Kept after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: lang.title, level: 1 })).toBeVisible();
    await expect(page.locator('.portal')).toHaveAttribute('data-layout', layout.to);
    await expect.poll(() => primaryColour(page)).toBe(colour.hex);
    await expect(
      page.getByRole('radio', { name: new RegExp(layout.to === 'left' ? '^(Left|左右)' : '^(Top|上下)') }),
    ).toBeChecked();
  });
}

test('a named theme fixes the layout: the layout choice is disabled and says why', async ({ page }) => {
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/pc_desktop_all/index.html#/desktop/setting');
  await page.getByRole('button', { name: '更换主题…' }).click();
  const dialog = page.getByRole('dialog', { name: '主题设置' });
  await dialogHost(page, dialog).getByRole('radio', { name: '水墨' }).check();
  await dialogHost(page, dialog).getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('current-theme')).toHaveText('水墨');
  await expect(page.getByRole('radio', { name: /^左右布局/ })).toBeDisabled();
  await expect(page.getByText(/固定为上下布局/)).toBeVisible();
});

test('signed out, the settings page stays (no login redirect) and offers the language and a way to sign in', async ({
  page,
}) => {
  await page.goto('/pages/base/pc_desktop_all/index.html#/desktop/setting');
  await expect(page.getByRole('heading', { name: '个人设置', level: 1 })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/desktop/setting');
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /login/);
  await expectAccessible(page);
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Personal settings', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Personal settings', level: 1 })).toBeVisible();
});
