// Shared steps of the login end-to-end tests: the login form as a person fills it, what the server says about the
// session, what the browser keeps, axe, and screenshots kept under test-results/ for a person to look at.
import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { PASSWORD, resetServer, signIn, collectPageErrors } from './helpers.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
  // Evaluated through the debugging protocol, not as an inline <script>: the portal's CSP refuses inline scripts.
  if (!installed) await page.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
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
