// The chart block in the demo host: the three charts draw the reference server's demo data, in each theme.
import { test, expect, type Page } from '@playwright/test';
import { SHOTS_DIR, collectPageErrors, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

/** Non-transparent pixels of a chart's canvas. */
async function painted(page: Page, index: number): Promise<number> {
  return page
    .locator('edu-chart')
    .nth(index)
    .evaluate((el) => {
      const canvas = el.shadowRoot!.querySelector('canvas');
      if (!canvas) return 0;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
}

test('the charts draw the demo data, in each theme', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/#/blocks/chart');
  const charts = page.locator('edu-chart');
  await expect(charts).toHaveCount(3);
  await expect(page.getByRole('img', { name: '各年级男女生人数' })).toBeVisible();
  for (let i = 0; i < 3; i++) await expect.poll(() => painted(page, i)).toBeGreaterThan(2000);
  await page.screenshot({ path: `${SHOTS_DIR}/chart-macarons.png`, fullPage: true });
  for (const theme of ['infographic', 'roma', 'shine']) {
    await page.getByLabel('主题').selectOption(theme);
    await expect(charts.first()).toHaveAttribute('theme', theme);
    for (let i = 0; i < 3; i++) await expect.poll(() => painted(page, i)).toBeGreaterThan(2000);
  }
  await page.screenshot({ path: `${SHOTS_DIR}/chart-shine.png`, fullPage: true });
  // The description is ECharts' account of the data, in the page's language.
  const description = await charts
    .first()
    .evaluate((el) => el.shadowRoot!.querySelector('#description')!.textContent ?? '');
  expect(description).toContain('各年级男女生人数');
  expect(description).toContain('柱状图');
  expect(errors).toEqual([]);
});
