// The Content-Security-Policy the reference server sends with every page (README "Security"): the portal, every
// block of the demo host and the plain school pages run under it with no violation at all, and no other site may
// frame them.
import { test, expect, type Page } from '@playwright/test';
import { collectPageErrors, resetServer, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

/** Records every `securitypolicyviolation` of the page (and its frames) from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return async () => [
    ...refused,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

const BLOCKS = [
  'blocks/dialogs',
  'blocks/form-dialog',
  'blocks/color-picker',
  'blocks/empty',
  'blocks/about',
  'blocks/export',
  'blocks/paged-list',
  'blocks/chart',
  'blocks/viewport',
  'blocks/upload',
  'blocks/voice',
  'blocks/face',
  'blocks/header',
  'blocks/login',
];

test('every block of the demo host runs under the policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const errors = collectPageErrors(page);
  const answer = await page.goto('/');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
  await signIn(page, 'teacher1');
  for (const path of BLOCKS) {
    await page.goto(`/#/${path}`);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the portal desktop and settings run under the policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/pc_desktop_all/index.html');
  await expect(page.locator('edu-desktop, edu-header').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  await page.goto('/#/desktop/setting');
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('the plain school pages, inline scripts and all, run under the policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/legacy/index.html', '/legacy/face.html', '/legacy/voice.html']) {
    const answer = await page.goto(path);
    expect(answer?.headers()['content-security-policy'], path).toMatch(/'sha256-/);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
  // The legacy page's own inline module script ran (it fills in the school's name).
  await page.goto('/legacy/index.html');
  await expect(page.locator('#school')).toHaveText('滨江区实验中学');
});

test('a page of another origin cannot frame the login page, and an injected inline script does not run', async ({
  page,
  baseURL,
}) => {
  // A page of no origin of ours (a blank page with its own markup) frames the login page: the browser refuses to
  // show it (the frame ends on Chromium's error page, not on the portal).
  await page.goto('about:blank');
  await page.setContent(`<iframe title="framed portal" src="${baseURL}/#/login"></iframe>`);
  const child = () => page.frames().find((frame) => frame !== page.mainFrame());
  await expect.poll(() => child()?.url() ?? '').toMatch(/^chrome-error:/);
  // The portal framing itself (its own origin) is allowed.
  await page.goto('/legacy/index.html');
  const framedOwn = await page.evaluate(async (url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    return frame.contentDocument?.location.href ?? null;
  }, `${baseURL}/#/login`);
  expect(framedOwn).toContain('/#/login');
  // Markup that sneaks an inline script into the page is refused by the policy (and the watcher the other tests
  // rely on sees the refusal).
  const violations = await watchViolations(page);
  await page.goto('/legacy/index.html');
  const ran = await page.evaluate(async () => {
    (window as unknown as { __injected?: boolean }).__injected = false;
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected;
  });
  expect(ran).toBe(false);
  expect((await violations()).join('\n')).toMatch(/script-src/);
});
