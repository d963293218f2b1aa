// Shared steps of the end-to-end tests: the reference server's test hooks and signing in through the real API.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../packages/server/src/config.ts';

/** The password of every demo account: the reference server's own constant. */
export const PASSWORD = DEMO_PASSWORD;

/** Where specs write the screenshots they take to be looked at. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

/** Resets the server's test hooks (counters, failures, sessions) before a test. */
export async function resetServer(request: APIRequestContext): Promise<void> {
  await request.post('/api/__test/reset');
}

/** Signs the page's browser context in as `username` by the real login call; the cookies land in the context. */
export async function signIn(page: Page, username: string): Promise<void> {
  const response = await page.request.post('/api/uaa/oauth/login', { data: { username, password: PASSWORD } });
  const body = (await response.json()) as { status: number };
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
}

/** Collects uncaught page errors so a test can assert there were none. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The `<edu-dialog>` host of a dialog found by role: its slotted content is light DOM of the host, not a descendant
 * of the native `<dialog>` inside the shadow root, so content queries start here.
 */
export function dialogHost(page: Page, dialog: Locator): Locator {
  return page.locator('edu-dialog').filter({ has: dialog });
}
