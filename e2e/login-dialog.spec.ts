// The login dialog on session expiry (spec part 1 §4 "Session expiry": refresh, then relogin handling by the host,
// here the dialog): the waiting request is retried after signing in and nothing typed on the page is lost. Also
// the dialog by keyboard, in three languages, axe, and screenshots in zh-CN and en.
import { test, expect, type Page, type APIRequestContext, type Locator } from '@playwright/test';
import {
  PASSWORD,
  configureServer,
  expectAccessible,
  keepScreenshot,
  loginForm,
  resetServer,
  serverCalls,
  sessionUser,
  signIn,
} from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

const NOTES = '明天上午九点家长会，请提前十分钟到场';

/** Signed in on the login demo page with something typed in its notes. */
async function pageWithNotes(page: Page): Promise<void> {
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/login');
  await expect(page.getByTestId('login-demo-user')).toContainText('当前登录');
  await page.getByLabel(/备注/).fill(NOTES);
}

/** Every access token expires now, and the next refresh is refused: the client needs the relogin handler. */
async function expireSession(request: APIRequestContext): Promise<void> {
  await request.post('/api/__test/expire');
  await configureServer(request, { failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401, count: 1 }] });
}

/** The notes page with text typed; the session expires and a request is made: the login dialog it opens. */
async function expiredWhileAsking(page: Page, request: APIRequestContext): Promise<Locator> {
  await pageWithNotes(page);
  await expireSession(request);
  await page.getByRole('button', { name: '查询本单位信息' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an expired session opens the login dialog; after signing in the request is retried and nothing is lost', async ({
  page,
  request,
}) => {
  const dialog = await expiredWhileAsking(page, request);
  const host = page.locator('edu-login-dialog');
  await expect(host.getByText('登录已过期，请重新登录。')).toBeVisible();
  const form = loginForm(host);
  // The same person signs in again: the account is filled in, focus waits in the password.
  await expect(form.account).toHaveValue('teacher1');
  await expect(form.password).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('login-demo-result')).toHaveText('职业学校：否');
  await expect(page.getByLabel(/备注/)).toHaveValue(NOTES);
  await expect(page).toHaveURL(/#\/blocks\/login$/);
  expect(await sessionUser(page)).toBe('teacher1');
  const calls = await serverCalls(request);
  // First answered 401, then retried once after the dialog.
  expect(calls['GET /api/base/unit/is_vocational_school']).toBe(2);
  expect(calls['GET /api/uaa/oauth/refresh']).toBe(1);
});

test('closing the login dialog fails the waiting request but keeps the page and what was typed', async ({
  page,
  request,
}) => {
  const dialog = await expiredWhileAsking(page, request);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('login-demo-result')).toHaveCount(0);
  await expect(page.getByLabel(/备注/)).toHaveValue(NOTES);
  await expect(page).toHaveURL(/#\/blocks\/login$/);
  await expect(page.getByRole('button', { name: '查询本单位信息' })).toBeFocused();
});

test('the dialog by keyboard: Enter moves to the empty field, messages under the fields, Enter signs in', async ({
  page,
}) => {
  await page.goto('/#/blocks/login');
  await page.getByRole('button', { name: '打开登录对话框' }).click();
  const host = page.locator('edu-login-dialog');
  const form = loginForm(host);
  await expect(form.account).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(host.getByText('用户名不能为空！')).toBeVisible();
  await page.keyboard.type('teacher1');
  await page.keyboard.press('Enter');
  await expect(form.password).toBeFocused();
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  await expect(host.getByText('用户名或密码错误')).toBeVisible();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '登录' })).toBeHidden();
  await expect(page.getByTestId('login-demo-user')).toContainText('当前登录');
  expect(await sessionUser(page)).toBe('teacher1');
});

test('the dialog passes axe in three languages; screenshots in zh-CN and en', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/blocks/login');
  const open = async (name: string, title: string) => {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(page.locator('edu-login-dialog').getByRole('group')).toBeVisible();
    // No hover effect on a control under the pointer, and the 200 ms fade-in over.
    await page.mouse.move(2, 2);
    await page.waitForTimeout(400);
  };

  await open('打开登录对话框', '登录');
  await expectAccessible(page, 'edu-login-dialog');
  await keepScreenshot(page, 'login-dialog-zh-CN');
  // The third-party icons open the QR container.
  await page.locator('edu-login-dialog').getByRole('button', { name: '微信', exact: true }).click();
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expectAccessible(page, 'edu-login-dialog');
  await keepScreenshot(page, 'login-dialog-zh-CN-qr');
  await page.keyboard.press('Escape');
  await expect(page.locator('edu-login-dialog')).toHaveCount(0);

  await page.getByLabel('语言').selectOption('en');
  await open('Open the login dialog', 'Sign in');
  await loginForm(page.locator('edu-login-dialog'), {
    account: 'Account',
    password: 'Password',
    submit: 'Sign in',
  }).submit.click();
  await expect(page.locator('edu-login-dialog').getByText('User name cannot be empty!')).toBeVisible();
  await expectAccessible(page, 'edu-login-dialog');
  await keepScreenshot(page, 'login-dialog-en');
  await page.keyboard.press('Escape');
  await expect(page.locator('edu-login-dialog')).toHaveCount(0);

  await page.getByLabel('Language').selectOption('zh-HK');
  await open('打開登入對話框', '登入');
  await expectAccessible(page, 'edu-login-dialog');
});
