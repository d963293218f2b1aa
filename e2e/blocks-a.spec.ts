// Building blocks A in the demo host, used as a person would: the form dialog's add-then-add-next flow, the colour
// picker in a dialog at the bottom edge of the window, the about dialog and footer against the reference server, and
// the empty block with the scroll-load helper.
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

test('colour picker in a dialog at the bottom edge: the panel flips up, stays fully visible, Escape closes it first', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto('/#/blocks/color-picker');
  await page.getByRole('button', { name: '在对话框中使用' }).click();
  const { dialog, host } = ownedDialog(page, 'edu-dialog', '编辑通知样式');
  await expect(dialog).toBeVisible();
  const dialogBox = (await dialog.boundingBox())!;
  expect(Math.round(dialogBox.y + dialogBox.height)).toBe(700);

  const trigger = host.getByRole('button', { name: /^文字颜色：/ });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: '选择颜色' });
  await expect(panel).toBeVisible();
  const triggerBox = (await trigger.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  // Flipped above the trigger, and whole.
  expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(triggerBox.y + 1);
  expect(panelBox.y).toBeGreaterThanOrEqual(0);
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(1000);
  // Every swatch can be hit where it is drawn: nothing clips or covers the panel.
  const purple = panel.getByRole('radio', { name: '紫色' });
  await expect(purple).toBeInViewport({ ratio: 1 });

  // Keyboard: Tab into the theme colours, arrows move, Enter chooses.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await panel.getByRole('radiogroup', { name: '标准色' }).getByRole('radio', { name: '深红色' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('radio', { name: '红色', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('dialog-color')).toHaveText('#ff0000');

  await trigger.click();
  await purple.click();
  await expect(page.getByTestId('dialog-color')).toHaveText('#7030a0');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('colour picker: colour, size and font reach the sample through edu-change, in English too', async ({ page }) => {
  await page.goto('/#/blocks/color-picker');
  await page
    .getByRole('button', { name: /^文字颜色：/ })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: '选择颜色' });
  await panel.getByLabel('字号').selectOption('20px');
  await panel.getByLabel('字体').selectOption('KaiTi');
  await panel.getByRole('radio', { name: '蓝色，浅色 40%', exact: true }).click();
  await expect(panel).toBeHidden();
  const sample = page.getByTestId('sample');
  await expect(sample).toHaveCSS('font-size', '20px');
  await expect(sample).toHaveCSS('font-family', /KaiTi/);
  const last = JSON.parse((await page.getByTestId('last-change').textContent())!) as Record<string, string>;
  expect(last).toMatchObject({ fontSize: '20px', fontFamily: 'KaiTi' });
  expect(last['color']).toMatch(/^#[0-9a-f]{6}$/);

  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await page.getByRole('button', { name: /^Text colour: Blue, Lighter 40%/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a colour' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Theme colours' })).toBeVisible();
});

test('about dialog against the reference server: versions, notes, copyright, versions of both sides', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/#/blocks/about');
  await page.getByRole('button', { name: '查看版本信息' }).click();
  const about = page.getByRole('dialog', { name: '关于' });
  await expect(about).toBeVisible();
  // The page's own about dialog; the footer has another one inside it.
  const host = page.locator('edu-about-dialog').first();
  expect(Math.round((await about.boundingBox())!.width)).toBe(650);
  await expect(host.locator('.version-number')).toHaveText(['V2.0.0', 'V1.9.0', 'V1.8.2']);
  await expect(host.locator('.version').first().locator('.notes li').first()).toHaveText(
    '全新桌面：支持顶部与左侧两种布局',
  );
  await expect(host.locator('[part="facts"]')).toContainText(/前端版本：\s*2\.0\.0/);
  await expect(host.locator('[part="facts"]')).toContainText(/服务端版本：\s*2\.0\.0/);
  await expect(host.locator('[part="copyright"]')).toHaveText(
    new RegExp(`版权所有 © 2019-${new Date().getFullYear()} 滨江教育科技有限公司`),
  );
  await expect(host.getByRole('alert')).toHaveCount(0);

  // In English the notes are the English ones.
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await page.getByRole('button', { name: 'Show version information' }).click();
  await expect(host.locator('.version').first().locator('.notes li').first()).toHaveText(
    'New desktop with top and left layouts',
  );
  expect(errors).toEqual([]);
});

test('about dialog: the mismatch alerts, "no version info", and the 404 notice of a service without a version call', async ({
  page,
}) => {
  await page.goto('/#/blocks/about');
  const service = page.getByLabel('选择服务');
  const open = page.getByRole('button', { name: '查看版本信息' });
  const about = page.locator('edu-about-dialog').first();

  await service.selectOption('edu');
  await open.click();
  await expect(about.getByRole('alert')).toHaveText(/当前前端需要更新版本的后端服务/);
  await page.keyboard.press('Escape');

  await service.selectOption('homework');
  await open.click();
  await expect(about.getByRole('alert')).toHaveText(/当前后端需要更新版本的前端/);
  await page.keyboard.press('Escape');

  await service.selectOption('areaBase');
  await open.click();
  await expect(about.getByText('暂无版本信息')).toBeVisible();
  await expect(about.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await service.selectOption('exam');
  await open.click();
  await expect(page.getByText('该微服务没有版本接口，请联系后端工程师。').first()).toBeVisible();
  await expect(about.locator('dd.missing')).toHaveText('该微服务没有版本接口，请联系后端工程师。');
});

test('footer: the login configuration footerMsg, record filing links, and the version opening the about dialog', async ({
  page,
}) => {
  await page.goto('/#/blocks/about');
  const footer = page.locator('edu-footer');
  await expect(footer.locator('span[part="copyright"]')).toHaveText(/^版权所有 © 2019-\d{4} 滨江区实验中学$/);
  const filings = footer.getByRole('list', { name: '备案信息' }).getByRole('link');
  await expect(filings).toHaveCount(2);
  await expect(filings.first()).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await expect(filings.nth(1).locator('img')).toHaveCount(1);
  await footer.getByRole('button', { name: '帮助中心' }).click();
  await expect(
    page.getByText('帮助中心地址由部署配置提供（redUrl、accessToken、unitId、key）。', { exact: true }),
  ).toBeVisible();
  await footer.getByRole('button', { name: '版本 V2.0.0' }).click();
  const about = page.getByRole('dialog', { name: '关于' });
  await expect(about).toBeVisible();
  await expect(footer.locator('edu-about-dialog .version-number').first()).toHaveText('V2.0.0');
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(footer.getByRole('button', { name: '版本 V2.0.0' })).toBeFocused();
});

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
