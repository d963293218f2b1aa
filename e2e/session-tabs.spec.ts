// One refresh across tabs in Chromium: two real tabs whose access tokens expired together keep the session (one
// refresh across tabs, the server's rotation overlap), and a reload after the access token expired stays signed in.
import { test, expect, type Page } from '@playwright/test';
import { collectPageErrors, resetServer, signIn, DESKTOP_HOME, desktopReady, reseed, welcome } from './helpers.ts';

const LEGACY = '/legacy/index.html';

interface RoundResult {
  ok: number;
  failed: string[];
}

/** Fires `count` calls through the page's own client (the one the legacy page's bundle exposes). */
function fire(page: Page, count: number): Promise<RoundResult> {
  return page.evaluate(async (n) => {
    const { core } = await window.EduPortal.ready;
    const settled = await Promise.allSettled(
      Array.from({ length: n }, (_, i) => core.client.get('/api/__test/echo', { i })),
    );
    const failed = settled
      .filter((s) => s.status === 'rejected' || s.value.status !== 200)
      .map((s) => (s.status === 'rejected' ? String((s.reason as Error).message) : String(s.value.status)));
    return { ok: n - failed.length, failed };
  }, count);
}

async function openLegacy(page: Page): Promise<void> {
  await page.goto(LEGACY);
  await expect(page.locator('#account')).toHaveText(/欢迎，\S+/);
  // No login dialog as relogin handling here: a lost session must show as failed calls, not as a waiting dialog.
  await page.evaluate(async () => (await window.EduPortal.ready).core.configureClient({ relogin: null }));
}

test.describe('two tabs', () => {
  test.beforeEach(async ({ request }) => resetServer(request));

  test('whose access tokens expire together keep the session 20 rounds of 20 of 20 calls each', async ({
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    const errors = [...collectPageErrors(tabA), ...collectPageErrors(tabB)];
    await signIn(tabA, 'teacher1');
    await openLegacy(tabA);
    await openLegacy(tabB);

    let kept = 0;
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      await request.post('/api/__test/expire');
      const [a, b] = await Promise.all([fire(tabA, 20), fire(tabB, 20)]);
      if (a.ok === 20 && b.ok === 20) kept++;
      else failures.push(`round ${round}: ${JSON.stringify({ a, b })}`);
    }
    expect(failures).toEqual([]);
    expect(kept).toBe(20);
    const calls = (
      (await (await request.get('/api/__test/stats')).json()) as { data: { calls: Record<string, number> } }
    ).data.calls;
    // One refresh per round between the two tabs, rarely a second one: never one per tab per round.
    expect(calls['GET /api/uaa/oauth/refresh']).toBeGreaterThanOrEqual(20);
    expect(calls['GET /api/uaa/oauth/refresh']).toBeLessThan(30);
    // Both tabs still signed in, and neither shows a login dialog.
    for (const tab of [tabA, tabB]) {
      await expect(tab.locator('#account')).toHaveText(/欢迎，\S+/);
      await expect(tab.getByRole('dialog')).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('a reload after the access token expired', () => {
  test.beforeEach(async ({ request }) => reseed(request));

  test('stays signed in on the desktop, without a login page or dialog', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    await signIn(page, 'teacher1');
    await page.goto(DESKTOP_HOME);
    await expect(welcome(page, '李明华')).toBeVisible();
    await desktopReady(page);

    await request.post('/api/__test/expire');
    await page.reload();
    await expect(welcome(page, '李明华')).toBeVisible();
    await desktopReady(page);
    expect(page.url()).not.toContain('login');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const me = await page.request.get('/api/uaa/oauth/me');
    expect(((await me.json()) as { status: number }).status).toBe(200);
    expect(errors).toEqual([]);
  });

  test('and on the legacy page', async ({ page, request }) => {
    await signIn(page, 'parent1');
    await openLegacy(page);
    await request.post('/api/__test/expire');
    await page.reload();
    await expect(page.locator('#account')).toHaveText('欢迎，王丽');
  });

  test('but not once the refresh token has gone too', async ({ page }) => {
    await signIn(page, 'parent1');
    await openLegacy(page);
    await page.context().clearCookies();
    await page.reload();
    await expect(page.locator('#login')).toBeVisible();
    await expect(page.locator('#account')).toHaveText('');
  });
});
