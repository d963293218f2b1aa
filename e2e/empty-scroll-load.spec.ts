// The empty block and the scroll-load helper in the demo host: 15 more items each time the list reaches its bottom,
// the empty block when nothing matches.
import { test, expect } from '@playwright/test';
import { resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('empty block and scroll loading: 15 more items each time the list reaches its bottom, the empty block on no match', async ({
  page,
}) => {
  await page.goto('/#/blocks/empty');
  await expect(page.locator('edu-empty').first()).toContainText('暂无数据');
  const list = page.getByTestId('scroll-list');
  await expect(list.getByRole('listitem')).toHaveCount(15);
  await expect(page.getByTestId('shown')).toHaveText('已显示 15 / 200 条');
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.getByRole('listitem')).toHaveCount(30);
  // 20 px short of the bottom is outside the 10 px threshold: nothing more.
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight - 20));
  await page.waitForTimeout(200);
  await expect(list.getByRole('listitem')).toHaveCount(30);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight - el.clientHeight - 5));
  await expect(list.getByRole('listitem')).toHaveCount(45);

  await page.getByLabel('搜索通知').fill('没有这种通知');
  await expect(list).toHaveCount(0);
  await expect(page.locator('edu-empty').last()).toContainText('没有找到相关通知');
});
