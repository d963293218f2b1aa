// The portal shell's ways back in (spec part 1 §2 "Routes", §4 "Login flow", "Session expiry", "Login dialog"): an
// app entry page opened signed out or after the session expired shows the login page and lands back on the app
// after signing in; the login dialog is always the top layer and holds focus, over a dialog that opened after it.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  configureServer,
  loginForm,
  resetServer,
  sessionUser,
  signInWithForm,
  PASSWORD,
  bell,
  desktop,
  desktopReady,
  openDesktop,
  reseed,
  signIn,
  welcome,
} from './helpers.ts';

const HOMEWORK_PAGE = '/pages/homework/pc_homework_tm/index.html';

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await reseed(request);
});

/** Every access token expires now and the next refresh is refused: the session is over. */
async function expireSession(request: APIRequestContext): Promise<void> {
  await request.post('/api/__test/expire');
  await configureServer(request, { failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401, count: 5 }] });
}

/** On the app page again, with the portal started there (its header greets the teacher). */
async function expectOnHomework(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === HOMEWORK_PAGE);
  await expect(welcome(page, '李明华')).toBeVisible({ timeout: 15_000 });
}

test('signed out, an app page shows the login page and lands back on the app after signing in', async ({ page }) => {
  await page.goto(HOMEWORK_PAGE);
  await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
  await expect(page.locator('edu-login-box')).toBeVisible();
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectOnHomework(page);
  expect(await sessionUser(page)).toBe('teacher1');
});

test('every seeded app page shows the login page when signed out', async ({ page }) => {
  for (const path of [
    '/pages/base/pc_base_tm/index.html',
    '/pages/edu/pc_edu_spm/index.html',
    '/area/areaBase/pc_areaBase_spm/index.html',
    HOMEWORK_PAGE,
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/#\/login\?redirect_uri=/);
    await expect(page.locator('edu-login-box'), path).toBeVisible();
  }
});

test('after the session expired, a desktop tile shows the login page and the app opens after signing in', async ({
  page,
  request,
}) => {
  await openDesktop(page, 'teacher1');
  await desktopReady(page);
  await expireSession(request);
  await desktop(page).getByRole('button', { name: /^作业/ }).first().click();
  await expect(page.locator('edu-login-box')).toBeVisible({ timeout: 15_000 });
  expect(decodeURIComponent(page.url())).toContain(HOMEWORK_PAGE);
  await signInWithForm(page, 'teacher1', PASSWORD);
  await expectOnHomework(page);
});

test('the login dialog opens above the message dialog that loads after it, and takes the focus', async ({ page }) => {
  await openDesktop(page, 'teacher1', '/pages/base/pc_desktop_all/index.html#/desktop/home');
  await desktopReady(page);
  // The message dialog's module arrives only once the login dialog is on screen: the order the portal met when the
  // session had ended before the bell was first clicked.
  let releaseChunk = () => {};
  const loginShown = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/edu-message-dialog-[^/]*\.js$/, async (route) => {
    await loginShown;
    await route.continue();
  });
  await page.context().clearCookies();
  await bell(page).click();

  const login = page.getByRole('dialog', { name: '登录' });
  await expect(login).toBeVisible();
  releaseChunk();
  const messages = page.getByRole('dialog', { name: /消息/ });
  await expect(page.locator('edu-message-dialog')).toHaveCount(1);
  await expect
    .poll(() => page.locator('edu-message-dialog edu-dialog').evaluate((el) => el.hasAttribute('open')))
    .toBe(true);

  // The login dialog is the top of the top layer: hit at its centre, focus in its first empty field (the account of
  // the user whose session ended is filled in).
  const host = page.locator('edu-login-dialog');
  const form = loginForm(host);
  await expect(form.account).toHaveValue('teacher1');
  await expect(form.password).toBeFocused();
  const box = (await login.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('edu-login-dialog, edu-message-dialog')?.localName ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe('edu-login-dialog');
  // Typing goes into the login dialog, and signing in leaves the messages readable underneath.
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(login).toBeHidden();
  await expect(messages).toBeVisible();
  expect(await sessionUser(page)).toBe('teacher1');
});

const SETTINGS_HEADING = { name: '个人设置', level: 1 } as const;

// The top layout (teacher1), the left layout (area1's unit style) and an app page.
for (const { user, from, route, layout } of [
  {
    user: 'teacher1',
    from: '/pages/base/pc_desktop_all/index.html#/desktop/home',
    route: '#/desktop/setting',
    layout: 'top',
  },
  {
    user: 'area1',
    from: '/area/areaBase/pc_areaDesktop_all/index.html',
    route: '#/areaDesktop/setting',
    layout: 'left',
  },
  { user: 'teacher1', from: HOMEWORK_PAGE, route: '#/desktop/setting', layout: 'top' },
] as const) {
  test(`${user}: the header's personal settings leads from ${from.split('#')[0]} to ${route}`, async ({ page }) => {
    await signIn(page, user);
    await page.goto(from);
    await expect(page.locator('.portal')).toHaveAttribute('data-layout', layout);
    await page.locator('edu-header').getByRole('button', { name: '个人设置', exact: true }).click();
    await expect(page.getByRole('heading', SETTINGS_HEADING)).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).hash).toBe(route);
    // Face enrolment lives there.
    await expect(page.getByRole('heading', { name: '人脸采集', level: 2 })).toBeVisible();
  });
}

test('on a 360 px phone the header menu leads to the personal settings', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/mobile_desktop_all/index.html');
  await page.locator('edu-header').getByRole('button', { name: '菜单', exact: true }).click();
  await page.locator('edu-header').getByRole('button', { name: '个人设置', exact: true }).click();
  await expect(page.getByRole('heading', SETTINGS_HEADING)).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).hash).toBe('#/desktop/setting');
});

test('the forgot-password page says how passwords change here, and names no settings that do not exist', async ({
  page,
}) => {
  await page.goto('/#/forgetPassword');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: '忘记密码', level: 1 })).toBeVisible();
  await expect(article).toContainText('同样请管理员重置');
  await expect(article).not.toContainText('个人设置');
});
