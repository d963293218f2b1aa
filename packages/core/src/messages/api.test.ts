/**
 * The message and reminder calls against the running reference server. Reading teacher1's messages and to-dos
 * changes nothing; marking read uses staff4's messages and handling area1's one to-do, so the seeded desktop of the
 * other accounts stays as it is for the rest of the run.
 */
import { expect } from '@open-wc/testing';
import { getUnhandledCounts } from '../desktop/api.ts';
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { loginAs, logoutServer } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import {
  getInsideModules,
  getMessageConfig,
  getPopupPage,
  getUnreadMessages,
  handlePopupItem,
  markAllMessagesRead,
  markMessageRead,
  moduleNames,
} from './api.ts';
import { messageAction, OPEN_WAY_MODULE_EXPIRY } from './message.ts';
import { createPopupReminder, type Clock } from './popup.ts';

/** Timers that never fire by themselves: these tests are about the calls, not the 15 s close. */
const stillClock: Clock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} };

describe('message calls (reference server)', () => {
  let client: Client;
  useReferenceServer((parts) => (client = parts.client));

  it('lists unread messages with importance, newest first', async () => {
    await loginAs('teacher1');
    const messages = await getUnreadMessages(client);
    expect(messages.length).to.be.greaterThan(0);
    expect(messages.every((m) => m.id && m.text && m.importance >= 1 && m.importance <= 5)).to.equal(true);
    const dates = messages.map((m) => m.date);
    expect(dates).to.deep.equal([...dates].sort((a, b) => b - a));
  });

  it('openWay 1: the module-expiry table from the content, named by the module list, ordered', async () => {
    await loginAs('teacher1');
    const message = (await getUnreadMessages(client)).find((m) => m.openWay === OPEN_WAY_MODULE_EXPIRY)!;
    expect(message).to.not.equal(undefined);
    const modules = await getInsideModules(client);
    expect(modules.length).to.be.greaterThan(0);
    const action = messageAction(message, { names: moduleNames(modules, 'en') });
    expect(action.kind).to.equal('module-expiry');
    if (action.kind !== 'module-expiry') return;
    const statuses = action.modules.map((m) => m.status);
    expect(statuses).to.include.members([3, 2]);
    expect(statuses).to.deep.equal([...statuses].sort((a, b) => b - a));
    const asset = action.modules.find((m) => m.code === 'asset');
    expect(asset?.status).to.equal(3);
    expect(asset?.name).to.equal(modules.find((m) => m.code === 'asset')!.englishName);
  });

  it('opening marks one read; ignore-all marks the rest; the bell follows', async () => {
    await loginAs('staff4');
    const before = await getUnreadMessages(client);
    const countBefore = (await getUnhandledCounts(client)).message;
    expect(countBefore).to.equal(before.length);
    if (before.length > 0) {
      await markMessageRead(before[0]!.id, client);
      const after = await getUnreadMessages(client);
      expect(after.map((m) => m.id)).to.not.include(before[0]!.id);
      expect((await getUnhandledCounts(client)).message).to.equal(countBefore - 1);
    }
    await markAllMessagesRead(client);
    expect(await getUnreadMessages(client)).to.deep.equal([]);
    expect((await getUnhandledCounts(client)).message).to.equal(0);
  });

  it("another user's message cannot be marked read (403)", async () => {
    await loginAs('teacher1');
    const id = (await getUnreadMessages(client))[0]!.id;
    await logoutServer();
    await loginAs('staff4');
    let error: unknown;
    try {
      await markMessageRead(id, client);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RequestError);
    expect((error as RequestError).status).to.equal(403);
  });

  it('reads the message config (pcOpen)', async () => {
    await loginAs('teacher1');
    expect(await getMessageConfig(client)).to.deep.equal({ pcOpen: true });
  });

  it('the pop-up panel pages through the to-dos three at a time', async () => {
    await loginAs('teacher1');
    const first = await getPopupPage(1, 3, client);
    expect(first.list.length).to.equal(Math.min(3, first.total));
    expect(first.pages).to.equal(Math.ceil(first.total / 3));
    const panel = createPopupReminder({
      loadPage: (page, size) => getPopupPage(page, size, client),
      handleItem: (id) => handlePopupItem(id, client),
      clock: stillClock,
    });
    await panel.open();
    let s = panel.getSnapshot();
    expect([s.visible, s.page, s.total]).to.deep.equal([true, 1, first.total]);
    expect(s.items.map((i) => i.id)).to.deep.equal(first.list.map((i) => i.id));
    if (first.pages > 1) {
      await panel.next();
      s = panel.getSnapshot();
      expect(s.page).to.equal(2);
      expect(s.items.map((i) => i.id)).to.not.include(first.list[0]!.id);
      await panel.previous();
      expect(panel.getSnapshot().page).to.equal(1);
    }
    panel.dispose();
  });

  it('handling the last to-do closes the panel', async () => {
    await loginAs('area1');
    const panel = createPopupReminder({
      loadPage: (page, size) => getPopupPage(page, size, client),
      handleItem: (id) => handlePopupItem(id, client),
      clock: stillClock,
    });
    await panel.open();
    const items = panel.getSnapshot().items;
    expect(items.length).to.be.greaterThan(0);
    for (const item of items) await panel.handle(item.id);
    expect(panel.getSnapshot().visible).to.equal(false);
    expect((await getPopupPage(1, 3, client)).total).to.equal(0);
    expect((await getUnhandledCounts(client)).todo).to.equal(0);
    panel.dispose();
  });
});
