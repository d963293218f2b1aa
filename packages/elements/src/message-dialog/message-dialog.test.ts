import { expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { formatRelativeTime } from '@edu-portal/core/format/relative-time.ts';
import type { DesktopMessage, ImportanceLevel } from '@edu-portal/core/messages/message.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { defineElement } from '../internal/define-element.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import { describeNode, dialogOf, itInLocales, q, settle, showSettled, switchLanguage } from '../internal/test-utils.ts';
import { EduMessageDialog, type EduMessageDetail } from './message-dialog.ts';

defineElement('edu-dialog', EduDialog);
defineElement('edu-empty', EduEmpty);
defineElement('edu-message-dialog', EduMessageDialog);

const now = Date.now();

function message(id: string, importance: ImportanceLevel, patch: Partial<DesktopMessage> = {}): DesktopMessage {
  return {
    id,
    text: `消息 ${id}`,
    date: now - 5 * 60_000,
    module: '',
    importance,
    url: '',
    openWay: 0,
    content: '',
    ...patch,
  };
}

const sample: readonly DesktopMessage[] = [
  message('m1', 5, { text: '<b>教务</b> 通知', module: 'edu' }),
  message('m2', 3, { module: 'unknown_code' }),
  message('m3', 1, { date: Number.NaN }),
];

function all(el: EduMessageDialog, selector: string): HTMLElement[] {
  return Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>(selector));
}

function rowButton(el: EduMessageDialog, id: string, action: 'open' | 'read'): HTMLElement {
  return q(el, `[data-key="${id}"] [data-action="${action}"]`)!;
}

async function opened(messages: readonly DesktopMessage[] = sample): Promise<EduMessageDialog> {
  const el = await fixture<EduMessageDialog>(
    html`<edu-message-dialog .messages=${messages} .moduleNames=${{ edu: '教务管理' }}></edu-message-dialog>`,
  );
  return showSettled(el);
}

describe('<edu-message-dialog>', () => {
  runOverlaySuite({
    fixture: () =>
      fixture<EduMessageDialog>(
        html`<edu-message-dialog .messages=${sample} .moduleNames=${{ edu: '教务管理' }}></edu-message-dialog>`,
      ),
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });

  it('out-of-range dates show a localised placeholder and the rest of the list renders', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const hostile = [
        message('ns', 5, { date: 1.7e18 }),
        message('neg', 4, { date: -1e20 }),
        message('nan', 3, { date: Number.NaN }),
        message('ok', 2),
      ];
      const el = await opened(hostile);
      expect(all(el, '[part="row"]').map((r) => r.dataset['key'])).to.deep.equal(['ns', 'neg', 'nan', 'ok']);
      expect(dialogOf(el).title).to.equal('未读消息 (4)');
      for (const key of ['ns', 'neg', 'nan']) {
        expect(q(el, `[data-key="${key}"] time`)).to.equal(null);
        expect(q(el, `[data-key="${key}"] [part="date"]`)!.textContent).to.equal('日期未知');
      }
      expect(q(el, '[data-key="ok"] time')!.textContent).to.equal('5分钟前');
      await switchLanguage('en');
      await settle(el);
      expect(q(el, '[data-key="ns"] [part="date"]')!.textContent).to.equal('Date unknown');
      await switchLanguage('zh-HK');
      await settle(el);
      expect(q(el, '[data-key="ns"] [part="date"]')!.textContent).to.equal('日期不詳');
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
      await switchLanguage('zh-CN');
    }
  });

  it('lists the messages with importance, text as text, module name and date', async () => {
    const el = await opened();
    const rows = all(el, '[part="row"]');
    expect(rows.map((r) => r.dataset['key'])).to.deep.equal(['m1', 'm2', 'm3']);
    const markers = all(el, '[part="importance"]');
    expect(markers.map((m) => m.dataset['level'])).to.deep.equal(['5', '3', '1']);
    expect(markers[0]!.querySelector('.visually-hidden')!.textContent).to.equal('重要程度 5');
    expect(markers[0]!.textContent!.replace(/\s+/g, '')).to.contain('5');
    // Each level has its own colour (core IMPORTANCE_COLORS).
    const colours = markers.map((m) => getComputedStyle(m).borderTopColor);
    expect(new Set(colours).size).to.equal(3);
    const text = rowButton(el, 'm1', 'open');
    expect(text.textContent!.trim()).to.equal('<b>教务</b> 通知');
    expect(text.querySelector('b')).to.equal(null);
    expect(q(el, '[data-key="m1"] [part="module"]')!.textContent).to.equal('教务管理');
    expect(q(el, '[data-key="m2"] [part="module"]')!.textContent).to.equal('unknown_code');
    expect(q(el, '[data-key="m3"] [part="module"]')).to.equal(null);
    expect(q(el, '[data-key="m1"] time')!.textContent).to.equal(formatRelativeTime(sample[0]!.date));
    expect(q(el, '[data-key="m1"] time')!.textContent).to.equal('5分钟前');
    expect(q(el, '[data-key="m3"] time')).to.equal(null);
    expect(dialogOf(el).title).to.equal('未读消息 (3)');
  });

  it('keeps the message’s own line breaks and starts it on the marker’s line', async () => {
    const el = await opened([message('a', 2, { text: '第一行\n第二行' }), message('b', 2, { text: '一行' })]);
    const lineHeight = (button: HTMLElement) => parseFloat(getComputedStyle(button).lineHeight);
    const twoLines = rowButton(el, 'a', 'open');
    const oneLine = rowButton(el, 'b', 'open');
    // One line of text is one line high (no blank line from the template), two lines are two.
    expect(oneLine.getBoundingClientRect().height).to.be.below(lineHeight(oneLine) * 1.5 + 4);
    expect(twoLines.getBoundingClientRect().height).to.be.within(
      lineHeight(twoLines) * 1.5,
      lineHeight(twoLines) * 2.5 + 4,
    );
    const marker = q(el, '[data-key="b"] [part="importance"]')!.getBoundingClientRect();
    expect(Math.abs(oneLine.getBoundingClientRect().top - marker.top)).to.be.below(8);
  });

  it('reports open, read and ignore-all with the message', async () => {
    const el = await opened();
    setTimeout(() => rowButton(el, 'm2', 'open').click());
    const open = await oneEvent(el, 'edu-message-open');
    expect((open.detail as EduMessageDetail).message).to.equal(sample[1]);
    expect(open.bubbles && open.composed).to.equal(true);
    setTimeout(() => rowButton(el, 'm3', 'read').click());
    const read = await oneEvent(el, 'edu-message-read');
    expect(read.detail.message.id).to.equal('m3');
    setTimeout(() => q(el, '[part="ignore-all"]')!.click());
    const ignore = await oneEvent(el, 'edu-message-ignore-all');
    expect(ignore.detail).to.equal(null);
    // The element leaves the rows to the host.
    expect(all(el, '[part="row"]')).to.have.length(3);
  });

  it('shows the empty block and disables ignore-all when there is nothing unread', async () => {
    const el = await opened([]);
    const empty = q<EduEmpty>(el, 'edu-empty')!;
    expect(empty.description).to.equal('没有未读消息');
    expect(q<HTMLButtonElement>(el, '[part="ignore-all"]')!.disabled).to.equal(true);
    expect(dialogOf(el).title).to.equal('未读消息');
    el.messages = sample;
    await settle(el);
    expect(q(el, 'edu-empty')).to.equal(null);
    expect(q<HTMLButtonElement>(el, '[part="ignore-all"]')!.disabled).to.equal(false);
  });

  it('shows a busy state while loading and a failed load with a retry', async () => {
    const el = await opened([]);
    el.loading = true;
    await settle(el);
    expect(q(el, '[part="status"]')!.textContent).to.contain('正在加载消息');
    expect(q(el, 'edu-empty')).to.equal(null);
    el.messages = sample;
    await settle(el);
    expect(q(el, '[part="list"]')!.getAttribute('aria-busy')).to.equal('true');
    el.loading = false;
    el.messages = [];
    el.error = '网络错误';
    await settle(el);
    expect(q(el, '[part="status"]')!.textContent!.trim()).to.equal('');
    expect(q(el, '[part="list"]')).to.equal(null);
    expect(q(el, 'edu-empty')).to.equal(null);
    const alert = q(el, '[part="error"]')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.contain('网络错误');
    setTimeout(() => q(el, '[part="retry"]')!.click());
    const reload = await oneEvent(el, 'edu-message-reload');
    expect(reload.detail).to.equal(null);
  });

  it('moves focus to the next row, else the previous, else the dialog when the focused row goes', async () => {
    const el = await opened();
    rowButton(el, 'm2', 'read').focus();
    el.messages = [sample[0]!, sample[2]!];
    await settle(el);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(rowButton(el, 'm3', 'read')));
    el.messages = [sample[0]!];
    await settle(el);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(rowButton(el, 'm1', 'read')));
    rowButton(el, 'm1', 'open').focus();
    el.messages = [];
    await settle(el);
    expect(describeNode(deepActiveElement())).to.equal('dialog[part=dialog] in edu-dialog');
  });

  it('keeps focus where it is when another row goes, and moves off ignore-all when the list empties', async () => {
    const el = await opened();
    rowButton(el, 'm3', 'open').focus();
    el.messages = [sample[1]!, sample[2]!];
    await settle(el);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(rowButton(el, 'm3', 'open')));
    q(el, '[part="ignore-all"]')!.focus();
    el.messages = [];
    await settle(el);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(q(el, '[part="close"]')));
  });

  it('closes by its close button through edu-request-close, which may veto', async () => {
    const el = await opened();
    el.addEventListener('edu-request-close', (e) => e.preventDefault(), { once: true });
    setTimeout(() => q(el, '[part="close"]')!.click());
    const vetoed = await oneEvent(el, 'edu-request-close');
    expect(vetoed.cancelable).to.equal(true);
    await settle(el);
    expect(el.open).to.equal(true);
    setTimeout(() => q(el, '[part="close"]')!.click());
    const closed = await oneEvent(el, 'edu-close');
    expect(closed.detail.source).to.equal('api');
    await settle(el);
    expect(el.open).to.equal(false);
  });

  it('works by keyboard: Tab reaches a message, Enter opens it, Escape closes', async () => {
    const el = await opened();
    const seen: string[] = [];
    el.addEventListener('edu-message-open', (e) => seen.push(`open ${e.detail.message.id}`));
    el.addEventListener('edu-message-read', (e) => seen.push(`read ${e.detail.message.id}`));
    // The dialog has focus on open; Tab goes to the header's move handle, the close button, then the first row.
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal(describeNode(rowButton(el, 'm1', 'open')));
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    expect(seen).to.deep.equal(['open m1', 'read m1']);
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.open).to.equal(false);
  });

  itInLocales('passes axe', async () => {
    const el = await opened();
    el.error = 'Failed';
    el.loading = true;
    await settle(el);
    await expect(el).to.be.accessible();
    el.messages = [];
    el.loading = false;
    el.error = '';
    await settle(el);
    await expect(el).to.be.accessible();
  });

  it('follows the language in force', async () => {
    const el = await opened();
    await switchLanguage('en');
    await settle(el);
    expect(rowButton(el, 'm1', 'read').textContent!.trim()).to.equal('Mark as read');
    expect(q(el, '[part="importance"] .visually-hidden')!.textContent).to.equal('Importance 5');
    expect(q(el, '[data-key="m1"] time')!.textContent).to.equal('5 minutes ago');
    await switchLanguage('zh-HK');
    await settle(el);
    expect(q(el, '[part="ignore-all"]')!.textContent!.trim()).to.equal('全部忽略');
    expect(rowButton(el, 'm1', 'read').textContent!.trim()).to.equal('標為已讀');
  });
});
