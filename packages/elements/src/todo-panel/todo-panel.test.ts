import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { fromWirePopupItem, type ImportanceLevel } from '@edu-portal/core/messages/message.ts';
import { POPUP_SUPPRESSED_KEY, createPopupReminder, type PopupReminder } from '@edu-portal/core/messages/popup.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { openOverlays } from '../internal/overlay-stack.ts';
import { describeNode, q, switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { EduTodoPanel } from './todo-panel.ts';
import { fakeClock } from '@edu-portal/core/test-support/clock.ts';
import { memoryPopupList } from '@edu-portal/core/test-support/popup-list.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-todo-panel', EduTodoPanel);

/** The to-dos in memory, served a page at a time like popUpBox_select (the reminder's own seam). */
function memoryList(count: number) {
  return memoryPopupList(
    Array.from({ length: count }, (_, i) => ({
      id: `t${i + 1}`,
      title: `待办 ${i + 1}`,
      content: i === 0 ? '<i>请审核</i>' : '',
      module: i === 0 ? 'oa' : '',
      url: i === 0 ? '/oa/approve/1' : '',
      importance: ((i % 5) + 1) as ImportanceLevel,
      date: i === 0 ? Date.now() - 2 * 3600_000 : Number.NaN,
    })),
  );
}

interface Setup {
  el: EduTodoPanel;
  reminder: PopupReminder;
  clock: ReturnType<typeof fakeClock>;
  list: ReturnType<typeof memoryList>;
  before: HTMLButtonElement;
}

const reminders: PopupReminder[] = [];

async function setUp(count = 7, open = true): Promise<Setup> {
  const clock = fakeClock(Date.now());
  const list = memoryList(count);
  const reminder = createPopupReminder({ loadPage: list.loadPage, handleItem: list.handleItem, clock });
  reminders.push(reminder);
  const wrapper = await fixture<HTMLDivElement>(
    html`<div>
      <button id="before" type="button">页面按钮</button>
      <edu-todo-panel .reminder=${reminder} .moduleNames=${new Map([['oa', '协同办公']])}></edu-todo-panel>
    </div>`,
  );
  const el = wrapper.querySelector('edu-todo-panel')!;
  if (open) await reminder.open();
  await el.updateComplete;
  return { el, reminder, clock, list, before: wrapper.querySelector<HTMLButtonElement>('#before')! };
}

function ids(el: EduTodoPanel): string[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[part="item"]')).map((li) => li.dataset['key']!);
}

function pages(el: EduTodoPanel): string {
  return q(el, '[part="pages"]')!.textContent!.replace(/\s+/g, ' ').trim();
}

/** Waits for the reminder's async load to land and the element to render it. */
async function settled(el: EduTodoPanel, check: () => boolean, what: string): Promise<void> {
  await waitUntil(check, what);
  await el.updateComplete;
}

describe('<edu-todo-panel>', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(async () => {
    await resetMouse();
    fixtureCleanup();
    for (const reminder of reminders.splice(0)) reminder.dispose();
    sessionStorage.clear();
    await switchLanguage('zh-CN');
  });

  it('renders nothing until the reminder has items, then a labelled non-modal region', async () => {
    const { el, reminder } = await setUp(7, false);
    expect(q(el, '[part="base"]')).to.equal(null);
    await reminder.open();
    await el.updateComplete;
    const region = q(el, '[part="base"]')!;
    expect(region.localName).to.equal('section');
    expect(region.getAttribute('aria-label')).to.equal('待办提醒');
    expect(getComputedStyle(region).position).to.equal('fixed');
    expect(el.shadowRoot!.querySelector('dialog, [aria-modal]')).to.equal(null);
    expect(q(el, '[part="count"]')!.textContent!.trim()).to.equal('7');
    expect(el.visible).to.equal(true);
  });

  it('appears with out-of-range dates: each shows a placeholder, nothing throws', async () => {
    const wire = [
      { id: 'ns', title: '纳秒', createTime: 1_700_000_000_000_000_000, importance: 3 },
      { id: 'neg', title: '负数', createTime: -1e20, importance: 2 },
      { id: 'str', title: '文字', createTime: 'yesterday-ish', importance: 1 },
      { id: 'null', title: '空', createTime: null, importance: 1 },
    ];
    const items = wire.map((raw) => fromWirePopupItem(raw)!);
    // Also straight out-of-range numbers, as a host that fills items itself might pass them.
    items.push({ ...items[0]!, id: 'raw', date: 1.7e18 });
    const clock = fakeClock(Date.now());
    const reminder = createPopupReminder({
      loadPage: async () => ({ list: items, total: items.length, pages: 1 }),
      handleItem: async () => undefined,
      clock,
    });
    reminders.push(reminder);
    const el = await fixture<EduTodoPanel>(html`<edu-todo-panel .reminder=${reminder}></edu-todo-panel>`);
    await reminder.open();
    await el.updateComplete;
    expect(el.visible).to.equal(true);
    expect(q(el, '[part="count"]')!.textContent!.trim()).to.equal('5');
    const shown = q(el, '[part="item"]')!;
    expect(shown.querySelector('time')).to.equal(null);
    expect(shown.querySelector('[part="date"]')!.textContent).to.equal('日期未知');
  });

  it('shows one to-do fully: importance, title, content as text, module, date, view and handle', async () => {
    const { el } = await setUp(2);
    const first = q(el, '[data-key="t1"]')!;
    expect(first.querySelector('[part="importance"] .visually-hidden')!.textContent).to.equal('重要程度 1');
    expect(first.querySelector('[part="item-title"]')!.textContent!.trim()).to.equal('待办 1');
    expect(first.querySelector('[part="content"]')!.textContent).to.equal('<i>请审核</i>');
    expect(first.querySelector('[part="content"] i')).to.equal(null);
    expect(first.querySelector('[part="module"]')!.textContent).to.equal('协同办公');
    expect(first.querySelector('time')!.textContent).to.equal('2小时前');
    expect(first.querySelector('[part="open"]')!.textContent!.trim()).to.equal('查看');
    const second = q(el, '[data-key="t2"]')!;
    expect(second.querySelector('[part="open"]')).to.equal(null);
    expect(second.querySelector('time')).to.equal(null);
    expect(q(el, '[part="pager"]')).to.equal(null); // one page only
    setTimeout(() => first.querySelector<HTMLElement>('[part="open"]')!.click());
    const event = await oneEvent(el, 'edu-todo-open');
    expect(event.detail.item.id).to.equal('t1');
    expect(event.detail.item.url).to.equal('/oa/approve/1');
  });

  it('pages three at a time with previous and next, disabled at the edges', async () => {
    const { el } = await setUp(7);
    expect(ids(el)).to.deep.equal(['t1', 't2', 't3']);
    expect(pages(el)).to.equal('页码 1 / 3');
    expect(q<HTMLButtonElement>(el, '[part="previous"]')!.disabled).to.equal(true);
    q(el, '[part="next"]')!.click();
    await settled(el, () => ids(el)[0] === 't4', 'page 2');
    expect(ids(el)).to.deep.equal(['t4', 't5', 't6']);
    expect(q<HTMLButtonElement>(el, '[part="previous"]')!.disabled).to.equal(false);
    q(el, '[part="next"]')!.click();
    await settled(el, () => ids(el)[0] === 't7', 'page 3');
    expect(pages(el)).to.equal('页码 3 / 3');
    expect(q<HTMLButtonElement>(el, '[part="next"]')!.disabled).to.equal(true);
    q(el, '[part="previous"]')!.click();
    await settled(el, () => ids(el)[0] === 't4', 'back to page 2');
  });

  it('handles a to-do: it goes, and an emptied last page steps back one page', async () => {
    const { el, list } = await setUp(7);
    q(el, '[data-key="t2"] [part="handle"]')!.click();
    await settled(el, () => ids(el).join() === 't1,t3,t4', 'handled t2');
    expect(list.ids).to.not.include('t2');
    expect(q(el, '[part="count"]')!.textContent!.trim()).to.equal('6');
    q(el, '[part="next"]')!.click();
    await settled(el, () => ids(el)[0] === 't5', 'page 2');
    expect(ids(el)).to.deep.equal(['t5', 't6', 't7']);
    q(el, '[data-key="t7"] [part="handle"]')!.click();
    await settled(el, () => ids(el).join() === 't5,t6', 'handled t7');
    q(el, '[data-key="t5"] [part="handle"]')!.click();
    await settled(el, () => ids(el).join() === 't6', 'handled t5');
    q(el, '[data-key="t6"] [part="handle"]')!.click();
    // Page 2 emptied: back on page 1, which is the only one left.
    await settled(el, () => ids(el).join() === 't1,t3,t4', 'stepped back');
    expect(q(el, '[part="pager"]')).to.equal(null);
  });

  it('closes by its icon for the session (the flag stops a later open)', async () => {
    const { el, list } = await setUp(4);
    q(el, '[part="close"]')!.click();
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
    expect(sessionStorage.getItem(POPUP_SUPPRESSED_KEY)).to.equal('1');
    const again = createPopupReminder({
      loadPage: list.loadPage,
      handleItem: list.handleItem,
      clock: fakeClock(Date.now()),
    });
    reminders.push(again);
    el.reminder = again;
    await again.open();
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
  });

  it('closes itself when the clock reaches 15 s, and a key press inside restarts the timer', async () => {
    const { el, clock } = await setUp(4);
    q(el, '[part="handle"]')!.focus();
    clock.advance(10_000);
    await sendKeys({ press: 'Shift' });
    clock.advance(10_000); // 20 s after opening, 10 s after the key press
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.not.equal(null);
    clock.advance(5_000);
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
    expect(sessionStorage.getItem(POPUP_SUPPRESSED_KEY)).to.equal(null);
  });

  it('closes after 15 s without any action', async () => {
    const { el, clock } = await setUp(4);
    clock.advance(14_999);
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.not.equal(null);
    clock.advance(1);
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
  });

  it('does not take focus when it appears, and announces itself politely', async () => {
    const { el, reminder, before } = await setUp(4, false);
    before.focus();
    await reminder.open();
    await el.updateComplete;
    expect(describeNode(deepActiveElement())).to.equal('button#before');
    const live = q(el, '[role="status"]')!;
    expect(live.getAttribute('aria-live')).to.equal('polite');
    expect(live.closest('section')).to.equal(null); // present before the panel shows
    await waitUntil(() => live.textContent!.trim() === '您有新的待办提醒', 'the announcement');
    // A language switch re-renders it in the new language (it once kept its first language).
    await switchLanguage('en');
    await el.updateComplete;
    expect(live.textContent!.trim()).to.equal('You have new to-do reminders');
    expect(live.textContent!.trim()).to.not.equal('您有新的待办提醒');
    await switchLanguage('zh-CN');
    await el.updateComplete;
    reminder.close();
    await el.updateComplete;
    expect(live.textContent!.trim()).to.equal('');
  });

  it('works by keyboard only: Tab in, handle, page, close', async () => {
    const { el, before, list } = await setUp(7);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal('button[part=close] in edu-todo-panel');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' }); // t1 has "查看" first
    expect(describeNode(deepActiveElement())).to.equal(describeNode(q(el, '[data-key="t1"] [part="handle"]')));
    await sendKeys({ press: 'Enter' });
    await settled(el, () => !ids(el).includes('t1'), 'handled t1');
    // The row went: focus is on the next row's handle button.
    expect(describeNode(deepActiveElement())).to.equal(describeNode(q(el, '[data-key="t2"] [part="handle"]')));
    expect(list.ids).to.not.include('t1');
    q<HTMLButtonElement>(el, '[part="next"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await settled(el, () => ids(el)[0] === 't5', 'page 2');
    // The last page: "next" is disabled now, so focus moved to "previous".
    expect(describeNode(deepActiveElement())).to.equal('button[part=previous] in edu-todo-panel');
    await sendKeys({ press: 'Shift+Tab' });
    expect(describeNode(deepActiveElement())).to.equal(describeNode(q(el, '[data-key="t7"] [part="handle"]')));
    await sendKeys({ press: 'Space' });
    await settled(el, () => !ids(el).includes('t7'), 'handled t7');
    expect(list.ids).to.not.include('t7');
  });

  it('is a non-modal layer of the overlay stack: Escape closes it for now only while focus is inside', async () => {
    const { el, before } = await setUp(4);
    const panel = q(el, '[part="base"]')!;
    expect(panel.matches(':popover-open')).to.equal(true);
    const entry = openOverlays().find((o) => o.element === el);
    expect(entry?.kind).to.equal('popup');
    expect(entry?.modal).to.equal(false);
    // Focus on the page: Escape is not the panel's, and a click elsewhere leaves it open.
    before.focus();
    await sendKeys({ press: 'Escape' });
    await sendMouse({ type: 'click', position: [5, 5] });
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.not.equal(null);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal('button[part=close] in edu-todo-panel');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
    expect(sessionStorage.getItem(POPUP_SUPPRESSED_KEY)).to.equal(null);
    expect(openOverlays().some((o) => o.element === el)).to.equal(false);
    expect(describeNode(deepActiveElement())).to.equal('button#before');
  });

  it('opened while a modal dialog is up, waits for it to close; Escape goes to the dialog', async () => {
    const { el, reminder } = await setUp(4, false);
    const dialog = await fixture<EduDialog>(html`<edu-dialog title="对话框"><p>内容</p></edu-dialog>`);
    await dialog.show();
    await reminder.open();
    await el.updateComplete;
    const panel = q(el, '[part="base"]')!;
    expect(panel.matches(':popover-open')).to.equal(false);
    await sendKeys({ press: 'Escape' });
    await dialog.updateComplete;
    expect(dialog.open).to.equal(false);
    await waitUntil(() => panel.matches(':popover-open'), 'the panel to show');
  });

  it('follows a new reminder and lets go of the old one, and of any while disconnected', async () => {
    const { el, reminder } = await setUp(4);
    const inner = createPopupReminder({ ...memoryList(1), clock: fakeClock(Date.now()) });
    reminders.push(inner);
    let listening = 0;
    const other: PopupReminder = {
      ...inner,
      subscribe(listener) {
        listening++;
        const off = inner.subscribe(listener);
        return () => {
          listening--;
          off();
        };
      },
    };
    await other.open();
    el.reminder = other;
    await el.updateComplete;
    expect(listening).to.equal(1);
    expect(ids(el)).to.deep.equal(['t1']);
    await reminder.next(); // the old one moves; the element does not follow it
    await el.updateComplete;
    expect(ids(el)).to.deep.equal(['t1']);
    const parent = el.parentElement!;
    el.remove();
    expect(listening).to.equal(0);
    other.close();
    parent.append(el);
    expect(listening).to.equal(1);
    await el.updateComplete;
    expect(q(el, '[part="base"]')).to.equal(null);
    el.reminder = null;
    await el.updateComplete;
    expect(listening).to.equal(0);
    expect(el.visible).to.equal(false);
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`passes axe in ${lang}`, async () => {
      await switchLanguage(lang);
      const { el } = await setUp(7);
      await expect(el).to.be.accessible();
      expect(q(el, '[part="handle"]')!.textContent!.trim()).to.equal(
        { 'zh-CN': '处理', en: 'Handle', 'zh-HK': '處理' }[lang],
      );
    });
  }
});
