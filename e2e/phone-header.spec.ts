// The narrow header in the built demo: the phone desktop and the pc desktop fit a 360 px phone (no sideways scroll),
// and every function of the header is reachable there through the header's menu: logout, the child switch of a
// parent, the identity switch, theme, language; the footer with the help centre shows. English shows the unit's
// English name.
import { test, expect, type Page } from '@playwright/test';
import { dialogHost, header, notice, reseed, signIn } from './helpers.ts';

const MOBILE_DESKTOP = '/pages/base/mobile_desktop_all/index.html';
const PC_DESKTOP = '/pages/base/pc_desktop_all/index.html';

test.beforeEach(async ({ request, page }) => {
  await reseed(request);
  await page.setViewportSize({ width: 360, height: 740 });
});

async function fitsSideways(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'no sideways scroll' })
    .toBeLessThanOrEqual(360);
}

function menuButton(page: Page, name = '菜单') {
  return header(page).getByRole('button', { name, exact: true });
}

function menu(page: Page, name = '菜单') {
  return header(page).getByRole('region', { name });
}

/** Every control of the open menu lies inside the 360 px window. */
async function menuOnScreen(page: Page, name?: string): Promise<string[]> {
  const buttons = menu(page, name).getByRole('button');
  const names: string[] = [];
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    const label = (await button.innerText()).trim();
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(360);
    names.push(label);
  }
  return names;
}

async function me(page: Page) {
  const answer = await (await page.request.get('/api/uaa/oauth/me')).json();
  return answer.data as { userType: number; unitName: string; unitEnName: string };
}

test('the phone desktop at 360 px in English: the English unit name, the footer, and every tool in the menu', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('PH_MY_SET_LANG', 'en'));
  await signIn(page, 'teacher1');
  await page.goto(MOBILE_DESKTOP);
  const user = await me(page);
  expect(user.unitEnName).not.toBe('');
  await expect(header(page).locator('span[part="title"]')).toHaveText(user.unitEnName);
  await expect(page.locator('edu-desktop').getByRole('button', { name: /^Homework/ })).toBeVisible();
  await fitsSideways(page);
  const help = page.locator('edu-footer').getByRole('link', { name: 'Help centre' });
  await help.scrollIntoViewIfNeeded();
  await expect(help).toBeVisible();
  expect(await help.getAttribute('href')).toContain('key=');

  // The menu by keyboard: Enter opens it on its first item, the arrows move, Escape closes it back on the button.
  await menuButton(page, 'Menu').focus();
  await page.keyboard.press('Enter');
  await expect(menu(page, 'Menu')).toBeVisible();
  const names = await menuOnScreen(page, 'Menu');
  expect(names).toEqual(
    expect.arrayContaining([
      'Theme',
      'Full screen',
      'Log out',
      '李明华（Teacher）',
      '李明华（Parent）',
      'English',
      '繁體中文',
    ]),
  );
  await expect(menu(page, 'Menu').getByText('Welcome, 李明华')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the client' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(menu(page, 'Menu')).toHaveCount(0);
  await expect(menuButton(page, 'Menu')).toBeFocused();
  await fitsSideways(page);

  // Theme: the theme dialog.
  await menuButton(page, 'Menu').click();
  await menu(page, 'Menu').getByRole('button', { name: 'Theme' }).click();
  const themeDialog = page.getByRole('dialog', { name: 'Theme settings' });
  await expect(themeDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(themeDialog).toBeHidden();

  // Language: Chinese, and the bar says so at once (the unit's Chinese name).
  await menuButton(page, 'Menu').click();
  await menu(page, 'Menu').getByRole('button', { name: '简体中文' }).click();
  await expect(menuButton(page)).toBeVisible();
  await expect(header(page).locator('span[part="title"]')).toHaveText(user.unitName);

  // Identity: the paired parent.
  await menuButton(page).click();
  await menu(page).getByRole('button', { name: '李明华（家长）' }).click();
  await expect(notice(page, '已切换身份：李明华')).toBeVisible();
  await expect.poll(async () => (await me(page)).userType).toBe(3);
  await fitsSideways(page);

  // Logout, confirmed.
  await menuButton(page).click();
  await menu(page).getByRole('button', { name: '退出', exact: true }).click();
  const confirm = header(page).getByRole('dialog', { name: '提示' });
  await expect(confirm).toBeVisible();
  await header(page).locator('edu-dialog').getByRole('button', { name: '确定', exact: true }).click();
  await expect(page).toHaveURL(/login/);
});

test('the pc desktop at 360 px: no sideways scroll; a parent switches child from the menu; the footer shows', async ({
  page,
}) => {
  // The current child remembered, so the child selection does not open by itself.
  await page.addInitScript(() => localStorage.setItem('edu_child_10003', '20001'));
  await signIn(page, 'parent1');
  await page.goto(PC_DESKTOP);
  await expect(menuButton(page)).toBeVisible();
  await expect(page.locator('edu-desktop').getByRole('button').first()).toBeVisible();
  await fitsSideways(page);
  await expect(page.locator('edu-footer').getByRole('link', { name: '帮助中心' })).toBeAttached();

  await menuButton(page).click();
  const names = await menuOnScreen(page);
  expect(names).toEqual(expect.arrayContaining(['主题', '全屏', '退出', '简体中文', 'English', '繁體中文']));
  await menu(page).getByRole('button', { name: '切换孩子，当前：王小明' }).click();
  const childDialog = page.getByRole('dialog', { name: '选择孩子' });
  await expect(childDialog).toBeVisible();
  await dialogHost(page, childDialog)
    .locator('tbody tr')
    .filter({ hasText: '王小红' })
    .getByRole('button', { name: '进入' })
    .click();
  await expect(childDialog).toBeHidden();
  await menuButton(page).click();
  await expect(menu(page).getByRole('button', { name: '切换孩子，当前：王小红' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/phone-pc-desktop-menu.png' });
  await page.keyboard.press('Escape');
  await fitsSideways(page);
});
