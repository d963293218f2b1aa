// Every way in of the login chain (spec part 1 §4 "Login flow"), end to end in the built demo host against the
// reference server: client id, username and password in the query, ticket, access token, social code with state
// (through the development provider, as a person without a phone), the WeChat info call inside WeChat, the
// remembered password with its 4-try cap, else the login page. Also the bind page and the authorize route.
import { test, expect, type Page } from '@playwright/test';
import {
  PASSWORD,
  configureServer,
  expectLanded,
  resetServer,
  serverCalls,
  sessionUser,
  signInWithForm,
  logOutFromHeader,
} from './helpers.ts';

/** On the development provider's page: "Scan as" the listed account. */
async function scanAs(page: Page, account: string): Promise<void> {
  await page
    .getByRole('listitem')
    .filter({ hasText: account })
    .getByRole('button', { name: /Scan as/ })
    .click();
}

test.beforeEach(async ({ request }) => resetServer(request));

/** The address bar never keeps a credential once the chain has used it. */
function expectNoCredentials(page: Page): void {
  const url = decodeURIComponent(page.url());
  for (const key of ['password=', 'ticket=', 'accessToken=', 'code=', 'token=', PASSWORD]) {
    expect(url).not.toContain(key);
  }
}

test('signed out, a portal page goes to the login page and comes back after signing in', async ({ page }) => {
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expect(decodeURIComponent(page.url())).toContain('/pages/base/pc_desktop_all/index.html');
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('username and password in the query sign in, and are removed from the address', async ({ page }) => {
  await page.goto(`/#/session?username=teacher1&password=${encodeURIComponent(PASSWORD)}&tab=2`);
  await expect(page.getByTestId('session-status')).toHaveText('已登录');
  expect(await sessionUser(page)).toBe('teacher1');
  expectNoCredentials(page);
  expect(page.url()).toContain('tab=2');
});

test('a wrong password in the query shows the server message and goes on to the login page', async ({ page }) => {
  await page.goto('/pages/base/pc_desktop_all/index.html?username=teacher1&password=wrong-one');
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expectNoCredentials(page);
});

test('a ticket signs in once and is removed from the address; a used ticket does not', async ({ page, request }) => {
  // Another system (here a separate API client) signed in and issued a one-time ticket.
  await request.post('/api/uaa/oauth/login', { data: { username: 'teacher1', password: PASSWORD } });
  const issued = (await (await request.post('/api/uaa/oauth/ticket/issue')).json()) as { data: { ticket: string } };
  const ticket = issued.data.ticket;

  await page.goto(`/pages/base/pc_desktop_all/index.html?ticket=${ticket}`);
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
  expectNoCredentials(page);

  // Spent: a second use is refused with the server's message, and the chain goes on to the login page.
  await page.context().clearCookies();
  await page.goto(`/#/desktop/home?ticket=${ticket}`);
  await expect(page.getByRole('alert').filter({ hasText: '登录票据无效' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expectNoCredentials(page);
});

test('an access token handed over in the address signs in again', async ({ page, request }) => {
  const login = (await (
    await request.post('/api/uaa/oauth/login', { data: { username: 'teacher1', password: PASSWORD } })
  ).json()) as { data: { accessToken: string } };
  await page.goto(`/?accessToken=${login.data.accessToken}#/session`);
  await expect(page.getByTestId('session-status')).toHaveText('已登录');
  expect(await sessionUser(page)).toBe('teacher1');
  expectNoCredentials(page);

  // Handover tokens: the page keeps a handover token once, in the stored user, never the access token of the cookie.
  const accessCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'edu_at')!.value;
  const stored = await page.evaluate(() => localStorage.getItem('user') ?? '');
  expect(JSON.parse(stored).accessToken).toMatch(/^[0-9a-f]{64}$/);
  expect(stored).not.toContain(accessCookie);
  expect(JSON.parse(stored).loginedMsg).not.toHaveProperty('accessToken');

  // The token handed over was spent: a second use is refused with the server's message.
  await page.context().clearCookies();
  await page.goto(`/?accessToken=${login.data.accessToken}#/session`);
  await expect(page.getByRole('alert').filter({ hasText: '访问令牌无效或已过期' })).toBeVisible();
  await expect(page.getByTestId('session-status')).not.toHaveText('已登录');
  expectNoCredentials(page);
});

test("inside the app, the app's client id signs in first", async ({ page, request }) => {
  // The desktop client's preload script names its client id before the host starts.
  await page.addInitScript(() => {
    (window as unknown as { EDU_PORTAL_APP: unknown }).EDU_PORTAL_APP = { userClientId: 'demo-client-teacher1' };
  });
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
  expect((await serverCalls(request))['POST /api/uaa/oauth/login_user_client']).toBe(1);
});

test('QR login without a phone: the link under the QR code, "scan as" a bound identity, signed in by the code', async ({
  page,
}) => {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  const link = page.getByRole('link', { name: /无法扫码？在本设备上打开登录页面/ });
  const state = new URL((await link.getAttribute('href'))!, page.url()).searchParams.get('state');
  expect(state).toMatch(/^weixin\.[0-9a-f]{16}$/);
  expect(await page.evaluate(() => sessionStorage.getItem('edu_social_state'))).toBe(state);

  await link.click();
  await expect(page.getByRole('heading', { name: /开发用登录/ })).toBeVisible();
  await scanAs(page, 'teacher1');
  // The provider came back with code and state; the chain signed in and the login page went on to the home.
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
  expectNoCredentials(page);
});

test('a code that comes back with another state than this tab started with is refused', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  const href = await page.getByRole('link', { name: /无法扫码/ }).getAttribute('href');
  // Someone else's login link, planted with their own state.
  const planted = new URL(href!, page.url());
  planted.searchParams.set('state', 'weixin.0000000000000000');
  await page.goto(planted.href);
  await scanAs(page, 'teacher1');
  await expect(page.getByRole('alert').filter({ hasText: '登录请求已失效或并非从本页发起' })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();
});

test('an unbound social identity goes to the bind page; binding an account signs in', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  await page.getByRole('link', { name: /无法扫码/ }).click();
  await scanAs(page, 'Guest');

  await expect(page).toHaveURL(/\/pages\/login\/pc_bind_all\/index\.html\?id=[^&]+&openid=o-wx-guest-8b41d0/);
  await expect(page.getByRole('heading', { name: '绑定账号' })).toBeVisible();
  await expect(page.getByText('您的第三方账号尚未绑定平台账号')).toBeVisible();
  const box = page.locator('edu-login-box');
  await box.getByLabel('账号', { exact: true }).fill('parent1');
  await box.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await box.getByRole('button', { name: '绑定并登录' }).click();
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('parent1');
});

test('remembered password: auto-login on the next visit, at most 4 tries counted in storage', async ({
  page,
  request,
}) => {
  await page.goto('/#/login');
  await signInWithForm(page, 'teacher1', PASSWORD, true);
  await expectLanded(page);

  // The session is gone (cookies cleared): the remembered password signs in again, counting one try.
  await page.context().clearCookies();
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expectLanded(page);
  expect(await sessionUser(page)).toBe('teacher1');
  expect(await page.evaluate(() => localStorage.getItem('AUTO_LOGIN_NUM'))).toBe('1');

  // Every login call now fails: each visit spends one try, until 4; then no call is made at all.
  await page.evaluate(() => localStorage.removeItem('AUTO_LOGIN_NUM'));
  await resetServer(request);
  await configureServer(request, { failPaths: [{ path: '/api/uaa/oauth/login', httpStatus: 503 }] });
  const counts: (string | null)[] = [];
  for (let visit = 0; visit < 6; visit++) {
    await page.context().clearCookies();
    await page.goto('/pages/base/pc_desktop_all/index.html');
    await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
    counts.push(await page.evaluate(() => localStorage.getItem('AUTO_LOGIN_NUM')));
  }
  expect(counts).toEqual(['1', '2', '3', '4', '4', '4']);
  expect((await serverCalls(request))['POST /api/uaa/oauth/login']).toBe(4);
});

test('after a logout the remembered password does not sign in by itself', async ({ page, request }) => {
  await page.goto('/#/login');
  await signInWithForm(page, 'teacher1', PASSWORD, true);
  await expectLanded(page);
  // The portal header's logout, with its confirmation.
  await logOutFromHeader(page);
  await expect(page).toHaveURL(/#\/login$/);
  await resetServer(request);
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expect((await serverCalls(request))['POST /api/uaa/oauth/login'] ?? 0).toBe(0);
});

test('inside WeChat the social info call leads to the provider and back, signed in', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
  });
  const page = await context.newPage();
  try {
    await page.goto('/pages/base/pc_desktop_all/index.html');
    // The chain asked mp_info and followed its login URL: the (development) WeChat page.
    await expect(page.getByRole('heading', { name: /微信 \/ WeChat/ })).toBeVisible();
    await scanAs(page, 'teacher1');
    // The portal has started there, signed in (its header welcomes the user), and cleaned the address.
    await expectLanded(page);
    await expect(page).toHaveURL(/\/pages\/base\/pc_desktop_all\/index\.html(#\/desktop)?$/);
    expect(await sessionUser(page)).toBe('teacher1');
    expectNoCredentials(page);
  } finally {
    await context.close();
  }
});

test('authorize without client_id shows the spec message; with it, signs in and returns to the app', async ({
  page,
}) => {
  await page.goto('/#/authorize?response_type=code&scope=base');
  await expect(page.getByRole('alert')).toHaveText('缺少 client_id，请返回重试！');
  await expect(page.getByRole('button', { name: '返回上一页' })).toBeVisible();

  const query =
    'response_type=code&client_id=demo-lms&redirect_uri=%2Fsso%2Fdemo-lms%2Fcallback&scope=base&state=desktop';
  await page.goto(`/oauth/authorize?${query}`);
  // Not signed in: the login page, with the way back to the authorisation.
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  expect(decodeURIComponent(page.url())).toContain('client_id=demo-lms');
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expect(page).toHaveURL(/\/sso\/demo-lms\/callback\?code=[^&]+&state=desktop/);
  await expect(page.locator('body')).toContainText('teacher1');
});

test('the English authorize message', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByLabel('语言').selectOption('en');
  await page.goto('/#/authorize?response_type=code');
  await expect(page.getByRole('alert')).toHaveText('Missing client_id, please go back and try again!');
});
