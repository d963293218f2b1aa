// Shared steps of the end-to-end tests, in one module: the reference server's test hooks and signing in through the
// real API; the login form as a person fills it, what the server says about the session, what the browser keeps, axe;
// the portal's seeded data back before each test, a demo account signed in on its landing desktop, the parts of the
// portal a person finds by role and name; screenshots kept under test-results/ for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../packages/server/src/config.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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

// ---- Login -------------------------------------------------------------------------------------------------

/** The default landing page of a school teacher on a pc, in production (root path `pages`). */
export const SCHOOL_HOME = /\/pages\/base\/pc_desktop_all\/index\.html/;

/** Landed on the school home, and the portal has started there (its header welcomes the signed-in user). */
export async function expectLanded(page: Page): Promise<void> {
  // The path, not the whole URL: the login page's own address names the desktop in its redirect_uri.
  await expect(page).toHaveURL((url) => SCHOOL_HOME.test(url.pathname));
  // A new document that starts the host and loads the desktop's page chunk: slower than 5 s on a busy 2-core machine.
  await expect(page.locator('edu-header').getByText(/欢迎您，\S/)).toBeVisible({ timeout: 15_000 });
}

/** The fields of the login box (or dialog) inside `scope`, found by their labels as a person would. */
export function loginForm(scope: Page | Locator, labels = { account: '账号', password: '密码', submit: '登录' }) {
  return {
    account: scope.getByLabel(labels.account, { exact: true }),
    password: scope.getByLabel(labels.password, { exact: true }),
    remember: scope.getByRole('checkbox'),
    submit: scope.getByRole('button', { name: labels.submit, exact: true }),
  };
}

/** Fills and sends the login box of the page. */
export async function signInWithForm(page: Page, username: string, password: string, remember = false) {
  const form = loginForm(page.locator('edu-login-box'));
  await form.account.fill(username);
  await form.password.fill(password);
  if (remember) await form.remember.check();
  await form.submit.click();
}

/** Who the browser's session is, by the server (null when signed out). */
export async function sessionUser(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/uaa/oauth/me');
  const body = (await response.json()) as { status: number; data: { loginName?: string } | null };
  return body.status === 200 ? (body.data?.loginName ?? null) : null;
}

/** How often the server was called, by `METHOD path`, since the last reset. */
export async function serverCalls(request: APIRequestContext): Promise<Record<string, number>> {
  const response = await request.get('/api/__test/stats');
  return ((await response.json()) as { data: { calls: Record<string, number> } }).data.calls;
}

/** Steers the reference server's test hooks. */
export async function configureServer(request: APIRequestContext, settings: Record<string, unknown>): Promise<void> {
  await request.post('/api/__test/config', { data: settings });
}

/** Everything the page keeps in web storage and readable cookies, as one text. */
export async function browserStorage(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
  );
}

/** The forms a stored password must never take: plain, URL-encoded, base64 and hex of its UTF-8 bytes. */
export function passwordForms(password: string): string[] {
  const bytes = Buffer.from(password, 'utf8');
  const hex = bytes.toString('hex');
  return [
    password,
    encodeURIComponent(password),
    bytes.toString('base64'),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
    hex,
    hex.toUpperCase(),
  ];
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core (from node_modules) in the page; resolves with its violations, empty when it passes. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const installed = await page.evaluate(() => 'axe' in window);
  if (!installed)
    // Evaluated by the test driver, not added as an inline <script>: the pages' CSP refuses inline scripts.
    await page.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, include ?? null);
}

/** Waits until no transition or animation runs (a dialog fading in would read as low contrast). */
export async function settled(page: Page): Promise<void> {
  // `document.getAnimations()` does not list animations inside shadow roots (a dialog's fade-in): walk them too.
  await page.waitForFunction(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    return roots
      .flatMap((root) => root.getAnimations())
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  });
}

/** Asserts that axe finds nothing, naming what it found. */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  await settled(page);
  const violations = await axeViolations(page, include);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** Saves a screenshot under test-results/login-screens/ (kept after the run, to be looked at). */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  const file = join(root, 'test-results', 'login-screens', `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  return file;
}

/** Chooses a language with the language menu of the page (the login frame's or the demo header's). */
export async function chooseLanguage(page: Page, label: string, value: 'zh-CN' | 'en' | 'zh-HK'): Promise<void> {
  await page.getByLabel(label).selectOption(value);
}

// ---- Portal ------------------------------------------------------------------------------------------------

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
