// The portal shell's ways back in (spec part 1 §2 "Routes", §4 "Login flow", "Session expiry", "Login dialog"): an
// app entry page opened signed out or after the session expired shows the login page and lands back on the app
// after signing in; the login dialog is always the top layer and holds focus, over a dialog that opened after it.
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { configureServer, resetServer, sessionUser, signInWithForm } from './login-helpers.ts';
import { PASSWORD, desktop, desktopReady, openDesktop, reseed, welcome } from './portal-helpers.ts';

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
