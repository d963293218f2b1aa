// The safe-URL rule in Chromium: a provider login URL of `javascript:…` (as a planted database row would make
// the server answer) never becomes the QR link of the login dialog, on the legacy page or as the React host's relogin
// dialog: clicking what the dialog shows runs no script (counted in window.__xss). Host pages send no Referer, and
// the help centre's way back refuses userinfo as the login redirect_uri does.
import { test, expect, type Page } from '@playwright/test';
import { configureServer, resetServer, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

const PAYLOAD = 'javascript:window.__xss=(window.__xss||0)+1//';

/** Every provider URL and the prepared QR login of `GET /api/uaa/social/info` answer the payload. */
async function plantScriptUrls(page: Page): Promise<void> {
  await page.route(/\/api\/uaa\/social\/info/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data?: { providers?: { providerAppLoginUrl: string; logo: string }[]; qrLogin?: { loginUrl: string } | null };
    };
    for (const provider of body.data?.providers ?? []) {
      provider.providerAppLoginUrl = PAYLOAD;
      provider.logo = PAYLOAD;
    }
    if (body.data?.qrLogin) body.data.qrLogin.loginUrl = PAYLOAD;
    await route.fulfill({ response, json: body });
  });
}

/** Opens the WeChat QR login in the open dialog and clicks every link it shows that is not a web address. */
async function clickEverySuspectLink(page: Page): Promise<string[]> {
  const host = page.locator('edu-login-dialog');
  const weixin = host.getByRole('button', { name: '微信', exact: true });
  await expect(weixin).toBeVisible();
  await weixin.click();
  await page.waitForTimeout(200);
  const links = host.locator('a[href]');
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
  for (const [index, href] of hrefs.entries()) {
    if (!/^(https?:|\/|#)/i.test(href.trim())) await links.nth(index).click({ force: true });
  }
  await page.waitForTimeout(200);
  return hrefs;
}

async function scriptRuns(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
}

test('legacy page: a javascript: provider URL is no QR link and runs no script', async ({ page }) => {
  await plantScriptUrls(page);
  await page.goto('/legacy/index.html');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  const hrefs = await clickEverySuspectLink(page);
  expect(hrefs.filter((href) => /script:/i.test(href))).toEqual([]);
  await expect(page.locator('edu-login-dialog').locator('[part="qr-link"]')).toHaveCount(0);
  expect(await scriptRuns(page)).toBe(0);
});

test('React host: the relogin dialog of an expired session binds no javascript: provider URL', async ({
  page,
  request,
}) => {
  await plantScriptUrls(page);
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/login');
  await expect(page.getByTestId('login-demo-user')).toContainText('当前登录');
  await request.post('/api/__test/expire');
  await configureServer(request, { failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401, count: 1 }] });
  await page.getByRole('button', { name: '查询本单位信息' }).click();
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  const hrefs = await clickEverySuspectLink(page);
  expect(hrefs.filter((href) => /script:/i.test(href))).toEqual([]);
  await expect(page.locator('edu-login-dialog').locator('[part="qr-link"]')).toHaveCount(0);
  await expect(page.locator('edu-login-dialog').locator('img[src*="script:"]')).toHaveCount(0);
  expect(await scriptRuns(page)).toBe(0);
});

test('host pages send Referrer-Policy: no-referrer (login, desktop, help, legacy)', async ({ page }) => {
  for (const path of [
    '/login?ticket=t-1',
    '/pages/base/pc_desktop_all/index.html',
    '/help/?redUrl=%2F',
    '/legacy/index.html?ticket=t-1',
  ]) {
    const response = await page.goto(path);
    expect(response!.headers()['referrer-policy'], path).toBe('no-referrer');
  }
});

test("the help centre's way back refuses userinfo, other hosts and scripts, as redirect_uri does", async ({
  page,
  baseURL,
}) => {
  const own = new URL(baseURL!);
  for (const bad of [
    `http://evil@${own.host}/`,
    `http://${own.host}@evil.example/`,
    'https://evil.example/',
    '//evil.example/',
    'javascript:alert(1)//',
  ]) {
    await page.goto(`/help/?redUrl=${encodeURIComponent(bad)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main a.portal-link'), bad).toHaveCount(0);
  }
  await page.goto(`/help/?redUrl=${encodeURIComponent(`${own.origin}/#/desktop/home`)}`);
  await expect(page.locator('main a.portal-link')).toHaveAttribute('href', `${own.origin}/#/desktop/home`);
});
