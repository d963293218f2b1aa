// The demo host's dialog and notices page, used as a person would: mouse, keyboard, three languages.
import { test, expect } from '@playwright/test';
import { collectPageErrors, dialogHost, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('opens the dialog, keeps it open while unsaved, closes after saving', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/blocks/dialogs');
  await page.getByRole('button', { name: '打开对话框' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑班级公告' });
  const content = dialogHost(page, dialog);
  await expect(dialog).toBeVisible();

  // Focus is inside the dialog; typing then Escape is vetoed with a warning, and nothing typed is lost.
  await content.getByRole('textbox').fill('明天下午停课');
  await page.keyboard.press('Escape');
  await expect(page.getByText('内容尚未保存，已阻止关闭。', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(content.getByRole('textbox')).toHaveValue('明天下午停课');

  await content.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('公告已保存', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Escape closes only the nested dialog, then the first one, and focus returns to the opener', async ({ page }) => {
  await page.goto('/#/blocks/dialogs');
  const opener = page.getByRole('button', { name: '打开对话框' });
  await opener.click();
  const first = page.getByRole('dialog', { name: '编辑班级公告' });
  await dialogHost(page, first).getByRole('button', { name: '打开嵌套对话框' }).click();
  const nested = page.getByRole('dialog', { name: '确认发布' });
  await expect(nested).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(nested).toBeHidden();
  await expect(first).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a backdrop click closes only when that option is on', async ({ page }) => {
  await page.goto('/#/blocks/dialogs');
  await page.getByRole('button', { name: '打开对话框' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑班级公告' });
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByLabel('点击遮罩关闭').check();
  await page.getByRole('button', { name: '打开对话框' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test('the dialog is dragged by its header and stays inside the viewport', async ({ page }) => {
  await page.goto('/#/blocks/dialogs');
  await page.getByRole('button', { name: '打开对话框' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑班级公告' });
  const title = dialog.getByRole('heading', { name: '编辑班级公告' });
  const before = (await dialog.boundingBox())!;
  const grip = (await title.boundingBox())!;
  await page.mouse.move(grip.x + 5, grip.y + 5);
  await page.mouse.down();
  await page.mouse.move(grip.x - 2000, grip.y - 2000, { steps: 5 });
  await page.mouse.up();
  const after = (await dialog.boundingBox())!;
  expect(after.x).toBeLessThan(before.x);
  expect(after.x).toBeGreaterThanOrEqual(0);
  expect(after.y).toBeGreaterThanOrEqual(0);
});

test('notices of each kind show, stack with a gap and read as text', async ({ page }) => {
  await page.goto('/#/blocks/dialogs');
  await page.getByRole('button', { name: '成功通知' }).click();
  await page.getByRole('button', { name: '错误通知' }).click();
  const success = page.getByText('公告已保存', { exact: true });
  const error = page.getByText('网络异常，请稍后重试', { exact: true });
  await expect(success).toBeVisible();
  await expect(error).toBeVisible();
  const a = (await success.boundingBox())!;
  const b = (await error.boundingBox())!;
  expect(b.y).toBeGreaterThan(a.y);
  await expect(page.getByRole('alert')).toContainText('网络异常');
});

test('switching the language relabels the host and the elements live', async ({ page }) => {
  await page.goto('/#/blocks/dialogs');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Dialogs and notices' })).toBeVisible();
  await page.getByRole('button', { name: 'Open dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit class announcement' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByLabel('Language').selectOption('zh-HK');
  await page.getByRole('button', { name: '打開對話框' }).click();
  await expect(page.getByRole('dialog', { name: '編輯班級公告' }).getByRole('button', { name: '關閉' })).toBeVisible();
  // The choice is remembered for the next visit.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('heading', { name: '對話框與通知' })).toBeVisible();
});

test('unknown routes show the not-found page', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});
