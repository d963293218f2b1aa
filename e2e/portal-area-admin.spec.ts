// The portal as the area officer, the admin and a teacher meeting an expired module (spec part 1 §2, §4 "Theme",
// §6 "App grouping and visibility", "Admin", "Module licence"), plus the mobile desktop, the help centre and the
// client download: the built demo host against the real reference server, with the seeded data back before each test.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import {
  loginForm,
  PASSWORD,
  SCHOOL_DESKTOP,
  bell,
  collectPageErrors,
  desktop,
  dialogHost,
  header,
  portalShot,
  reseed,
  signIn,
  welcome,
} from './helpers.ts';

const AREA_DESKTOP = /\/area\/areaBase\/pc_areaDesktop_all\/index\.html#\/areaDesktop$/;
const MOBILE_DESKTOP = '/pages/base/mobile_desktop_all/index.html';
const ASSET_APP = '/pages/asset/pc_asset_tm/index.html';
const HOMEWORK_APP = '/pages/homework/pc_homework_tm/index.html#/homework/review';
const GREEN = '#4db021';

test.beforeEach(async ({ request }) => reseed(request));

/** The primary colour the page applied on `:root`, lower case. */
async function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--edu-color-primary').trim().toLowerCase(),
  );
}

/** The tag names from the document down through open shadow roots to the element that has focus. */
async function focusPath(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const path: string[] = [];
    let active: Element | null = document.activeElement;
    while (active) {
      path.push(active.tagName.toLowerCase());
      active = active.shadowRoot?.activeElement ?? null;
    }
    return path;
  });
}

test.describe('area officer', () => {
  test('signs in on the login page, lands on the area desktop and sees a flat list without base and edu', async ({
    page,
    request,
  }) => {
    const errors = collectPageErrors(page);
    // The area unit does have the school-only apps (a separate API client): the server sends them, the portal
    // must hide them.
    await request.post('/api/uaa/oauth/login', { data: { username: 'area1', password: PASSWORD } });
    const sent = JSON.stringify(await (await request.get('/api/base/desktop/my_app_icon')).json());
    expect(sent).toContain('"code":"base"');
    expect(sent).toContain('"code":"edu"');

    await page.goto('/#/login');
    const form = loginForm(page.locator('edu-login-box'));
    await form.account.fill('area1');
    await form.password.fill(PASSWORD);
    await form.submit.click();

    await expect(page).toHaveURL(AREA_DESKTOP);
    await expect(welcome(page, '张建国')).toBeVisible();
    await expect(header(page).getByText('滨江区教育局', { exact: true })).toBeVisible();
    const grid = desktop(page);
    await expect(grid.getByRole('button', { name: /^区域管理/ })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^区域统计报表/ })).toBeVisible();

    // One flat list: a single section whose heading is only for screen readers, no category headings.
    await expect(grid.getByRole('region')).toHaveCount(1);
    await expect(grid.getByRole('heading')).toHaveText(['全部应用']);
    const heading = await grid.getByRole('heading').boundingBox();
    expect(heading?.height ?? 0).toBeLessThanOrEqual(1);
    for (const group of ['教学教务', '行政管理', '家校互动', '常用工具']) {
      await expect(grid.getByText(group, { exact: true })).toHaveCount(0);
    }

    const names = await grid.locator('button.app [part="label"]').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['区域管理', '区域统计报表', '通知公告']));
    expect(names).not.toContain('基础数据');
    expect(names).not.toContain('教务管理');
    // Nor anywhere else on the page (side menu, header).
    await expect(page.getByRole('button', { name: /^(基础数据|教务管理|基础|教务)(\s|,|，|$)/ })).toHaveCount(0);

    // The area's own footer, not that of the school whose host it signed in on.
    const footer = page.locator('edu-footer');
    await expect(footer.getByText(/版权所有 © 2019-\d{4} 滨江区教育局/)).toBeVisible();
    await expect(footer.getByRole('link', { name: '浙ICP备2026012300号-2' })).toBeVisible();
    await expect(footer.getByText('滨江区实验中学')).toHaveCount(0);

    await portalShot(page, 'area-desktop');
    expect(errors).toEqual([]);
  });
});

test.describe('admin theme sync', () => {
  test('an admin syncs green to all users; a user of the unit without an own theme gets it', async ({
    page,
    browser,
  }) => {
    // staff4 (same school, no own theme in the seed) sees the default blue first.
    const other = await browser.newContext();
    const staff = await other.newPage();
    await signIn(staff, 'staff4');
    await staff.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(staff, '赵敏')).toBeVisible();
    await expect.poll(() => primaryColour(staff)).toBe('#457cd6');
    await other.close();

    await signIn(page, 'admin1');
    await page.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(page, '陈志远')).toBeVisible();
    await header(page).getByRole('button', { name: '主题', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '主题设置' });
    await expect(dialog).toBeVisible();
    const content = dialogHost(page, dialog);
    await content.getByRole('radio', { name: '清新绿' }).check();
    const sync = content.getByRole('checkbox', { name: '同步给所有用户' });
    await sync.check();
    await portalShot(page, 'admin-theme-sync');
    await content.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('主题已保存，并已同步给本单位所有用户', { exact: true })).toBeVisible();
    await expect.poll(() => primaryColour(page)).toBe(GREEN);

    // A fresh browser, another user of the unit: the synced theme reaches them.
    const fresh = await browser.newContext();
    const staffAgain = await fresh.newPage();
    await signIn(staffAgain, 'staff4');
    await staffAgain.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(staffAgain, '赵敏')).toBeVisible();
    await expect.poll(() => primaryColour(staffAgain)).toBe(GREEN);
    await portalShot(staffAgain, 'staff4-synced-green');
    await fresh.close();
  });

  test('a teacher who is not an admin has no sync checkbox', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(page, '李明华')).toBeVisible();
    await header(page).getByRole('button', { name: '主题', exact: true }).click();
    const content = dialogHost(page, page.getByRole('dialog', { name: '主题设置' }));
    await expect(content.getByRole('radio', { name: '清新绿' })).toBeVisible();
    await expect(content.getByRole('radio', { name: '科技蓝' })).toBeChecked();
    await expect(content.getByRole('checkbox')).toHaveCount(0);
    await expect(content.getByText('同步给所有用户')).toHaveCount(0);
  });
});

test.describe('module licence', () => {
  test('an expired module blocks its page: Escape stays, Tab stays inside, 返回桌面 leads home', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto(ASSET_APP);
    const dialog = page.getByRole('dialog', { name: '模块已过期' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('该模块已过期，请联系管理员！')).toBeVisible();
    await expect(page.locator('edu-licence-dialog').getByText('资产管理')).toBeVisible();
    await portalShot(page, 'licence-expired');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(page.getByText('该模块已过期，请联系管理员！')).toBeVisible();

    // Focus never leaves the blocking dialog, however often Tab (or Shift+Tab) is pressed.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusPath(page), `focus after ${key}`).toContain('edu-licence-dialog');
    }
    // The header behind it is inert: its buttons cannot be used.
    await expect(bell(page)).not.toBeFocused();

    const home = page.getByRole('link', { name: '返回桌面' });
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(new RegExp(`${SCHOOL_DESKTOP.replace(/\./g, '\\.')}`));
    await expect(welcome(page, '李明华')).toBeVisible();
    await expect(page.getByRole('dialog', { name: '模块已过期' })).toHaveCount(0);
  });

  test('a licensed app (homework) shows no licence dialog', async ({ page }) => {
    await signIn(page, 'teacher1');
    const checked = page.waitForResponse((response) => /\/api\/base\/license\/unit/.test(response.url()));
    await page.goto(HOMEWORK_APP);
    const answer = await (await checked).json();
    expect(JSON.stringify(answer)).toContain('true');
    await expect(welcome(page, '李明华')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '模块已过期' })).toHaveCount(0);
    await expect(page.getByText('该模块已过期，请联系管理员！')).toHaveCount(0);
  });
});

test.describe('mobile desktop', () => {
  test('390 px wide: one flat list and class mobile; 800 px ipad; 1440 px pc', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'teacher1');
    await page.goto(MOBILE_DESKTOP);
    const grid = desktop(page);
    await expect(grid.getByRole('button', { name: /^作业管理/ })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/(^|\s)mobile(\s|$)/);
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)(pc|ipad)(\s|$)/);
    // A teacher's desktop is grouped on a pc; on a phone it is one list without category headings.
    await expect(grid.getByRole('region')).toHaveCount(1);
    for (const group of ['教学教务', '行政管理', '家校互动', '常用工具']) {
      await expect(grid.getByText(group, { exact: true })).toHaveCount(0);
    }
    const names = await grid.locator('button.app [part="label"]').allInnerTexts();
    expect(names.length).toBeGreaterThan(5);
    await portalShot(page, 'mobile-desktop-390');

    await page.setViewportSize({ width: 800, height: 1000 });
    await expect(page.locator('html')).toHaveClass(/(^|\s)ipad(\s|$)/);
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)(pc|mobile)(\s|$)/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.locator('html')).toHaveClass(/(^|\s)pc(\s|$)/);
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)(ipad|mobile)(\s|$)/);
  });
});

test.describe('help centre and download', () => {
  test('the footer help link carries the query, opens a new window, and the help page drops the token', async ({
    page,
    request,
  }) => {
    await signIn(page, 'teacher1');
    await page.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(page, '李明华')).toBeVisible();
    const link = page.locator('edu-footer').getByRole('link', { name: '帮助中心' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /key=school-handbook/);
    const href = new URL((await link.getAttribute('href'))!, page.url());
    expect(href.searchParams.get('redUrl')).toContain(SCHOOL_DESKTOP);
    expect(href.searchParams.get('accessToken')).toMatch(/^\w{16,}$/);
    expect(href.searchParams.get('unitId')).toBe('330108001');
    expect(href.searchParams.get('key')).toBe('school-handbook');

    // The address the help centre is opened with (the page takes the query out of it at once).
    const opened: URL[] = [];
    page.context().on('request', (sent) => {
      const url = new URL(sent.url());
      if (sent.isNavigationRequest() && url.pathname === '/help/') opened.push(url);
    });
    const [help] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect(help.getByRole('heading', { name: '帮助中心', level: 1 })).toBeVisible();
    await expect(help.getByTestId('help-key')).toHaveText('school-handbook');
    await expect(help.getByTestId('help-unit')).toHaveText('330108001');
    expect(help.url()).not.toContain('accessToken');
    expect(help.url()).not.toContain(href.searchParams.get('accessToken')!);

    // Handover tokens: the help centre got a handover token asked for as it opened, not the stored one, with the
    // same query; it opens one relogin and is no bearer for ordinary calls.
    expect(opened).toHaveLength(1);
    const query = opened[0]!.searchParams;
    expect(query.get('redUrl')).toContain(SCHOOL_DESKTOP);
    expect(query.get('unitId')).toBe('330108001');
    expect(query.get('key')).toBe('school-handbook');
    const handover = query.get('accessToken')!;
    expect(handover).toMatch(/^[0-9a-f]{64}$/);
    expect(handover).not.toBe(href.searchParams.get('accessToken'));
    expect(help.url()).not.toContain(handover);
    const asBearer = await request.get('/api/base/unit/help_key', { headers: { authorization: `Bearer ${handover}` } });
    expect((await asBearer.json()).status).toBe(401);
    const relogin = (accessToken: string) => request.post('/api/uaa/oauth/relogin', { data: { accessToken } });
    expect((await (await relogin(handover)).json()).data.loginName).toBe('teacher1');
    expect((await (await relogin(handover)).json()).status).toBe(401);
    await portalShot(help, 'help-centre');
    // The way back is the desktop it came from.
    await expect(help.getByRole('link', { name: /pc_desktop_all/ })).toBeVisible();
    await help.close();
  });

  test('the download dialog offers the installer and the portable package, each a real ZIP', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto(`${SCHOOL_DESKTOP}#/desktop/home`);
    await expect(welcome(page, '李明华')).toBeVisible();
    await header(page).getByRole('button', { name: '下载客户端' }).click();
    const dialog = page.getByRole('dialog', { name: '下载客户端' });
    await expect(dialog).toBeVisible();
    const installer = page.locator('edu-download-dialog').getByRole('link', { name: /^安装版/ });
    const portable = page.locator('edu-download-dialog').getByRole('link', { name: /免安装版/ });
    await expect(installer).toBeVisible();
    await expect(installer).not.toContainText('免安装版');
    await expect(portable).toBeVisible();
    await expect(page.locator('edu-download-dialog').getByText('暂未提供')).toHaveCount(0);
    await portalShot(page, 'download-dialog');
    const cases = [
      { link: installer, file: 'edu-portal-setup.zip', entry: 'setup.cmd' },
      { link: portable, file: 'edu-portal-portable.zip', entry: 'README.txt' },
    ];
    for (const { link, file, entry } of cases) {
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(file);
      expect(await download.failure()).toBeNull();
      // A real, non-empty zip archive (local file header "PK\x03\x04") holding the shortcut to this portal.
      const bytes = readFileSync(await download.path());
      expect(bytes.length).toBeGreaterThan(200);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      expect(bytes.includes(Buffer.from(entry))).toBe(true);
      expect(bytes.includes(Buffer.from('教育门户 Edu Portal.url'))).toBe(true);
    }
  });
});
