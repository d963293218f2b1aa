// Every message and to-do opens a page: for every demo account, each seeded message with a link is
// opened from the header's message dialog and each to-do from the pop-up panel, as a person would; each lands on its
// app's page at the seeded route, never on "page not found", and the page shows the item the message is about. A
// message seeded as already read is not in the dialog: it opens at the same app page the others of its app used.
import { test, expect, type Page } from '@playwright/test';
import { APPS, MESSAGES, POPUP_TODOS, USERS } from '../packages/server/src/db/seed-data.ts';
import { bell, desktop, dialogHost, portalShot, reseed, signIn } from './helpers.ts';

const SCHOOL_DESKTOP = '/pages/base/pc_desktop_all/index.html';
const AREA_DESKTOP = '/area/areaBase/pc_areaDesktop_all/index.html';

test.beforeEach(async ({ request }) => reseed(request));

/** The Chinese part of bilingual server text. */
const chinese = (text: string) => text.split('|||')[0]!.trim();

/** Checks the page the link led to: the app page at `url`, not "not found", showing the server's item for `url`. */
async function expectItemPage(page: Page, url: string, entries: Map<string, string>, module: string): Promise<void> {
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(`#${url}`);
  const item = page.locator('article.portal-item');
  await expect(item).toBeVisible();
  await expect(page.getByRole('heading', { name: '页面不存在' })).toHaveCount(0);
  const answer = (await (await page.request.get(`/api/demo/app_item?url=${encodeURIComponent(url)}`)).json()) as {
    data: { title: string; text: string[] } | null;
  };
  expect(answer.data, url).not.toBeNull();
  await expect(item.getByRole('heading', { level: 2 })).toHaveText(chinese(answer.data!.title));
  await expect(item).toContainText(chinese(answer.data!.text[0]!));
  entries.set(module, new URL(page.url()).pathname);
}

for (const user of USERS) {
  const messages = MESSAGES.filter((message) => message.userId === user.id && message.url);
  const todos = POPUP_TODOS.filter((todo) => todo.userId === user.id);
  if (messages.length + todos.length === 0) continue;

  test(`${user.loginName}: every message and to-do link opens its item's page`, async ({ page }) => {
    test.setTimeout(40_000 + 8_000 * (messages.length + todos.length));
    const area = user.unitId === 330108;
    const desktopPage = area ? AREA_DESKTOP : SCHOOL_DESKTOP;
    const landing = `${desktopPage}#/${area ? 'areaDesktop' : 'desktop'}`;
    await signIn(page, user.loginName);
    /** App code → the entry page the portal opened for it. */
    const entries = new Map<string, string>();
    if (user.loginName === 'parent1') {
      // A parent of two children is asked to choose one on the first visit; closing keeps the current child.
      await page.goto(`${landing}/home`);
      await expect(page.getByRole('dialog', { name: '选择孩子' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: '选择孩子' })).toBeHidden();
    }

    for (const message of messages.filter((m) => !m.read)) {
      await page.goto(`${landing}/home`);
      await bell(page).click();
      const dialog = dialogHost(page, page.getByRole('dialog', { name: /^未读消息/ }));
      await dialog.getByRole('button', { name: message.meno }).click();
      await expectItemPage(page, message.url!, entries, message.module);
      if (message.module === 'homework' && user.loginName === 'teacher1') await portalShot(page, 'message-opens-item');
    }

    for (const todo of todos) {
      await page.goto(landing);
      const panel = page.locator('edu-todo-panel').getByRole('region', { name: '待办提醒' });
      await expect(panel).toBeVisible();
      const items = panel.getByRole('listitem');
      const row = items.filter({ hasText: todo.content });
      const pages = panel.locator('[part="pages"]');
      await expect(items.first()).toBeVisible();
      // Paged three at a time: step on until the to-do is on the page.
      for (let i = 0; i < 5 && (await row.count()) === 0; i++) {
        const shown = await pages.innerText();
        await panel.getByRole('button', { name: '下一页' }).click();
        await expect(pages).not.toHaveText(shown);
        await expect(items.first()).toBeVisible();
      }
      await row.getByRole('button', { name: '查看' }).click();
      await expectItemPage(page, todo.url, entries, todo.module);
    }

    // A message already read is not in the dialog; its link opens the app page the portal opens for its app.
    for (const message of messages.filter((m) => m.read)) {
      if (!entries.has(message.module)) {
        await page.goto(`${landing}/home`);
        const name = APPS.find((app) => app.code === message.module)!.name;
        await desktop(page)
          .getByRole('button', { name: new RegExp(`^${name}`) })
          .first()
          .click();
        await expect.poll(() => new URL(page.url()).pathname).not.toBe(desktopPage);
        entries.set(message.module, new URL(page.url()).pathname);
      }
      await page.goto(`${entries.get(message.module)}#${message.url}`);
      await expectItemPage(page, message.url!, entries, message.module);
    }
  });
}
