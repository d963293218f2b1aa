// Cross-site request forgery in a real browser (README "Security"): a page of another port on the same host is the
// same site, so the browser sends the portal's SameSite=Lax cookies with its form posts. The page auto-submits a
// face, a logout and a login; the server refuses each by where it came from, and nothing changes for the victim.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import { resetServer, signIn, PASSWORD } from './helpers.ts';

let attacker: Server;
let attackerUrl = '';
/** What the attacker's page posts next: set by each test before it opens the page. */
let forged: { action: string; fields: Record<string, string> } = { action: '', fields: {} };

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    const inputs = Object.entries(forged.fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><title>prize</title><form method="post" action="${forged.action}">` +
        `${inputs}</form><script>document.forms[0].submit()</script></html>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test.beforeEach(async ({ request }) => resetServer(request));

/** Opens the attacker's page, which posts at once, and waits for the post's answer. */
async function visitAttacker(page: Page, action: string, fields: Record<string, string>): Promise<number> {
  forged = { action, fields };
  const answer = page.waitForResponse(
    (response) => response.url() === action && response.request().method() === 'POST',
  );
  await page.goto(attackerUrl);
  return (await answer).status();
}

test('a same-site page cannot plant a face on the signed-in user, nor sign them out', async ({ page, baseURL }) => {
  await signIn(page, 'teacher1');
  const photo = Buffer.from('an attacker photo').toString('base64');
  expect(await visitAttacker(page, `${baseURL}/api/uaa/face/check`, { faceImage: photo, userId: '10001' })).toBe(403);
  expect(await visitAttacker(page, `${baseURL}/api/uaa/oauth/logout`, {})).toBe(403);
  // Still signed in, and no face stored.
  const me = await page.request.get('/api/uaa/oauth/me');
  expect(((await me.json()) as { status: number }).status).toBe(200);
  const face = await page.request.get('/api/uaa/face/user?userId=10001');
  expect(((await face.json()) as { data: { faceImage: string | null } }).data.faceImage).toBeNull();
});

test('a same-site page cannot sign the browser in as the attacker', async ({ page, baseURL }) => {
  await visitAttacker(page, `${baseURL}/api/uaa/oauth/form_login`, {
    username: 'student1',
    password: PASSWORD,
    redirect_uri: '/',
  });
  // The form login sends the browser back to its login page, signed out.
  await expect(page).toHaveURL(/#\/login\?error=invalid_request/);
  const me = await page.request.get('/api/uaa/oauth/me');
  expect(((await me.json()) as { status: number }).status).toBe(401);
  expect(
    await visitAttacker(page, `${baseURL}/api/uaa/oauth/login`, { username: 'student1', password: PASSWORD }),
  ).toBe(403);
  const after = await page.request.get('/api/uaa/oauth/me');
  expect(((await after.json()) as { status: number }).status).toBe(401);
});

test("the portal's own form posts still work (the export download)", async ({ page }) => {
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/export');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
