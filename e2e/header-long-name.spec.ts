// Long names in Chromium: a long real name and unit name (80 characters, and a hostile 100 kB) on the desktop
// at 1366×768 are cut with an ellipsis and every header control stays on screen and clickable. Screenshots kept.
import { test, expect } from '@playwright/test';
import { keepScreenshot, DESKTOP_HOME, reseed, signIn } from './helpers.ts';

for (const [what, size] of [
  ['80-character', 80],
  ['100 kB', 100_000],
] as const) {
  test(`desktop header at 1366×768 with a ${what} name keeps every control reachable`, async ({ page, request }) => {
    await reseed(request);
    const long = '超长的真实姓名'.repeat(Math.ceil(size / 7)).slice(0, size);
    // The server's user, as a planted row would make it answer.
    await page.route(/\/api\/uaa\/oauth\/me/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { realName?: string; unitName?: string } };
      if (body.data) {
        body.data.realName = long;
        body.data.unitName = `${long}学校`;
      }
      await route.fulfill({ response, json: body });
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'teacher1');
    await page.goto(DESKTOP_HOME);
    const header = page.locator('edu-header');
    const welcome = header.locator('[part="welcome"]');
    await expect(welcome).toBeVisible();
    await expect(welcome).toHaveAttribute('title', `欢迎您，${long}`);
    const controls = header.locator('.tools button:visible, .tools select:visible');
    const count = await controls.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      const box = (await controls.nth(i).boundingBox())!;
      const name = (await controls.nth(i).getAttribute('aria-label')) ?? String(i);
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(1366);
      expect(box.y + box.height, name).toBeLessThanOrEqual(768);
      // Clickable where it is: a trial click reaches the control itself.
      await controls.nth(i).click({ trial: true, timeout: 2000 });
    }
    await page.mouse.move(2, 2);
    await keepScreenshot(page, `header-long-name-${size}`);
  });
}
