// The about dialog and the footer in the demo host against the reference server: the versions of both sides, the
// mismatch alerts, the footer from the login configuration opening the about dialog.
import { test, expect } from '@playwright/test';
import { collectPageErrors, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('about dialog against the reference server: versions, notes, copyright, versions of both sides', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/blocks/about');
  await page.getByRole('button', { name: '查看版本信息' }).click();
  const about = page.getByRole('dialog', { name: '关于' });
  await expect(about).toBeVisible();
  // The page's own about dialog; the footer has another one inside it.
  const host = page.locator('edu-about-dialog').first();
  expect(Math.round((await about.boundingBox())!.width)).toBe(650);
  await expect(host.locator('.version-number')).toHaveText(['V2.0.0', 'V1.9.0', 'V1.8.2']);
  await expect(host.locator('.version').first().locator('.notes li').first()).toHaveText(
    '全新桌面：支持顶部与左侧两种布局',
  );
  await expect(host.locator('[part="facts"]')).toContainText(/前端版本：\s*2\.0\.0/);
  await expect(host.locator('[part="facts"]')).toContainText(/服务端版本：\s*2\.0\.0/);
  await expect(host.locator('[part="copyright"]')).toHaveText(
    new RegExp(`版权所有 © 2019-${new Date().getFullYear()} 滨江教育科技有限公司`),
  );
  await expect(host.getByRole('alert')).toHaveCount(0);

  // In English the notes are the English ones.
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await page.getByRole('button', { name: 'Show version information' }).click();
  await expect(host.locator('.version').first().locator('.notes li').first()).toHaveText(
    'New desktop with top and left layouts',
  );
  expect(errors).toEqual([]);
});

test('about dialog: the mismatch alerts, "no version info", and the 404 notice of a service without a version call', async ({
  page,
}) => {
  await page.goto('/#/blocks/about');
  const service = page.getByLabel('选择服务');
  const open = page.getByRole('button', { name: '查看版本信息' });
  const about = page.locator('edu-about-dialog').first();

  await service.selectOption('edu');
  await open.click();
  await expect(about.getByRole('alert')).toHaveText(/当前前端需要更新版本的后端服务/);
  await page.keyboard.press('Escape');

  await service.selectOption('homework');
  await open.click();
  await expect(about.getByRole('alert')).toHaveText(/当前后端需要更新版本的前端/);
  await page.keyboard.press('Escape');

  await service.selectOption('areaBase');
  await open.click();
  await expect(about.getByText('暂无版本信息')).toBeVisible();
  await expect(about.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await service.selectOption('payroll');
  await open.click();
  await expect(page.getByText('该微服务没有版本接口，请联系后端工程师。').first()).toBeVisible();
  await expect(about.locator('dd.missing')).toHaveText('该微服务没有版本接口，请联系后端工程师。');
});

test('footer: the login configuration footerMsg, record filing links, and the version opening the about dialog', async ({
  page,
}) => {
  await page.goto('/#/blocks/about');
  const footer = page.locator('edu-footer');
  await expect(footer.locator('span[part="copyright"]')).toHaveText(/^版权所有 © 2019-\d{4} 滨江区实验中学$/);
  const filings = footer.getByRole('list', { name: '备案信息' }).getByRole('link');
  await expect(filings).toHaveCount(2);
  await expect(filings.first()).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(filings.nth(1).locator('img')).toHaveCount(1);
  // The help centre is a real link to this host's help centre, in a new window (a real help-centre link), not a notice.
  const help = footer.getByRole('link', { name: '帮助中心' });
  await expect(help).toHaveAttribute('target', '_blank');
  const [helpPage] = await Promise.all([page.waitForEvent('popup'), help.click()]);
  await helpPage.waitForLoadState();
  expect(new URL(helpPage.url()).pathname).toBe('/help/');
  await helpPage.close();
  await footer.getByRole('button', { name: '版本 V2.0.0' }).click();
  const about = page.getByRole('dialog', { name: '关于' });
  await expect(about).toBeVisible();
  await expect(footer.locator('edu-about-dialog .version-number').first()).toHaveText('V2.0.0');
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(footer.getByRole('button', { name: '版本 V2.0.0' })).toBeFocused();
});
