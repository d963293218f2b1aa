// Language packs on the app pages (spec part 2 §4 "Language-pack loading": failures are ignored): in en and zh-HK
// every app page loads without a failed request or a console error; the homework app, which has texts of its own,
// shows them from its pack.
import { test, expect } from '@playwright/test';
import { resetServer, reseed, signIn } from './helpers.ts';

test.beforeEach(async ({ request }) => {
  await resetServer(request);
  await reseed(request);
});

const PAGES = {
  teacher1: [
    '/pages/edu/pc_edu_tm/index.html',
    '/pages/exam/pc_exam_tm/index.html',
    '/pages/base/pc_timetable_tm/index.html',
    '/pages/base/pc_oa_tm/index.html',
    '/pages/homework/pc_homework_tm/index.html',
  ],
  area1: ['/area/areaBase/pc_areaBase_spm/index.html', '/area/areaReport/pc_areaReport_spm/index.html'],
} as const;

for (const lang of ['en', 'zh-HK'] as const) {
  for (const [user, paths] of Object.entries(PAGES)) {
    test(`${lang}, ${user}: the app pages load without a failed request or a console error`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      await signIn(page, user);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('#app-page-title')).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.waitForLoadState('networkidle');
      }
      expect(problems).toEqual([]);
    });
  }
}

test('the homework app shows its own text from its pack in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('PH_MY_SET_LANG', 'en'));
  await signIn(page, 'teacher1');
  await page.goto('/pages/homework/pc_homework_tm/index.html');
  await expect(page.getByText(/from its English language pack/)).toBeVisible({ timeout: 15_000 });
});
