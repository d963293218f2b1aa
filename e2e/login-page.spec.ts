// The login page of the demo host as a person uses it: <edu-login-box> with the unit's name and logo, password
// login and where it lands, redirect_uri, remember password (never readable in storage), keyboard only, three
// languages, axe, logout, the forgot-password window, the desktop client's relogin page and the IE warning.
import { test, expect } from '@playwright/test';
import {
  PASSWORD,
  SCHOOL_HOME,
  browserStorage,
  chooseLanguage,
  collectPageErrors,
  expectLanded,
  expectAccessible,
  keepScreenshot,
  loginForm,
  passwordForms,
  resetServer,
  serverCalls,
  sessionUser,
  signIn,
  signInWithForm,
  logOutFromHeader,
  logoutSteps,
} from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('the login page shows the unit and signs in to the default home with a success notice', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: '滨江区实验中学' })).toBeVisible();
  await expect(page.getByRole('img', { name: '滨江区实验中学标志' })).toBeVisible();
  await expect(page.getByText('版权所有 © 2019-2026 滨江区实验中学')).toBeVisible();
  await expect(page).toHaveTitle('登录 · 滨江区实验中学');

  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
  expect(errors).toEqual([]);
});

test('empty fields and a wrong password are shown under the fields; nothing is sent for empty fields', async ({
  page,
  request,
}) => {
  await page.goto('/#/login');
  const form = loginForm(page.locator('edu-login-box'));
  await form.submit.click();
  await expect(page.getByText('用户名不能为空！')).toBeVisible();
  await expect(page.getByText('密码不能为空！')).toBeVisible();
  await expect(form.account).toBeFocused();
  await expect(form.account).toHaveAttribute('aria-invalid', 'true');
  expect((await serverCalls(request))['POST /api/uaa/oauth/login'] ?? 0).toBe(0);

  await form.account.fill('teacher1');
  await form.password.fill('not-the-password');
  await form.submit.click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(form.password).toHaveAttribute('aria-invalid', 'true');
  await expect(form.password).toBeFocused();
  await expect(page).toHaveURL(/#\/login$/);
});

test('redirect_uri on this origin is followed after signing in', async ({ page, baseURL }) => {
  await page.goto(`/#/login?redirect_uri=${encodeURIComponent(`${baseURL}/#/session`)}`);
  await signInWithForm(page, 'teacher1', PASSWORD);
  // The same document: the success notice is still on screen.
  await expect(page.getByText('登录成功', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/#/session`);
  await expect(page.getByTestId('session-status')).toHaveText('已登录');
});

test('"登录成功" is seen once on the landing page when the login goes to another document', async ({ page }) => {
  await page.goto('/#/login');
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expect(page).toHaveURL(/\/pages\/base\/pc_desktop_all\/index\.html/);
  await expect(page.getByText('登录成功', { exact: true })).toBeVisible();
  await expect(page.getByText('登录成功', { exact: true })).toHaveCount(0, { timeout: 6000 });
  // Once: a reload of the landing page does not show it again.
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await page.getByText('登录成功', { exact: true }).count()).toBe(0);
});

test('redirect_uri to a foreign origin is refused: the user lands on their home instead', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname.includes('evil.example')) foreign.push(r.url());
  });
  await page.goto(`/#/login?redirect_uri=${encodeURIComponent('https://evil.example/steal?x=1')}`);
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectLanded(page);
  expect(foreign).toEqual([]);
  // Protocol-relative and script addresses are refused the same way.
  for (const bad of ['//evil.example/x', 'javascript:alert(1)']) {
    await page.context().clearCookies();
    await page.goto(`/#/login?redirect_uri=${encodeURIComponent(bad)}`);
    await signInWithForm(page, 'teacher1', PASSWORD);
    await expectLanded(page);
  }
  expect(foreign).toEqual([]);
});

test('remember password: the stored record never holds the password readable, and the form is filled after logout', async ({
  page,
}) => {
  await page.goto('/#/login');
  await signInWithForm(page, 'teacher1', PASSWORD, true);
  await expectLanded(page);
  const stored = await browserStorage(page);
  const record = await page.evaluate(() => ({
    rempass: localStorage.getItem('rempass'),
    user: localStorage.getItem('_'),
    secret: localStorage.getItem('__'),
  }));
  expect(record.rempass).toBe('true');
  expect(record.user).toBe('teacher1');
  // Encrypted (or kept by the browser's password manager, then empty): never the password in any plain encoding.
  expect(record.secret).not.toBeNull();
  for (const form of passwordForms(PASSWORD)) expect(stored).not.toContain(form);
  if (record.secret) {
    const decoded = Buffer.from(record.secret, 'base64').toString('latin1');
    expect(decoded).not.toContain(PASSWORD);
  }

  // Logout from the portal header (with its confirmation), then the login page fills in the remembered login.
  await logOutFromHeader(page);
  await expect(page).toHaveURL(/#\/login$/);
  const form = loginForm(page.locator('edu-login-box'));
  await expect(form.account).toHaveValue('teacher1');
  await expect(form.password).toHaveValue(PASSWORD);
  await expect(form.remember).toBeChecked();
  for (const form of passwordForms(PASSWORD)) expect(await browserStorage(page)).not.toContain(form);
});

test('logout asks first, then ends the session and clears what the spec lists', async ({ page }) => {
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expectLanded(page);
  await page.evaluate(() => {
    sessionStorage.setItem('scratch', 'x');
    localStorage.setItem('AUTO_LOGIN_NUM', '2');
  });

  // The switch-account button is for development only: this build has none.
  await expect(page.getByRole('button', { name: /切换账号/ })).toHaveCount(0);
  // The portal header's logout button asks; cancelling keeps the session.
  const logout = logoutSteps(page);
  await logout.button.click();
  await expect(logout.confirm).toBeVisible();
  await expect(logout.text).toBeVisible();
  await logout.cancel.click();
  await expect(logout.confirm).toBeHidden();
  expect(await sessionUser(page)).toBe('teacher1');

  await logout.button.click();
  await expect(logout.confirm).toBeVisible();
  await logout.ok.click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(await sessionUser(page)).toBeNull();
  const storage = await page.evaluate(() => ({
    user: localStorage.getItem('user'),
    loggedOut: localStorage.getItem('IS_LOGOUTED'),
    count: localStorage.getItem('AUTO_LOGIN_NUM'),
    session: sessionStorage.getItem('scratch'),
  }));
  expect(storage).toEqual({ user: null, loggedOut: '1', count: null, session: null });
});

test('keyboard only: Tab to the account, type, Enter moves on, Enter signs in', async ({ page }) => {
  await page.goto('/#/login');
  const form = loginForm(page.locator('edu-login-box'));
  await expect(form.account).toBeVisible();
  for (let i = 0; i < 10; i++) {
    if (await form.account.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(form.account).toBeFocused();
  await page.keyboard.type('teacher1');
  await page.keyboard.press('Enter');
  await expect(form.password).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(SCHOOL_HOME);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('the login page in three languages passes axe; screenshots in zh-CN and en', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/login');
  const box = page.locator('edu-login-box');
  await expect(loginForm(box).account).toBeVisible();
  await expect(page.getByRole('tab', { name: '扫码登录' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'login-page-zh-CN');

  await loginForm(box).submit.click();
  await expect(page.getByText('用户名不能为空！')).toBeVisible();
  await expectAccessible(page);

  await chooseLanguage(page, '语言', 'en');
  await expect(page.getByRole('heading', { name: 'Binjiang Experimental Middle School' })).toBeVisible();
  const en = loginForm(box, { account: 'Account', password: 'Password', submit: 'Sign in' });
  await expect(en.submit).toBeVisible();
  await expect(page.getByText('User name cannot be empty!')).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'login-page-en-errors');
  await page.reload();
  await expect(en.account).toBeVisible();
  await keepScreenshot(page, 'login-page-en');

  // The QR tab: a QR code drawn in the page, and its link.
  await page.getByRole('tab', { name: 'QR code' }).click();
  await expect(page.getByRole('img', { name: 'Sign-in QR code' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cannot scan\? Open the sign-in page on this device/ })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'login-page-en-qr');

  await chooseLanguage(page, 'Language', 'zh-HK');
  await expect(page.getByRole('heading', { name: '帳號登入' })).toBeVisible();
  await page.getByRole('tab', { name: '密碼登入' }).click();
  await loginForm(box, { account: '帳號', password: '密碼', submit: '登入' }).submit.click();
  await expect(page.getByText('用戶名不能為空！')).toBeVisible();
  await expectAccessible(page);
});

test('forgot password opens its page in a new window with the unit contact', async ({ page }) => {
  await page.goto('/#/login');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /忘记密码/ }).click()]);
  await expect(popup).toHaveURL(/#\/forgetPassword$/);
  await expect(popup.getByRole('heading', { name: '忘记密码', level: 1 })).toBeVisible();
  await expect(popup.getByRole('main').getByText('技术支持：0571-8666 2026')).toBeVisible();
  // No school web site is configured in the demo, so no dead link is offered.
  await expect(popup.getByText('学校网站')).toHaveCount(0);
  await expectAccessible(popup);
  await popup.getByRole('link', { name: '返回登录' }).click();
  await expect(popup).toHaveURL(/#\/login$/);
});

test('the desktop client relogin page signs in and tells the window that opened it', async ({ page }) => {
  await page.goto('/#/session');
  await page.evaluate(() => {
    const messages: unknown[] = [];
    (window as unknown as { reloginMessages: unknown[] }).reloginMessages = messages;
    window.addEventListener('message', (event) => {
      if (event.origin === location.origin) messages.push(event.data);
    });
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => void window.open('/#/needtologinpagerelogin')),
  ]);
  await expect(popup.getByRole('heading', { name: '重新登录' })).toBeVisible();
  // The card is as wide as the login box it holds, with no empty half beside it.
  await popup.setViewportSize({ width: 1280, height: 800 });
  const card = (await popup.locator('.login-card').boundingBox())!;
  const box = (await popup.locator('edu-login-box').boundingBox())!;
  expect(card.width - box.width).toBeLessThanOrEqual(80);
  expect(Math.abs(box.x - card.x - (card.x + card.width - box.x - box.width))).toBeLessThanOrEqual(2);
  await signInWithForm(popup, 'teacher1', PASSWORD);
  await expect(popup.getByText('登录成功，已通知客户端。现在可以关闭此窗口。')).toBeVisible();
  await expect(popup).toHaveURL(/#\/needtologinpagerelogin$/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { reloginMessages: unknown[] }).reloginMessages))
    .toEqual([{ type: 'edu-portal:relogin', status: 'logged-in', userId: expect.any(String), loginName: 'teacher1' }]);
});

test('old Internet Explorer gets a plain warning page; modern browsers never see it', async ({ page, request }) => {
  for (const path of ['/', '/legacy/index.html']) {
    const html = await (await request.get(path)).text();
    expect(html).toContain('<!--[if lte IE 8]>');
    expect(html).toContain('<script nomodule>');
    expect(html).toContain('请使用新版浏览器');
    expect(html).toContain('Please use a modern browser');
    expect(html).toContain('請使用新版瀏覽器');
    await page.goto(path);
    await expect(page.locator('#edu-old-browser')).toBeHidden();
  }
});

test('a browser zoomed outside 80–120 % gets the 5-second zoom warning at startup', async ({ browser, baseURL }) => {
  // Browser zoom shrinks the viewport in CSS pixels, not the window: Chromium at 150 % reports an outer width 1.5
  // times the inner one. Headless Chromium has no Ctrl+plus, so the window reports it here.
  const context = await browser.newContext({ baseURL, deviceScaleFactor: 1.5 });
  await context.addInitScript(() => {
    Object.defineProperty(window, 'outerWidth', { get: () => Math.round(window.innerWidth * 1.5) });
  });
  const page = await context.newPage();
  try {
    await page.goto('/#/login');
    const warning = page.getByText(/您的浏览器目前处于缩放状态（150%）/);
    await expect(warning.first()).toBeVisible();
    // Shown for 5 seconds, then gone.
    await expect(warning).toHaveCount(0, { timeout: 8000 });
  } finally {
    await context.close();
  }
});

test('a high-density screen or a phone at 100 % browser zoom gets no zoom warning', async ({ browser, baseURL }) => {
  for (const options of [
    { deviceScaleFactor: 1.25 },
    { deviceScaleFactor: 1.5 },
    { deviceScaleFactor: 2 },
    { deviceScaleFactor: 3, isMobile: true, hasTouch: true, viewport: { width: 375, height: 740 } },
  ]) {
    const context = await browser.newContext({ baseURL, ...options });
    const page = await context.newPage();
    try {
      await page.goto('/#/login');
      await expect(page.getByRole('textbox').first()).toBeVisible();
      // The warning would show at the end of startup for 5 s; count at once (a retrying assertion would outwait it).
      await page.waitForTimeout(1000);
      expect(await page.getByText(/缩放状态/).count(), JSON.stringify(options)).toBe(0);
    } finally {
      await context.close();
    }
  }
});
