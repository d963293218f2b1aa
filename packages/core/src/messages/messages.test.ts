import { expect } from '@open-wc/testing';
import { IMPORTANCE_COLORS } from '../theme/constants.ts';
import { parseMessageConfig } from './api.ts';
import { moduleExpiryStatus, parseModuleExpiry, sortModuleExpiry } from './expiry.ts';
import {
  fromWireMessage,
  fromWireMessages,
  fromWirePopupPage,
  importanceColor,
  importanceLevel,
  messageAction,
} from './message.ts';
import { POPUP_SUPPRESSED_KEY, createPopupReminder } from './popup.ts';
import { fakeClock } from '../test-support/clock.ts';
import { memoryPopupList } from '../test-support/popup-list.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 1);

describe('module expiry status', () => {
  it('expired when endTime is before now', () => {
    expect(moduleExpiryStatus(NOW - 1, NOW)).to.equal(3);
    expect(moduleExpiryStatus(NOW - 400 * DAY, NOW)).to.equal(3);
  });

  it('expiring within 90 days (7776000000 ms), both ends included', () => {
    expect(moduleExpiryStatus(NOW, NOW)).to.equal(2);
    expect(moduleExpiryStatus(NOW + 1, NOW)).to.equal(2);
    expect(moduleExpiryStatus(NOW + 7_776_000_000, NOW)).to.equal(2);
    expect(moduleExpiryStatus(NOW + 90 * DAY, NOW)).to.equal(2);
  });

  it('in use beyond 90 days', () => {
    expect(moduleExpiryStatus(NOW + 7_776_000_001, NOW)).to.equal(1);
    expect(moduleExpiryStatus(NOW + 400 * DAY, NOW)).to.equal(1);
  });

  it('orders expired, expiring, in use; the earliest end first within a status', () => {
    const rows = [
      { code: 'use2', status: 1 as const, endTime: NOW + 300 * DAY },
      { code: 'exp1', status: 3 as const, endTime: NOW - 40 * DAY },
      { code: 'soon2', status: 2 as const, endTime: NOW + 75 * DAY },
      { code: 'use1', status: 1 as const, endTime: NOW + 120 * DAY },
      { code: 'soon1', status: 2 as const, endTime: NOW + 20 * DAY },
      { code: 'exp2', status: 3 as const, endTime: NOW - 10 * DAY },
    ];
    expect(sortModuleExpiry(rows).map((r) => r.code)).to.deep.equal(['exp1', 'exp2', 'soon1', 'soon2', 'use1', 'use2']);
    expect(rows[0]!.code).to.equal('use2'); // not sorted in place
  });
});

describe('module expiry content', () => {
  const content = JSON.stringify([
    { code: 'base', endTime: NOW + 400 * DAY },
    { code: 'asset', endTime: NOW - 10 * DAY, name: '资产管理' },
    { code: 'homework', endTime: String(NOW + 20 * DAY) },
  ]);

  it('parses the JSON list, derives status, names from the module list, and sorts', () => {
    const rows = parseModuleExpiry(content, { now: NOW, names: new Map([['homework', '作业管理']]) });
    expect(rows.map((r) => [r.code, r.name, r.status])).to.deep.equal([
      ['asset', '资产管理', 3],
      ['homework', '作业管理', 2],
      ['base', 'base', 1],
    ]);
    expect(rows[1]!.endTime).to.equal(NOW + 20 * DAY);
    const byRecord = parseModuleExpiry(content, { now: NOW, names: { base: '基础数据' } });
    expect(byRecord.find((r) => r.code === 'base')!.name).to.equal('基础数据');
  });

  it('tolerates bad JSON, non-lists and bad rows', () => {
    expect(parseModuleExpiry('{not json', { now: NOW })).to.deep.equal([]);
    expect(parseModuleExpiry('', { now: NOW })).to.deep.equal([]);
    expect(parseModuleExpiry('{"code":"base"}', { now: NOW })).to.deep.equal([]);
    expect(parseModuleExpiry(null, { now: NOW })).to.deep.equal([]);
    const rows = parseModuleExpiry(
      [
        { code: 'ok', endTime: NOW + DAY },
        { code: '', endTime: NOW },
        { code: 'x', endTime: 'soon' },
        { code: 'y' },
        3,
      ],
      { now: NOW },
    );
    expect(rows.map((r) => r.code)).to.deep.equal(['ok']);
  });
});

describe('messages', () => {
  it('maps wire names (messageMeno, messageDate) and tolerates odd values', () => {
    const message = fromWireMessage({
      id: 7,
      messageMeno: 'Meeting at 15:00',
      messageDate: NOW,
      module: 'notice',
      importance: '5',
      url: '/notice/detail?id=301',
      openWay: 0,
      content: '',
    })!;
    expect(message).to.deep.equal({
      id: '7',
      text: 'Meeting at 15:00',
      date: NOW,
      module: 'notice',
      importance: 5,
      url: '/notice/detail?id=301',
      openWay: 0,
      content: '',
    });
    expect(fromWireMessage({ messageMeno: 'no id' })).to.equal(null);
    expect(fromWireMessage({ id: 1, content: [{ code: 'a', endTime: 1 }] })!.content).to.equal(
      '[{"code":"a","endTime":1}]',
    );
    expect(fromWireMessages([{ id: 1 }, null, { id: 2 }]).map((m) => m.id)).to.deep.equal(['1', '2']);
    expect(fromWireMessages({ list: [{ id: 3 }] }).map((m) => m.id)).to.deep.equal(['3']);
    expect(fromWireMessages('x')).to.deep.equal([]);
  });

  it('maps importance 1–5 to the theme colours; other values to the nearest level', () => {
    for (const level of [1, 2, 3, 4, 5] as const) expect(importanceColor(level)).to.equal(IMPORTANCE_COLORS[level]);
    expect(importanceLevel(0)).to.equal(1);
    expect(importanceLevel(9)).to.equal(5);
    expect(importanceLevel('3')).to.equal(3);
    expect(importanceLevel(null)).to.equal(1);
    expect(importanceLevel('high')).to.equal(1);
    expect(importanceColor(undefined)).to.equal(IMPORTANCE_COLORS[1]);
  });

  it('openWay 1 opens the module-expiry table from content; a url opens; otherwise nothing', () => {
    const expiry = messageAction(
      { openWay: 1, url: '/ignored', content: JSON.stringify([{ code: 'survey', endTime: NOW - DAY }]) },
      { now: NOW },
    );
    expect(expiry.kind).to.equal('module-expiry');
    if (expiry.kind === 'module-expiry') expect(expiry.modules[0]!.status).to.equal(3);
    const broken = messageAction({ openWay: 1, url: '', content: '[{' }, { now: NOW });
    expect(broken).to.deep.equal({ kind: 'module-expiry', modules: [] });
    expect(messageAction({ openWay: 0, url: ' /exam/score ', content: '' })).to.deep.equal({
      kind: 'open-url',
      url: '/exam/score',
    });
    expect(messageAction({ openWay: 2, url: '', content: '' })).to.deep.equal({ kind: 'none' });
  });

  it('reads a pop-up page, deriving missing counts', () => {
    const page = fromWirePopupPage(
      {
        list: [{ id: 1, title: 'Leave', content: 'Approve', createTime: NOW, importance: 4 }, { x: 1 }],
        total: 7,
        pages: 3,
      },
      3,
    );
    expect(page.list).to.deep.equal([
      { id: '1', title: 'Leave', content: 'Approve', module: '', url: '', importance: 4, date: NOW },
    ]);
    expect([page.total, page.pages]).to.deep.equal([7, 3]);
    expect(fromWirePopupPage({ list: [{ id: 1 }, { id: 2 }] }, 3)).to.include({ total: 2, pages: 1 });
    expect(fromWirePopupPage(null, 3)).to.deep.equal({ list: [], pages: 0, total: 0 });
  });

  it('reads the message config: pcOpen from JSON, open by default', () => {
    expect(parseMessageConfig({ config: '{"pcOpen":false}' })).to.deep.equal({ pcOpen: false });
    expect(parseMessageConfig({ config: '{"pcOpen":0}' })).to.deep.equal({ pcOpen: false });
    expect(parseMessageConfig({ config: { pcOpen: true } })).to.deep.equal({ pcOpen: true });
    expect(parseMessageConfig({ config: '{"pcOpen":"1"}' })).to.deep.equal({ pcOpen: true });
    expect(parseMessageConfig({ config: '{bad' })).to.deep.equal({ pcOpen: true });
    expect(parseMessageConfig({ config: '{}' })).to.deep.equal({ pcOpen: true });
    expect(parseMessageConfig(null)).to.deep.equal({ pcOpen: true });
  });
});

/** A to-do list served three a page, like popUpBox_select. */
function fakeServer(count: number) {
  return memoryPopupList(
    Array.from({ length: count }, (_, i) => ({
      id: String(i + 1),
      title: `todo ${i + 1}`,
      content: '',
      module: 'oa',
      url: '',
      importance: 3 as const,
      date: 0,
    })),
  );
}

describe('pop-up reminder panel', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows three per page while there are items, with previous and next', async () => {
    const clock = fakeClock();
    const server = fakeServer(7);
    const panel = createPopupReminder({ ...server, clock });
    await panel.open();
    let s = panel.getSnapshot();
    expect([s.visible, s.page, s.pages, s.total]).to.deep.equal([true, 1, 3, 7]);
    expect(s.items.map((i) => i.id)).to.deep.equal(['1', '2', '3']);
    await panel.previous(); // already on the first page
    expect(panel.getSnapshot().page).to.equal(1);
    await panel.next();
    await panel.next();
    s = panel.getSnapshot();
    expect([s.page, s.items.map((i) => i.id)]).to.deep.equal([3, ['7']]);
    await panel.next(); // already on the last page
    expect(panel.getSnapshot().page).to.equal(3);
    await panel.previous();
    expect(panel.getSnapshot().items.map((i) => i.id)).to.deep.equal(['4', '5', '6']);
    expect(server.loads).to.deep.equal([1, 2, 3, 2]);
    panel.dispose();
  });

  it('stays hidden when there is nothing to do', async () => {
    const panel = createPopupReminder({ ...fakeServer(0), clock: fakeClock() });
    await panel.open();
    expect(panel.getSnapshot().visible).to.equal(false);
  });

  it('closes by itself after 15 s', async () => {
    const clock = fakeClock();
    const panel = createPopupReminder({ ...fakeServer(4), clock });
    await panel.open();
    expect(panel.getSnapshot().closesAt).to.equal(15_000);
    clock.advance(14_999);
    expect(panel.getSnapshot().visible).to.equal(true);
    clock.advance(1);
    expect(panel.getSnapshot().visible).to.equal(false);
    expect(panel.getSnapshot().closesAt).to.equal(null);
    expect(clock.pending()).to.equal(0);
  });

  it('any action restarts the 15 s timer', async () => {
    const clock = fakeClock();
    const panel = createPopupReminder({ ...fakeServer(7), clock });
    await panel.open();
    clock.advance(10_000);
    panel.touch();
    clock.advance(10_000); // 20 s after opening, 10 s after the touch
    expect(panel.getSnapshot().visible).to.equal(true);
    await panel.next();
    clock.advance(14_000);
    expect(panel.getSnapshot().visible).to.equal(true);
    await panel.previous(); // even at a no-op edge it counts as an action
    await panel.previous();
    clock.advance(14_999);
    expect(panel.getSnapshot().visible).to.equal(true);
    clock.advance(1);
    expect(panel.getSnapshot().visible).to.equal(false);
    expect(clock.pending()).to.equal(0);
  });

  it('handling an item reloads the page; an emptied page steps back; nothing left closes', async () => {
    const clock = fakeClock();
    const server = fakeServer(4);
    const panel = createPopupReminder({ ...server, clock });
    await panel.open();
    await panel.next();
    expect(panel.getSnapshot().items.map((i) => i.id)).to.deep.equal(['4']);
    await panel.handle('4');
    let s = panel.getSnapshot();
    expect([s.visible, s.page, s.total, s.items.map((i) => i.id)]).to.deep.equal([true, 1, 3, ['1', '2', '3']]);
    await panel.handle('2');
    expect(panel.getSnapshot().items.map((i) => i.id)).to.deep.equal(['1', '3']);
    await panel.handle('1');
    await panel.handle('3');
    s = panel.getSnapshot();
    expect([s.visible, s.total]).to.deep.equal([false, 0]);
    expect(clock.pending()).to.equal(0);
  });

  it('a failed handle keeps the item; a failed load keeps what is shown', async () => {
    const server = fakeServer(4);
    let failLoads = false;
    const panel = createPopupReminder({
      clock: fakeClock(),
      loadPage: (page, size) => (failLoads ? Promise.reject(new Error('down')) : server.loadPage(page, size)),
      handleItem: () => Promise.reject(new Error('refused')),
    });
    await panel.open();
    await panel.handle('1');
    expect(panel.getSnapshot().items.map((i) => i.id)).to.deep.equal(['1', '2', '3']);
    failLoads = true;
    await panel.next();
    const s = panel.getSnapshot();
    expect([s.visible, s.page, s.loading]).to.deep.equal([true, 1, false]);
  });

  it('closing by its icon suppresses it for the session; an ordinary close does not', async () => {
    const server = fakeServer(2);
    const panel = createPopupReminder({ ...server, clock: fakeClock() });
    await panel.open();
    panel.close();
    expect(panel.getSnapshot().visible).to.equal(false);
    await panel.open();
    expect(panel.getSnapshot().visible).to.equal(true);
    panel.dismiss();
    expect(panel.getSnapshot()).to.include({ visible: false, suppressed: true });
    expect(sessionStorage.getItem(POPUP_SUPPRESSED_KEY)).to.equal('1');
    const loads = server.loads.length;
    await panel.open();
    expect(panel.getSnapshot().visible).to.equal(false);
    // Another panel in the same session (a reload) stays closed too, without asking the server.
    const again = createPopupReminder({ ...server, clock: fakeClock() });
    expect(again.getSnapshot().suppressed).to.equal(true);
    await again.open();
    expect(again.getSnapshot().visible).to.equal(false);
    expect(server.loads.length).to.equal(loads);
    sessionStorage.clear(); // a new session (logout clears session storage)
    const fresh = createPopupReminder({ ...server, clock: fakeClock() });
    await fresh.open();
    expect(fresh.getSnapshot().visible).to.equal(true);
  });

  it('an answer that arrives after the panel closed is dropped', async () => {
    const server = fakeServer(5);
    let release: () => void = () => {};
    const panel = createPopupReminder({
      clock: fakeClock(),
      handleItem: server.handleItem,
      loadPage: async (page, size) => {
        if (page === 2) await new Promise<void>((resolve) => (release = resolve));
        return server.loadPage(page, size);
      },
    });
    await panel.open();
    const moving = panel.next();
    panel.close();
    release();
    await moving;
    expect(panel.getSnapshot().visible).to.equal(false);
    expect(panel.getSnapshot().page).to.equal(1);
  });

  it('tells subscribers, and is quiet after dispose', async () => {
    const clock = fakeClock();
    const panel = createPopupReminder({ ...fakeServer(3), clock });
    let calls = 0;
    panel.subscribe(() => calls++);
    await panel.open();
    expect(calls).to.be.greaterThan(0);
    panel.dispose();
    const after = calls;
    clock.advance(20_000);
    await panel.open();
    expect(calls).to.equal(after);
    expect(clock.pending()).to.equal(0);
  });
});
