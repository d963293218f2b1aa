// The portal as a school teacher (teacher1, 李明华) sees it, end to end in the built demo host against the reference
// server (spec part 1 §2, §4, §6): grouped icons with unread badges, reordering by keyboard and by drag (saved), app
// pages with their permitted menu, the identity switch to the paired parent and back, messages and module expiry,
// the pop-up to-dos, themes and layouts. Each test starts from the seeded data.
import { test, expect, type Locator, type Page } from '@playwright/test';
import {
  DESKTOP_HOME,
  SCHOOL_DESKTOP,
  appNames,
  bell,
  bellCount,
  collectPageErrors,
  desktop,
  desktopGroup,
  desktopReady,
  dialogHost,
  dialogShown,
  expectAccessible,
  header,
  logOutFromHeader,
  notice,
  openDesktop,
  portalShot,
  reseed,
  signIn,
  welcome,
} from './helpers.ts';

test.beforeEach(async ({ request }) => reseed(request));

const GROUPS: Record<string, string[]> = {
  教学教务: ['作业管理', '教务管理', '课程表', '考试成绩', '集体备课'],
  行政管理: ['基础数据', '协同办公', '资产管理', '教师考勤'],
  家校互动: ['通知公告', '成长档案', '请假管理'],
  常用工具: ['云盘', '问卷调查'],
};

const HOMEWORK_TM = '/pages/homework/pc_homework_tm/index.html';

/** The desktop's card headings, in order. */
function desktopHeadings(page: Page): Locator {
  return desktop(page).getByRole('heading', { level: 2 });
}

/** The pop-up to-do panel. */
function todoPanel(page: Page): Locator {
  return page.locator('edu-todo-panel').getByRole('region', { name: '待办提醒' });
}

test('grouped icons with unread badges, header icons, the bell counts the unread messages; axe passes', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDesktop(page, 'teacher1');
  await desktopReady(page);

  await expect(desktopHeadings(page)).toHaveText(Object.keys(GROUPS));
  for (const [group, apps] of Object.entries(GROUPS)) {
    expect(await appNames(desktopGroup(page, group)), group).toEqual(apps);
  }
  // Hidden apps (updateStatus 0) are not on the desktop.
  await expect(desktop(page).getByRole('button', { name: /图书馆|智慧食堂/ })).toHaveCount(0);

  // Unread badges: seen on the picture, read after the name.
  const homework = desktopGroup(page, '教学教务').getByRole('button', { name: /^作业管理\s*,\s*2 条未读$/ });
  await expect(homework).toBeVisible();
  await expect(homework.locator('[part="badge"]')).toHaveText('2');
  await expect(desktopGroup(page, '行政管理').getByRole('button', { name: '资产管理', exact: true })).toBeVisible();
  await expect(
    desktopGroup(page, '行政管理').getByRole('button', { name: '资产管理' }).locator('[part="badge"]'),
  ).toHaveCount(0);

  // The header: at most 10 app icons in the user's order, the rest behind "more apps".
  const headerApps = header(page).getByRole('list', { name: '常用应用' }).getByRole('button');
  await expect(headerApps).toHaveCount(10);
  await expect(headerApps.first()).toHaveAccessibleName(/^作业\s*，2 条未读$/);
  await header(page).getByRole('button', { name: '更多应用' }).click();
  const panel = header(page).getByRole('region', { name: '全部应用' });
  await expect(panel.getByRole('button')).toHaveCount(14);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The bell counts what the message list holds: six unread (one of the seven is read).
  await expect(bell(page)).toHaveAccessibleName('消息，6 条未读');
  await expect(header(page).locator('.messages [part="badge"]')).toHaveText('6');
  await expect(page.getByTestId('message-count')).toHaveText('6');
  const unread = (await (await page.request.get('/api/base/desktop/message_select_not_read')).json()) as {
    data: unknown[] | { list?: unknown[]; records?: unknown[] };
  };
  const list = Array.isArray(unread.data) ? unread.data : (unread.data.list ?? unread.data.records ?? []);
  expect(await bellCount(page)).toBe(list.length);

  await expect(todoPanel(page)).toBeVisible();
  await expectAccessible(page);
  await portalShot(page, 'teacher-desktop');
  expect(errors).toEqual([]);
});

test('reorder by keyboard: Ctrl+ArrowRight moves the focused app, the order is saved and survives a reload', async ({
  page,
}) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  const teaching = desktopGroup(page, '教学教务');
  await teaching.getByRole('button', { name: /^作业管理/ }).focus();
  await page.keyboard.press('Control+ArrowRight');

  await expect(notice(page, '应用顺序已保存')).toBeVisible();
  const moved = ['教务管理', '作业管理', '课程表', '考试成绩', '集体备课'];
  expect(await appNames(teaching)).toEqual(moved);
  // Focus stays on the moved app, so a second press moves it on.
  await expect(teaching.getByRole('button', { name: /^作业管理/ })).toBeFocused();
  // Other groups are untouched.
  expect(await appNames(desktopGroup(page, '行政管理'))).toEqual(GROUPS['行政管理']);

  await page.reload();
  await expect(welcome(page, '李明华')).toBeVisible();
  await desktopReady(page);
  await expect.poll(() => appNames(desktopGroup(page, '教学教务'))).toEqual(moved);
  // The header follows the saved order too.
  await expect(header(page).getByRole('list', { name: '常用应用' }).getByRole('button').first()).toHaveAccessibleName(
    /^教务/,
  );
});

test('reorder by mouse: dragging an app onto another place saves the order, and it survives a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  const management = desktopGroup(page, '行政管理');
  const from = (await management.getByRole('button', { name: '教师考勤' }).boundingBox())!;
  const to = (await management.getByRole('button', { name: /^基础数据/ }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();

  await expect(notice(page, '应用顺序已保存')).toBeVisible();
  const moved = ['教师考勤', '基础数据', '协同办公', '资产管理'];
  expect(await appNames(management)).toEqual(moved);
  // A drag is not a click: the app did not open.
  await expect(page).toHaveURL(/#\/desktop\/home$/);

  await page.reload();
  await expect(welcome(page, '李明华')).toBeVisible();
  await desktopReady(page);
  await expect.poll(() => appNames(desktopGroup(page, '行政管理'))).toEqual(moved);
});

test('an app icon opens its entry page with the permitted menu; other routes are not found; recent apps list it first', async ({
  page,
}) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  // No recent apps yet.
  await expect(desktopGroup(page, '最近使用')).toHaveCount(0);

  // First another app, then homework: the most recent comes first.
  await desktopGroup(page, '教学教务')
    .getByRole('button', { name: /^考试成绩/ })
    .click();
  await expect(page).toHaveURL(/\/pages\/exam\/pc_exam_tm\/index\.html/);
  await expect(welcome(page, '李明华')).toBeVisible();
  await header(page).getByRole('button', { name: '桌面' }).click();
  await expect(page).toHaveURL(/\/pages\/base\/pc_desktop_all\/index\.html/);
  await desktopReady(page);
  await desktopGroup(page, '教学教务')
    .getByRole('button', { name: /^作业管理/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`${HOMEWORK_TM.replace(/\./g, '\\.')}(#/)?$`));
  const menu = page.getByRole('navigation', { name: '功能菜单' });
  await expect(menu.getByRole('link')).toHaveText(['应用首页', '布置作业', '批改作业', '作业统计']);
  await expect(page).toHaveTitle('作业管理');
  await menu.getByRole('link', { name: '批改作业' }).click();
  await expect(page).toHaveURL(/#\/homework\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: '批改作业' })).toBeVisible();
  // The actions of his codes (no admin settings), and the server runs them.
  const actions = page.locator('.portal-actions').getByRole('button');
  await expect(actions).toHaveText(['发布', '导出报表']);
  await actions.first().click();
  await expect(notice(page, '操作已完成：发布')).toBeVisible();

  // A route not in the menu: not found, with the way back.
  await page.goto(`${HOMEWORK_TM}#/homework/secret`);
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '批改作业' })).toHaveCount(0);
  await page.getByRole('link', { name: '返回桌面' }).click();

  await expect(page).toHaveURL(/\/pages\/base\/pc_desktop_all\/index\.html/);
  await desktopReady(page);
  const recent = desktopGroup(page, '最近使用');
  await expect(recent).toBeVisible();
  await expect.poll(() => appNames(recent)).toEqual(['作业管理', '考试成绩']);
});

test("a demo app's own texts come from its language pack, fetched for the language in force only", async ({ page }) => {
  const packs: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/lang/')) packs.push(new URL(r.url()).pathname);
  });
  await signIn(page, 'teacher1');
  await page.goto(HOMEWORK_TM);
  await expect(page.getByText('本段文字是作业应用自己的', { exact: false })).toBeVisible();
  expect(packs).toEqual([]);
  for (const [lang, text, file] of [
    ['en', "the Homework app's own, from its English language pack", '/pages/homework/lang/en-homework.json'],
    ['zh-HK', '本段文字來自作業應用自己的繁體語言包', '/pages/homework/lang/zh-HK-homework.json'],
  ] as const) {
    packs.length = 0;
    await page.evaluate((chosen) => localStorage.setItem('PH_MY_SET_LANG', chosen), lang);
    await page.reload();
    await expect(page.getByText(text, { exact: false })).toBeVisible();
    expect(packs.filter((path) => path.startsWith('/pages/homework/'))).toEqual([file]);
  }
});

test('identity switch to the paired parent and back: the user type, the desktop and the header change each time', async ({
  page,
}) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  await expect(desktopHeadings(page)).toHaveText(Object.keys(GROUPS));
  await expect(header(page).getByRole('button', { name: /切换孩子|选择孩子/ })).toHaveCount(0);

  const switchTo = async (name: string) => {
    await header(page).getByRole('button', { name: '切换身份' }).click();
    const menu = header(page).getByRole('list', { name: '切换身份' });
    await expect(menu.getByRole('button')).toHaveText(['李明华（教师）', '李明华（家长）']);
    await menu.getByRole('button', { name }).click();
  };
  const me = async () =>
    ((await (await page.request.get('/api/uaa/oauth/me')).json()) as { data: { loginName: string; userType: number } })
      .data;

  await switchTo('李明华（家长）');
  await expect(notice(page, '已切换身份：李明华')).toBeVisible();
  // A parent: the child switcher shows the paired parent's child, the desktop is a flat list.
  await expect(header(page).getByRole('button', { name: '切换孩子，当前：李子涵' })).toBeVisible();
  await expect(desktop(page).getByRole('heading', { name: '教学教务' })).toHaveCount(0);
  await expect(desktop(page).getByRole('region', { name: '全部应用' })).toBeAttached();
  await expect(welcome(page, '李明华')).toBeVisible();
  expect(await me()).toMatchObject({ loginName: 'parent2', userType: 3 });
  await expect(
    header(page).getByRole('button', { name: '切换身份' }).and(page.locator('[aria-expanded="false"]')),
  ).toBeVisible();

  await switchTo('李明华（教师）');
  await expect(header(page).getByRole('button', { name: /切换孩子/ })).toHaveCount(0);
  await expect(desktopHeadings(page)).toHaveText(Object.keys(GROUPS));
  await expect(welcome(page, '李明华')).toBeVisible();
  expect(await me()).toMatchObject({ loginName: 'teacher1', userType: 2 });
});

test('messages: importance levels, mark read, the module-expiry table, ignore all; read stays read', async ({
  page,
}) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  await expect(bell(page)).toHaveAccessibleName('消息，6 条未读');
  // 作业管理's badge: one unread message and one open to-do.
  const homeworkBadge = desktopGroup(page, '教学教务')
    .getByRole('button', { name: /^作业管理/ })
    .locator('[part="badge"]');
  await expect(homeworkBadge).toHaveText('2');
  await bell(page).click();

  // Named with the count it lists, which changes as messages are read.
  await expect(page.getByRole('dialog', { name: '未读消息 (6)' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: /^未读消息/ });
  const host = dialogHost(page, dialog);
  const rows = host.getByRole('list', { name: '未读消息' }).getByRole('listitem');
  await expect(rows).toHaveCount(6);
  // Each message shows its importance level (a number in a coloured ring, read as "重要程度 N").
  await expect(rows.first().locator('[part="importance"]')).toHaveAttribute('data-level', '5');
  await expect(rows.first()).toContainText('重要程度 5');
  const levels = await rows.locator('[part="importance"]').evaluateAll((els) => els.map((el) => el.dataset['level']));
  expect([...levels].sort()).toEqual(['1', '2', '3', '4', '4', '5']);
  await dialogShown(dialog);
  await expectAccessible(page);

  // Mark one read: it leaves the list and the bell counts one less.
  await rows.filter({ hasText: '您的云盘空间已使用80%' }).getByRole('button', { name: '标为已读' }).click();
  await expect(rows).toHaveCount(5);
  await expect(bell(page)).toHaveAccessibleName('消息，5 条未读');

  // The message with openWay 1 opens the module-expiry table: expired first, then expiring, then in use.
  await host.getByRole('button', { name: /本单位有模块已过期或即将到期/ }).click();
  const expiry = page.getByRole('dialog', { name: '模块到期提醒' });
  await expect(expiry).toBeVisible();
  const table = dialogHost(page, expiry).getByRole('table', { name: '模块到期情况' });
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows.first()).toBeVisible();
  const entries = await bodyRows.evaluateAll((trs) =>
    trs.map((tr) => [
      tr.querySelector('th')?.textContent?.trim(),
      tr.querySelector('[part="status"]')?.textContent?.trim(),
    ]),
  );
  // Expired first, then expiring (each the earliest end first); the message lists only the unit's expired and
  // expiring modules (the seed's content), so no "in use" row.
  expect(entries).toEqual([
    ['问卷调查', '已过期'],
    ['资产管理', '已过期'],
    ['作业管理', '即将到期'],
    ['教师考勤', '即将到期'],
  ]);
  await dialogShown(expiry);
  await expectAccessible(page);
  await portalShot(page, 'teacher-module-expiry');
  await dialogHost(page, expiry).locator('[slot="footer"]').getByRole('button', { name: '关闭' }).click();
  await expect(expiry).toBeHidden();

  // Opening it marked it read.
  await expect(bell(page)).toHaveAccessibleName('消息，4 条未读');
  await expect(rows).toHaveCount(4);
  await host.getByRole('button', { name: '全部忽略' }).click();
  await expect(rows).toHaveCount(0);
  await expect(host.getByText('没有未读消息')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('消息');
  expect(await bellCount(page)).toBe(0);
  // The app badges follow the server without a reload: the to-do is still open.
  await expect(homeworkBadge).toHaveText('1');

  await page.reload();
  await expect(welcome(page, '李明华')).toBeVisible();
  await expect(page.getByTestId('message-count')).toHaveText('0');
  await expect(bell(page)).toHaveAccessibleName('消息');
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: '未读消息' })).toBeVisible();
  await expect(page.getByText('没有未读消息')).toBeVisible();
});

test('the message dialog opened again shows no old rows while it loads', async ({ page }) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  const dialog = page.getByRole('dialog', { name: /^未读消息/ });
  const rows = dialogHost(page, dialog).getByRole('list', { name: '未读消息' }).getByRole('listitem');
  await bell(page).click();
  await expect(rows).toHaveCount(6);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The next load is slow: while it runs, only the loading line shows.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/base/desktop/message_select_not_read*', async (route) => {
    await held;
    await route.continue();
  });
  await bell(page).click();
  await expect(dialogHost(page, dialog).getByText('正在加载消息…')).toBeVisible();
  expect(await rows.count()).toBe(0);
  release();
  await expect(rows).toHaveCount(6);
});

test('pop-up to-dos: three per page, next and previous, handle, close for the session; never on /desktop/home', async ({
  page,
}) => {
  const popupCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/base/desktop/popUpBox_select')) popupCalls.push(r.url());
  });
  await openDesktop(page, 'teacher1', `${SCHOOL_DESKTOP}#/desktop`);
  const panel = todoPanel(page);
  await expect(panel).toBeVisible();
  const items = panel.getByRole('listitem');
  const pages = panel.locator('[part="pages"]');
  await expect(items).toHaveCount(3);
  await expect(pages).toHaveText(/1\s*\/\s*3/);
  await expect(panel.locator('[part="count"]')).toHaveText('8');
  await expect(panel.getByRole('button', { name: '上一页' })).toBeDisabled();

  await panel.getByRole('button', { name: '下一页' }).click();
  await expect(pages).toHaveText(/2\s*\/\s*3/);
  await expect(items.first()).toContainText('成绩审核');
  await panel.getByRole('button', { name: '下一页' }).click();
  await expect(pages).toHaveText(/3\s*\/\s*3/);
  await expect(items).toHaveCount(2);
  await expect(panel.getByRole('button', { name: '下一页' })).toBeDisabled();
  await panel.getByRole('button', { name: '上一页' }).click();
  await panel.getByRole('button', { name: '上一页' }).click();
  await expect(pages).toHaveText(/1\s*\/\s*3/);
  await expect(items.first()).toContainText('请假审批');
  await expectAccessible(page);

  // Handle the first: it is gone, the next one moves up.
  await items.first().getByRole('button', { name: '处理' }).click();
  await expect(panel.locator('[part="count"]')).toHaveText('7');
  await expect(items.first()).toContainText('批改作业');
  await expect(panel.getByText('请假审批')).toHaveCount(0);
  await expect(page.getByTestId('todo-count')).toHaveText('7');

  // Closed by its icon: hidden, and still hidden after a reload in the same session.
  await panel.getByRole('button', { name: '关闭提醒' }).click();
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.getItem('edu_popup_closed'))).toBe('1');
  const before = popupCalls.length;
  const config = page.waitForResponse((r) => r.url().includes('/api/base/desktop/getMessageConfig'));
  await page.reload();
  await config;
  await expect(welcome(page, '李明华')).toBeVisible();
  await desktopReady(page);
  await expect(page.getByTestId('todo-count')).toHaveText('7');
  await expect(panel).toBeHidden();
  expect(popupCalls.length).toBe(before);
});

test('the desktop home never shows the pop-up to-dos', async ({ page }) => {
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  await expect(page.getByTestId('todo-count')).toHaveText('8');
  await expect(page.locator('edu-todo-panel')).toHaveCount(0);
  await expect(todoPanel(page)).toHaveCount(0);
});

/** Opens the theme dialog and confirms `theme` (and `layout` for colour themes). */
async function chooseTheme(page: Page, theme: string, layout?: '上下布局' | '左右布局'): Promise<void> {
  await header(page).getByRole('button', { name: '主题' }).click();
  const dialog = page.getByRole('dialog', { name: '主题设置' });
  await expect(dialog).toBeVisible();
  const host = dialogHost(page, dialog);
  await host.getByRole('radio', { name: theme, exact: true }).check();
  if (layout) await host.getByRole('radio', { name: layout }).check();
  await host.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  if (layout || theme === '卡通') await expect(notice(page, '主题已保存').last()).toBeVisible();
}

test('theme: ink applies without a reload, with its stylesheet and background painting', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await chooseTheme(page, '水墨');
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'ink');
  const sheet = page.locator('link#edu-theme-stylesheet');
  await expect(sheet).toHaveAttribute('href', /\/common\/plugins\/common-ph\/2\.0\.0\/css\/ink\.css$/);
  await expect.poll(() => sheet.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
  const background = page.locator('edu-theme-background');
  await expect(background).toBeVisible();
  await expect
    .poll(() => background.evaluate((el) => el.shadowRoot?.querySelector('canvas')?.width ?? 0))
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Ink and lotus force the top layout: the icons are in the header, there is no side menu.
  await expect(header(page).getByRole('list', { name: '常用应用' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '应用菜单' })).toHaveCount(0);
  await expectAccessible(page);
  await portalShot(page, 'teacher-ink-top');

  // Saved on the server: a reload keeps it — on the page from the start, before the server's setting answers.
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/base/my_desktop/color*', async (route) => {
    await answered;
    await route.continue();
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'ink');
  await expect(sheet).toHaveAttribute('href', /\/css\/ink\.css$/);
  release();
  await expect(welcome(page, '李明华')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'ink');
  await page.unrouteAll();

  // Signed out, the page is the default theme's again (the stylesheet gone).
  await logOutFromHeader(page);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'color');
  await expect(sheet).toHaveCount(0);
});

test('theme screenshots and axe: lotus, cartoon, and the four colour themes in the top and the left layout', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);

  await chooseTheme(page, '荷韵');
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'lotus');
  await expect(page.locator('link#edu-theme-stylesheet')).toHaveAttribute('href', /\/css\/lotus\.css$/);
  await expect(page.locator('edu-theme-background')).toBeVisible();
  await expectAccessible(page);
  await portalShot(page, 'teacher-lotus-top');

  await chooseTheme(page, '卡通');
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'cartoon');
  await expect(page.locator('link#edu-theme-stylesheet')).toHaveAttribute('href', /\/css\/cartoon\.css$/);
  await expect(page.locator('edu-theme-background')).toBeHidden();
  await expectAccessible(page);
  await portalShot(page, 'teacher-cartoon-top');

  for (const [name, file] of [
    ['中国红', 'red'],
    ['科技蓝', 'blue'],
    ['天空蓝', 'siro-blue'],
    ['清新绿', 'green'],
  ] as const) {
    await chooseTheme(page, name, '上下布局');
    await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'color');
    await expect(page.locator('link#edu-theme-stylesheet')).toHaveCount(0);
    await expect(header(page).getByRole('list', { name: '常用应用' })).toBeVisible();
    await expectAccessible(page);
    await portalShot(page, `teacher-${file}-top`);
    await chooseTheme(page, name, '左右布局');
    await expect(page.getByRole('navigation', { name: '应用菜单' })).toBeVisible();
    await expect(header(page).getByRole('list', { name: '常用应用' })).toHaveCount(0);
    await expectAccessible(page);
    await portalShot(page, `teacher-${file}-left`);
  }
});

test('a colour theme with the left layout: the side menu, collapsed and locked, stays so after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openDesktop(page, 'teacher1', DESKTOP_HOME);
  await desktopReady(page);
  await chooseTheme(page, '科技蓝', '左右布局');

  const menu = page.getByRole('navigation', { name: '应用菜单' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: /^作业管理/ })).toBeVisible();
  await expect(header(page).getByRole('list', { name: '常用应用' })).toHaveCount(0);

  await menu.getByRole('button', { name: '收起菜单' }).click();
  await expect(menu.getByRole('button', { name: '展开菜单' })).toHaveAttribute('aria-expanded', 'false');
  await menu.getByRole('button', { name: '锁定菜单' }).click();
  await expect(menu.getByRole('button', { name: '锁定菜单' })).toHaveAttribute('aria-pressed', 'true');
  // Locked: the toggle does nothing (it is aria-disabled; pressed by keyboard as a person could).
  await menu.getByRole('button', { name: '展开菜单' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('button', { name: '展开菜单' })).toHaveAttribute('aria-expanded', 'false');
  await portalShot(page, 'teacher-blue-left-collapsed');

  await page.reload();
  await expect(welcome(page, '李明华')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-edu-theme', 'color');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: '展开菜单' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('button', { name: '锁定菜单' })).toHaveAttribute('aria-pressed', 'true');
  // Collapsed, each app keeps its name (read, and shown as a tooltip).
  await expect(menu.getByRole('button', { name: /^作业管理/ })).toBeVisible();
});
