// The form dialog block in the demo host, used as a person would: add, then add the next; edit mode and its
// discard question; the drawer placement.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { collectPageErrors, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

/**
 * The native dialog found by role, and the element that owns it. The fields and buttons are slotted into the inner
 * `<edu-dialog>`, so they are not descendants of the native `<dialog>`: content queries start at the owner.
 */
function ownedDialog(page: Page, tag: string, name: string): { dialog: Locator; host: Locator } {
  const dialog = page.getByRole('dialog', { name });
  return { dialog, host: page.locator(tag).filter({ has: dialog }) };
}

const formDialog = (page: Page, name: string) => ownedDialog(page, 'edu-form-dialog', name);

test('form dialog: add, then add the next, then close; the roster has both', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/blocks/form-dialog');
  const roster = page.getByRole('table', { name: '学生名单' });
  await expect(roster.getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: '新增学生' }).click();
  const { dialog, host } = formDialog(page, '新增学生');
  await expect(dialog).toBeVisible();
  const confirm = host.getByRole('button', { name: '立即添加' });
  const addNext = host.getByRole('checkbox', { name: '提交后继续添加' });
  await expect(addNext).not.toBeChecked();

  // Native validation first: nothing is saved while the required name is empty.
  await confirm.click();
  await expect(host.getByLabel('姓名')).toBeFocused();
  await expect(roster.getByRole('row')).toHaveCount(3);

  await addNext.check();
  await host.getByLabel('姓名').fill('张三');
  await host.getByLabel('学号（4 位数字）').fill('0103');
  await confirm.click();
  // Loading until the (simulated) save is done, then an empty form for the next one.
  await expect(confirm).toHaveAttribute('aria-busy', 'true');
  await expect(roster.getByRole('cell', { name: '张三', exact: true })).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-busy', 'false');
  await expect(dialog).toBeVisible();
  await expect(host.getByLabel('姓名')).toHaveValue('');
  await expect(host.getByLabel('姓名')).toBeFocused();
  await expect(addNext).toBeChecked();

  // The host's validation: a name already on the roster is refused at the field.
  await page.keyboard.type('张三');
  await host.getByLabel('学号（4 位数字）').fill('0104');
  await confirm.click();
  await expect(host.getByLabel('姓名')).toBeFocused();
  expect(await host.getByLabel('姓名').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    '该姓名已在名单中',
  );

  await host.getByLabel('姓名').fill('李四');
  await host.getByLabel('性别').selectOption('2');
  await addNext.uncheck();
  await host.getByLabel('学号（4 位数字）').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(roster.getByRole('row')).toHaveCount(5);
  await expect(roster.getByRole('row', { name: /李四/ })).toContainText('女');
  expect(errors).toEqual([]);
});

test('form dialog: edit mode says "立即修改", has no add-next box, and asks before discarding changes', async ({
  page,
}) => {
  await page.goto('/#/blocks/form-dialog');
  await page.getByRole('button', { name: '修改 李华' }).click();
  const { dialog, host } = formDialog(page, '修改学生');
  await expect(dialog).toBeVisible();
  await expect(host.getByRole('button', { name: '立即修改' })).toBeVisible();
  await expect(host.getByRole('checkbox', { name: '提交后继续添加' })).toHaveCount(0);
  await expect(host.getByLabel('姓名')).toHaveValue('李华');

  await host.getByLabel('备注').fill('班长兼学习委员');
  await page.keyboard.press('Escape');
  const question = host.getByRole('alert').filter({ hasText: '确定放弃吗' });
  await expect(question).toBeVisible();
  await host.getByRole('button', { name: '继续编辑' }).click();
  await expect(dialog).toBeVisible();
  await host.getByRole('button', { name: '立即修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: '班长兼学习委员' })).toBeVisible();
});

test('form dialog as a drawer: full height at the right edge', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/#/blocks/form-dialog');
  await page.getByLabel('以抽屉形式打开').check();
  await page.getByRole('button', { name: '新增学生' }).click();
  const { dialog } = formDialog(page, '新增学生');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.height)).toBe(800);
  expect(Math.round(box.x + box.width)).toBe(1200);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
