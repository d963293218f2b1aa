// English names on the built portal: every desktop tile's name takes at most two lines, then is cut, and its button
// carries the whole name as tooltip (teacher1's school desktop, area1's area desktop with "District Administration");
// on a 360 px phone the header's unit name takes two lines and the phone menu shows it whole.
import { test, expect, type Page } from '@playwright/test';
import { header, reseed, signIn } from './helpers.ts';

test.beforeEach(async ({ request, page }) => {
  await reseed(request);
  await page.addInitScript(() => localStorage.setItem('PH_MY_SET_LANG', 'en'));
});

/** Each tile as [its label, its tooltip, its label's lines]. */
async function tiles(page: Page): Promise<[string, string, number][]> {
  const desktop = page.locator('edu-desktop');
  await expect(desktop.locator('button[data-code]').first()).toBeVisible({ timeout: 15_000 });
  return desktop.locator('button[data-code]').evaluateAll((buttons) =>
    buttons.map((button) => {
      const label = button.querySelector('[part="label"]') as HTMLElement;
      const lines = Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight));
      return [label.textContent!.trim(), button.getAttribute('title') ?? '', lines] as [string, string, number];
    }),
  );
}

for (const [user, name, path] of [
  ['teacher1', 'Homework', '/pages/base/pc_desktop_all/index.html#/desktop/home'],
  ['area1', 'District Administration', '/area/areaBase/pc_areaDesktop_all/index.html#/areaDesktop/home'],
] as const) {
  test(`${user}'s desktop tiles at 1366×768 in English: two lines at most, the whole name as tooltip`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, user);
    await page.goto(path);
    const all = await tiles(page);
    expect(all.map(([label]) => label)).toContain(name);
    for (const [label, title, lines] of all) {
      expect(title, label).toBe(label);
      expect(lines, label).toBeGreaterThanOrEqual(1);
      expect(lines, label).toBeLessThanOrEqual(2);
    }
  });
}

test('the phone header shows the unit name on two lines, the menu shows it whole', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/mobile_desktop_all/index.html');
  const unit = ((await (await page.request.get('/api/uaa/oauth/me')).json()) as { data: { unitEnName: string } }).data
    .unitEnName;
  const title = header(page).locator('[part="title"]');
  await expect(title).toHaveText(unit);
  await expect(title).toHaveAttribute('title', unit);
  const lines = await title.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBe(2);
  await header(page).getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = header(page).getByRole('region', { name: 'Menu' });
  await expect(menu.getByText(unit, { exact: true })).toBeVisible();
  const whole = await menu
    .getByText(unit, { exact: true })
    .evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
  expect(whole).toBe(true);
});
