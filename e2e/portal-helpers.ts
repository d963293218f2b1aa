// Shared steps of the portal end-to-end tests (spec part 1 §2, §4, §6): the seeded data back before each test, a
// demo account signed in on its landing desktop, the parts of the portal a person finds by role and name, and
// screenshots kept under test-results/portal-screens/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { axeViolations, settled } from './login-helpers.ts';

export { PASSWORD, collectPageErrors, dialogHost, signIn } from './helpers.ts';
export { settled } from './login-helpers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The school pc desktop (with the pop-up to-do panel). */
export const SCHOOL_DESKTOP = '/pages/base/pc_desktop_all/index.html';
/** The desktop without user messages (no pop-up to-do panel). */
export const DESKTOP_HOME = `${SCHOOL_DESKTOP}#/desktop/home`;

/** The demo accounts the portal tests sign in as, with the real names the header greets. */
export const ACCOUNTS = {
  teacher1: { realName: '李明华', landing: SCHOOL_DESKTOP },
  parent1: { realName: '王丽', landing: SCHOOL_DESKTOP },
  parent2: { realName: '李明华', landing: SCHOOL_DESKTOP },
} as const;
export type Account = keyof typeof ACCOUNTS;

/**
 * The seeded demo data back (messages unread, themes, icon order, children) and every session dropped: call in
 * `beforeEach` so each test starts from the same portal.
 */
export async function reseed(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/__test/reseed');
  expect(response.ok(), `reseed answered ${response.status()}`).toBe(true);
}

/** The portal header. */
export function header(page: Page): Locator {
  return page.locator('edu-header');
}

/** The header's welcome text for `realName`. */
export function welcome(page: Page, realName: string): Locator {
  return header(page).getByText(`欢迎您，${realName}`, { exact: true });
}

/** The header's message bell (its name carries the unread count: "消息，6 条未读"). */
export function bell(page: Page): Locator {
  return header(page).getByRole('button', { name: /^消息/ });
}

/** The unread count the bell says, 0 when it names none. */
export async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const count = /，(\d+)\+? 条未读/.exec(name);
  return count ? Number(count[1]) : 0;
}

/** The desktop's app grid. */
export function desktop(page: Page): Locator {
  return page.locator('edu-desktop');
}

/** A card of the desktop (a group, the recent row, the flat list) by its heading. */
export function desktopGroup(page: Page, heading: string): Locator {
  return desktop(page).getByRole('region', { name: heading, exact: true });
}

/** The app names of a list of app buttons, in order (the label part, without the unread text). */
export async function appNames(list: Locator): Promise<string[]> {
  return list.locator('button.app [part="label"]').allInnerTexts();
}

/**
 * Signs in as `user` by the real login call and opens `path` (default: the account's landing desktop), then waits
 * for the header's welcome and the desktop's (or app page's) icons.
 */
export async function openDesktop(
  page: Page,
  user: Account,
  path: string = ACCOUNTS[user].landing,
  timeout?: number,
): Promise<void> {
  await signIn(page, user);
  await page.goto(path);
  await expect(welcome(page, ACCOUNTS[user].realName)).toBeVisible({ timeout });
}

/** Waits until the desktop shows its icons (no loading message, at least one app button). */
export async function desktopReady(page: Page, timeout?: number): Promise<void> {
  await expect(desktop(page).getByRole('status').filter({ hasText: '正在加载应用' })).toHaveCount(0, { timeout });
  await expect(desktop(page).getByRole('button').first()).toBeVisible({ timeout });
}

/** Asserts that axe finds nothing on the page (or inside `include`). */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  await settled(page);
  const violations = await axeViolations(page, include);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** The header's logout: its button "退出", then its own confirmation "确定要退出系统吗？" (the dialog "提示"). */
export function logoutSteps(page: Page) {
  const confirm = header(page).getByRole('dialog', { name: '提示' });
  return {
    button: header(page).getByRole('button', { name: '退出', exact: true }),
    confirm,
    text: header(page).getByText('确定要退出系统吗？'),
    ok: header(page).locator('edu-dialog').getByRole('button', { name: '确定', exact: true }),
    cancel: header(page).locator('edu-dialog').getByRole('button', { name: '取消', exact: true }),
  };
}

/** Logs out with the header's button and its confirmation. */
export async function logOutFromHeader(page: Page): Promise<void> {
  const steps = logoutSteps(page);
  await steps.button.click();
  await expect(steps.confirm).toBeVisible();
  await steps.ok.click();
}

/** Waits until a dialog (found by role) has faded in completely, so axe reads its real colours. */
export async function dialogShown(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

/** A notice (`<edu-notice>`) with exactly `text`. */
export function notice(page: Page, text: string): Locator {
  return page.locator('edu-notice').getByText(text, { exact: true });
}

/** Saves a screenshot under test-results/portal-screens/ (kept after the run, to be looked at). */
export async function portalShot(page: Page, name: string): Promise<string> {
  const file = join(root, 'test-results', 'portal-screens', `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await settled(page);
  await page.screenshot({ path: file });
  return file;
}
