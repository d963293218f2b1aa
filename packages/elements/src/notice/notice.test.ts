import { aTimeout, expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { notify } from '@edu-portal/core/platform/notify.ts';
import '../index.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import { closeAllNotices, notice, showNotice, type EduNotice, type NoticeType } from './notice.ts';
import { containsFlat, deepActiveElement } from '../internal/focus.ts';
import { registerOverlay, unregisterOverlay } from '../internal/overlay-stack.ts';
import {
  center,
  deepElementFromPoint,
  describeNode,
  nextFrame,
  switchLanguage,
  waitUntil,
} from '../internal/test-utils.ts';

function host(): EduNotice {
  const found = [...document.querySelectorAll('edu-notice')];
  if (found.length) return found[0] as EduNotice;
  // While a modal is open the host lives in that dialog's shadow tree.
  for (const dialog of document.querySelectorAll('edu-dialog')) {
    const inner = dialog.shadowRoot?.querySelector('edu-notice');
    if (inner) return inner as EduNotice;
  }
  throw new Error('no <edu-notice> host');
}

function items(): HTMLElement[] {
  return [...host().shadowRoot!.querySelectorAll<HTMLElement>('.notice:not(.closing)')];
}

function item(id: number): HTMLElement | null {
  return host().shadowRoot!.querySelector<HTMLElement>(`.notice[data-id="${id}"]`);
}

async function rendered(id: number): Promise<HTMLElement> {
  await host().updateComplete;
  const el = item(id);
  if (!el) throw new Error(`notice ${id} is not rendered`);
  return el;
}

describe('<edu-notice>', () => {
  before(async () => {
    await setViewport({ width: 1000, height: 700 });
  });

  afterEach(async () => {
    await resetMouse();
    closeAllNotices();
    fixtureCleanup();
    await waitUntil(() => !document.querySelector('edu-notice') || items().length === 0, 'notices to close');
    await aTimeout(250);
    await switchLanguage('zh-CN');
  });

  it('creates one host on first use and shows notices of every type with their role and live setting', async () => {
    const expected: Record<NoticeType, [string, string]> = {
      success: ['status', 'polite'],
      info: ['status', 'polite'],
      warning: ['alert', 'assertive'],
      error: ['alert', 'assertive'],
    };
    for (const type of Object.keys(expected) as NoticeType[]) {
      const handle = showNotice({ type, message: `消息 ${type}` });
      const el = await rendered(handle.id);
      expect(el.dataset.type).to.equal(type);
      expect(el.getAttribute('part')).to.equal(`notice notice-${type}`);
      const live = el.querySelector('.live')!;
      expect(live.getAttribute('role')).to.equal(expected[type][0]);
      expect(live.getAttribute('aria-live')).to.equal(expected[type][1]);
      expect(live.getAttribute('aria-atomic')).to.equal('true');
    }
    expect(document.querySelectorAll('edu-notice').length).to.equal(1);
    expect(host().matches(':popover-open')).to.equal(true);
  });

  it('fills the live region after it is on screen, with the type and the message', async () => {
    const handle = notice.error('保存失败');
    const live = (await rendered(handle.id)).querySelector('.live')!;
    // Empty when inserted: a live region that appears already filled is often not announced.
    expect(live.textContent!.trim()).to.equal('');
    await waitUntil(() => live.textContent!.trim() !== '', 'the announcement');
    expect(live.textContent!.trim()).to.equal('错误：保存失败');
  });

  it('renders the message as text, never as HTML', async () => {
    const message = '<b>粗体</b><img src="x" onerror="window.__hacked = true">';
    const handle = notice.info(message);
    const el = await rendered(handle.id);
    await aTimeout(150);
    expect(describeNode(el.querySelector('b, img'))).to.equal('null');
    expect(el.querySelector('.message')!.textContent).to.equal(message);
    expect((window as unknown as { __hacked?: boolean }).__hacked).to.equal(undefined);
  });

  it('closes after 2000 ms by default', async () => {
    const shownAt = performance.now();
    const handle = notice.success('已保存');
    await handle.closed;
    // 2000 ms on screen, then the 200 ms fade.
    expect(performance.now() - shownAt).to.be.within(2000, 3500);
    expect(describeNode(item(handle.id))).to.equal('null');
  });

  it('takes its own duration, and 0 keeps it until closed', async () => {
    const shownAt = performance.now();
    const quick = showNotice({ type: 'info', message: '短', duration: 300 });
    const sticky = showNotice({ type: 'info', message: '不关闭', duration: 0 });
    await quick.closed;
    expect(performance.now() - shownAt).to.be.within(300, 1500);
    expect(describeNode(item(quick.id))).to.equal('null');
    await aTimeout(300);
    expect(describeNode(item(sticky.id))).not.to.equal('null');
    sticky.close();
    await sticky.closed;
    expect(describeNode(item(sticky.id))).to.equal('null');
  });

  it('pauses the countdown while hovered and resumes after', async () => {
    const handle = showNotice({ type: 'warning', message: '悬停暂停', duration: 1500 });
    const el = await rendered(handle.id);
    await sendMouse({ type: 'move', position: center(el) });
    await aTimeout(2000);
    expect(item(handle.id)?.classList.contains('closing')).to.equal(false);
    await sendMouse({ type: 'move', position: [5, 690] });
    await waitUntil(() => item(handle.id) === null, 'the notice to close after the pointer left', 3000);
  });

  it('pauses the countdown while focused', async () => {
    const handle = showNotice({ type: 'info', message: '聚焦暂停', duration: 1000 });
    const el = await rendered(handle.id);
    el.querySelector('button')!.focus();
    await aTimeout(1500);
    expect(item(handle.id)?.classList.contains('closing')).to.equal(false);
    (deepActiveElement() as HTMLElement).blur();
    await waitUntil(() => item(handle.id) === null, 'the notice to close after blur', 3000);
  });

  it('stacks notices 16 px apart', async () => {
    const handles = [notice.info('一', 0), notice.success('二', 0), notice.error('三\n第二行', 0)];
    await rendered(handles[2]!.id);
    await nextFrame();
    await aTimeout(250);
    const rects = handles.map((h) => item(h.id)!.getBoundingClientRect());
    expect(rects[1]!.top - rects[0]!.bottom).to.be.closeTo(16, 0.5);
    expect(rects[2]!.top - rects[1]!.bottom).to.be.closeTo(16, 0.5);
  });

  it('closes from its close button, its handle, and closeAllNotices()', async () => {
    const a = notice.info('甲', 0);
    const b = notice.info('乙', 0);
    const c = notice.info('丙', 0);
    const el = await rendered(c.id);
    await aTimeout(250);
    await sendMouse({ type: 'click', position: center(el.querySelector('button')!) });
    await c.closed;
    a.close();
    await a.closed;
    expect(describeNode(item(b.id))).not.to.equal('null');
    closeAllNotices();
    await b.closed;
    await waitUntil(() => !host().matches(':popover-open'), 'the empty host to hide');
  });

  it('is what core notify() shows', async () => {
    notify({ type: 'error', message: '服务器内部错误' });
    await host().updateComplete;
    const el = items().at(-1)!;
    expect(el.dataset.type).to.equal('error');
    expect(el.querySelector('.message')!.textContent).to.equal('服务器内部错误');
  });

  describe('with dialogs', () => {
    it('shows above an open modal dialog, and stays usable there: hover pauses, the close button works', async () => {
      const dialog = await fixture<EduDialog>(html`<edu-dialog title="T" position="top" width="100%"></edu-dialog>`);
      await dialog.show();
      const handle = showNotice({ type: 'error', message: '对话框上方', duration: 1500 });
      const el = await rendered(handle.id);
      await aTimeout(250);
      const h = host();
      expect(h.matches(':popover-open')).to.equal(true);
      // Inside the top modal's tree: everything else is inert under showModal().
      expect(containsFlat(dialog, h)).to.equal(true);
      expect(describeNode(h.closest('[inert]'))).to.equal('null');
      const point = center(el.querySelector('.message')!);
      expect(describeNode(deepElementFromPoint(...point))).to.equal(describeNode(el.querySelector('.message')));
      await sendMouse({ type: 'move', position: point });
      await aTimeout(1700);
      expect(item(handle.id)?.classList.contains('closing')).to.equal(false);
      await sendMouse({ type: 'click', position: center(el.querySelector('button')!) });
      await handle.closed;
      expect(dialog.open).to.equal(true);
    });

    it('is raised above a dialog that opens after it, and goes back to the page when the dialog closes', async () => {
      const handle = notice.warning('先出现', 0);
      const el = await rendered(handle.id);
      await aTimeout(250);
      const dialog = await fixture<EduDialog>(html`<edu-dialog title="T" position="top" width="100%"></edu-dialog>`);
      await dialog.show();
      await nextFrame();
      const point = center(el.querySelector('.message')!);
      const dialogRect = dialog.shadowRoot!.querySelector('dialog')!.getBoundingClientRect();
      expect(point[1]).to.be.within(dialogRect.top, dialogRect.bottom);
      expect(describeNode(deepElementFromPoint(...point))).to.equal(describeNode(el.querySelector('.message')));
      await dialog.hide();
      await nextFrame();
      expect(describeNode(host().parentElement)).to.equal('body');
      expect(host().matches(':popover-open')).to.equal(true);
      expect(describeNode(deepElementFromPoint(...point))).to.equal(describeNode(el.querySelector('.message')));
    });

    it('is raised above a top-layer popup that registers after it', async () => {
      const handle = notice.info('在弹层之上', 0);
      const el = await rendered(handle.id);
      await aTimeout(250);
      // A popup of a later element: a popover covering the whole viewport, registered with the stack.
      const popup = await fixture<HTMLDivElement>(
        html`<div popover="manual" style="inset: 0; margin: 0; width: 100vw; height: 100vh; border: 0"></div>`,
      );
      popup.showPopover();
      const overlay = { element: popup, kind: 'popup' as const, modal: false };
      const point = center(el.querySelector('.message')!);
      expect(describeNode(deepElementFromPoint(...point))).to.equal('div');
      registerOverlay(overlay);
      try {
        expect(describeNode(deepElementFromPoint(...point))).to.equal(describeNode(el.querySelector('.message')));
      } finally {
        unregisterOverlay(overlay);
        popup.hidePopover();
      }
    });

    it('inside a modal, Tab reaches the notice, and focus returns to the dialog when it closes', async () => {
      const dialog = await fixture<EduDialog>(html`<edu-dialog title="T"><button id="b">按钮</button></edu-dialog>`);
      await dialog.show();
      const handle = notice.info('可聚焦', 0);
      const el = await rendered(handle.id);
      const button = dialog.querySelector<HTMLButtonElement>('#b')!;
      button.focus();
      await sendKeys({ press: 'Tab' });
      expect(describeNode(deepActiveElement())).to.equal(describeNode(el.querySelector('button')));
      await sendKeys({ press: 'Enter' });
      await handle.closed;
      expect(describeNode(deepActiveElement())).to.equal(describeNode(button));
    });
  });

  describe('languages', () => {
    it('switches its labels live with core language', async () => {
      const handle = notice.warning('注意', 0);
      const el = await rendered(handle.id);
      await waitUntil(() => el.querySelector('.live')!.textContent!.trim() !== '', 'the announcement');
      await switchLanguage('en');
      await host().updateComplete;
      expect(el.querySelector('button')!.getAttribute('aria-label')).to.equal('Close notification');
      expect(el.querySelector('.live')!.textContent!.trim()).to.equal('Warning: 注意');
      await switchLanguage('zh-HK');
      await host().updateComplete;
      expect(el.querySelector('button')!.getAttribute('aria-label')).to.equal('關閉通知');
    });

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}`, async () => {
        await switchLanguage(lang);
        const types: NoticeType[] = ['success', 'info', 'warning', 'error'];
        const handles = types.map((type) => showNotice({ type, message: `${type} 消息`, duration: 0 }));
        await rendered(handles[3]!.id);
        await aTimeout(250);
        await expect(host()).to.be.accessible();
      });
    }
  });
});
