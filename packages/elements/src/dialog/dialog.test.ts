import { aTimeout, expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../index.ts';
import type { EduDialog, DialogPosition } from './dialog.ts';
import { deepActiveElement } from '../internal/focus.ts';
import { openOverlays } from '../internal/overlay-stack.ts';
import { scrollLockCount } from '../internal/scroll-lock.ts';
import { runOverlaySuite } from '../internal/overlay-suite.ts';
import {
  center,
  describeNode,
  drag,
  nextFrame,
  switchLanguage,
  usePointerPage,
  waitUntil,
} from '../internal/test-utils.ts';

const W = 1000;
const H = 700;

function partsOf(el: EduDialog) {
  const root = el.shadowRoot!;
  const q = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  return {
    dialog: q<HTMLDialogElement>('dialog'),
    header: q<HTMLElement>('[part="header"]'),
    title: q<HTMLElement>('[part="title"]'),
    move: q<HTMLButtonElement>('[part="move"]'),
    close: q<HTMLButtonElement>('[part="close"]'),
    body: q<HTMLElement>('[part="body"]'),
    footer: q<HTMLElement>('[part="footer"]'),
  };
}

function rectOf(el: EduDialog): DOMRect {
  return partsOf(el).dialog.getBoundingClientRect();
}

async function opened(template: ReturnType<typeof html>): Promise<EduDialog> {
  const el = await fixture<EduDialog>(template);
  if (!el.open) await el.show();
  await nextFrame();
  return el;
}

class ShadowButton extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<button id="inner">inner</button>';
  }
}
customElements.define('test-shadow-button', ShadowButton);

describe('<edu-dialog>', () => {
  runOverlaySuite({
    fixture: () => fixture<EduDialog>(html`<edu-dialog title="对话框"><button>里面</button></edu-dialog>`),
  });

  usePointerPage(W, H);

  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  describe('opening and closing', () => {
    it('opens as a modal in the top layer from the open attribute and fires edu-open', async () => {
      const el = await fixture<EduDialog>(html`<edu-dialog title="通知"><p>内容</p></edu-dialog>`);
      expect(partsOf(el).dialog.open).to.equal(false);
      const opened = oneEvent(el, 'edu-open');
      el.setAttribute('open', '');
      await opened;
      const { dialog } = partsOf(el);
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(openOverlays().some((o) => o.element === el)).to.equal(true);
    });

    it('show() and hide() open and close it; edu-close reports the source', async () => {
      const el = await fixture<EduDialog>(html`<edu-dialog title="T"></edu-dialog>`);
      await el.show();
      expect(el.open).to.equal(true);
      expect(el.hasAttribute('open')).to.equal(true);
      const closed = oneEvent(el, 'edu-close');
      await el.hide();
      const event = await closed;
      expect(event.detail.source).to.equal('api');
      expect(partsOf(el).dialog.open).to.equal(false);
      expect(el.hasAttribute('open')).to.equal(false);
      expect(openOverlays().some((o) => o.element === el)).to.equal(false);
    });

    it('the close button asks to close with source close-button', async () => {
      const el = await opened(html`<edu-dialog title="T"></edu-dialog>`);
      const request = oneEvent(el, 'edu-request-close');
      await sendMouse({ type: 'click', position: center(partsOf(el).close) });
      const event = await request;
      expect(event.detail.source).to.equal('close-button');
      expect(event.cancelable).to.equal(true);
      expect(event.bubbles && event.composed).to.equal(true);
      await el.updateComplete;
      expect(el.open).to.equal(false);
    });

    it('a vetoed edu-request-close keeps it open; setting open=false closes without asking', async () => {
      const el = await opened(html`<edu-dialog title="T"></edu-dialog>`);
      const veto = (e: Event) => e.preventDefault();
      el.addEventListener('edu-request-close', veto);
      let closes = 0;
      el.addEventListener('edu-close', () => closes++);
      await sendMouse({ type: 'click', position: center(partsOf(el).close) });
      await el.updateComplete;
      expect(el.open).to.equal(true);
      expect(await el.requestClose()).to.equal(false);
      expect(partsOf(el).dialog.open).to.equal(true);
      expect(closes).to.equal(0);

      let requests = 0;
      el.addEventListener('edu-request-close', () => requests++);
      const closed = oneEvent(el, 'edu-close');
      el.open = false;
      expect((await closed).detail.source).to.equal('api');
      expect(requests).to.equal(0);
      expect(partsOf(el).dialog.open).to.equal(false);
    });

    it('is labelled by its title, and the close button has a label', async () => {
      const el = await opened(html`<edu-dialog title="编辑学生"></edu-dialog>`);
      const { dialog, title, close } = partsOf(el);
      expect(dialog.getAttribute('aria-labelledby')).to.equal('title');
      expect(title.id).to.equal('title');
      expect(title.textContent!.trim()).to.equal('编辑学生');
      expect(close.getAttribute('aria-label')).to.equal('关闭');
    });

    it('takes its title from the title slot, and falls back to a generic label without any title', async () => {
      const slotted = await opened(html`<edu-dialog><span slot="title">插槽标题</span></edu-dialog>`);
      await slotted.updateComplete;
      expect(partsOf(slotted).dialog.getAttribute('aria-labelledby')).to.equal('title');
      const slot = partsOf(slotted).title.querySelector('slot')!;
      expect(slot.assignedElements()[0]!.textContent).to.equal('插槽标题');
      fixtureCleanup();
      const bare = await opened(html`<edu-dialog></edu-dialog>`);
      expect(partsOf(bare).dialog.hasAttribute('aria-labelledby')).to.equal(false);
      expect(partsOf(bare).dialog.getAttribute('aria-label')).to.equal('对话框');
    });

    it('renders the footer only when the footer slot has content', async () => {
      const without = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      expect(partsOf(without).footer.hidden).to.equal(true);
      fixtureCleanup();
      const withFooter = await opened(html`<edu-dialog title="T"><button slot="footer">确定</button></edu-dialog>`);
      await withFooter.updateComplete;
      expect(partsOf(withFooter).footer.hidden).to.equal(false);
      expect(partsOf(withFooter).footer.getBoundingClientRect().height).to.be.greaterThan(0);
    });

    it('fades in 200 ms, and not at all when the user prefers reduced motion', async () => {
      const el = await opened(html`<edu-dialog title="T"></edu-dialog>`);
      const { dialog } = partsOf(el);
      expect(getComputedStyle(dialog).transitionDuration.split(', ')[0]).to.equal('0.2s');
      await emulateMedia({ reducedMotion: 'reduce' });
      expect(getComputedStyle(dialog).transitionDuration.split(', ')[0]).to.equal('0s');
    });

    it('with modal="false" renders inline: not modal, legacy z-index, no scroll lock', async () => {
      const el = await opened(html`<edu-dialog title="T" modal="false"></edu-dialog>`);
      const { dialog } = partsOf(el);
      expect(el.modal).to.equal(false);
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(false);
      expect(getComputedStyle(dialog).zIndex).to.equal('1500');
      expect(scrollLockCount()).to.equal(0);
    });
  });

  describe('size and position', () => {
    it('is 60% wide and 15% from the top, centred, by default', async () => {
      const el = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      const r = rectOf(el);
      expect(r.width).to.be.closeTo(W * 0.6, 1);
      expect(r.top).to.be.closeTo(H * 0.15, 1);
      expect(r.left).to.be.closeTo((W - r.width) / 2, 1);
    });

    it('takes width and top from its properties, and from custom properties when they are unset', async () => {
      const el = await opened(html`<edu-dialog title="T" width="420px" top="40px"></edu-dialog>`);
      expect(rectOf(el).width).to.be.closeTo(420, 1);
      expect(rectOf(el).top).to.be.closeTo(40, 1);
      fixtureCleanup();
      const styled = await opened(
        html`<edu-dialog title="T" style="--edu-dialog-width: 30%; --edu-dialog-top: 10px"></edu-dialog>`,
      );
      expect(rectOf(styled).width).to.be.closeTo(W * 0.3, 1);
      expect(rectOf(styled).top).to.be.closeTo(10, 1);
    });

    const placements: Array<[DialogPosition, (r: DOMRect) => void]> = [
      ['middle', (r) => (expect(r.top).to.be.closeTo(H * 0.15, 1), expect(r.left).to.be.closeTo((W - r.width) / 2, 1))],
      ['left', (r) => (expect(r.left).to.be.closeTo(0, 1), expect(r.top).to.be.closeTo((H - r.height) / 2, 1))],
      ['right', (r) => (expect(r.right).to.be.closeTo(W, 1), expect(r.top).to.be.closeTo((H - r.height) / 2, 1))],
      ['top', (r) => (expect(r.top).to.be.closeTo(0, 1), expect(r.left).to.be.closeTo((W - r.width) / 2, 1))],
      ['bottom', (r) => (expect(r.bottom).to.be.closeTo(H, 1), expect(r.left).to.be.closeTo((W - r.width) / 2, 1))],
      ['tr', (r) => (expect(r.top).to.be.closeTo(0, 1), expect(r.right).to.be.closeTo(W, 1))],
      [[40, null, null, 30], (r) => (expect(r.top).to.be.closeTo(40, 1), expect(r.left).to.be.closeTo(30, 1))],
      [
        ['auto', '5%', '10px', 'auto'],
        (r) => (expect(r.right).to.be.closeTo(W * 0.95, 1), expect(r.bottom).to.be.closeTo(H - 10, 1)),
      ],
    ];
    for (const [position, check] of placements) {
      it(`places position ${JSON.stringify(position)}`, async () => {
        const el = await fixture<EduDialog>(html`<edu-dialog title="T" .position=${position}><p>x</p></edu-dialog>`);
        await el.show();
        check(rectOf(el));
      });
    }

    it('reads the array form from a comma list attribute', async () => {
      const el = await opened(html`<edu-dialog title="T" position="40, auto, auto, 30"></edu-dialog>`);
      expect(el.position).to.deep.equal([40, null, null, 30]);
      expect(rectOf(el).top).to.be.closeTo(40, 1);
      expect(rectOf(el).left).to.be.closeTo(30, 1);
      el.setAttribute('position', 'tr');
      await el.updateComplete;
      expect(rectOf(el).right).to.be.closeTo(W, 1);
    });

    it('limits the body to the window height minus 180 px and scrolls it', async () => {
      const el = await opened(
        html`<edu-dialog title="T" top="0"><div style="height: 3000px">长内容</div></edu-dialog>`,
      );
      const { body } = partsOf(el);
      expect(body.getBoundingClientRect().height).to.be.closeTo(innerHeight - 180, 1);
      expect(body.scrollHeight).to.be.greaterThan(body.clientHeight);
      expect(getComputedStyle(body).overflowY).to.equal('auto');
    });

    describe('a long dialog in a small window (long dialogs in small windows)', () => {
      afterEach(async () => {
        await setViewport({ width: W, height: H });
      });

      const sizes: Array<[number, number]> = [
        [1366, 768],
        [1280, 600],
        [375, 667],
        [360, 480],
      ];
      const long = (position: DialogPosition = 'middle') =>
        html`<edu-dialog title="长表单" .position=${position}>
          <div style="height: 2000px">长内容</div>
          <button slot="footer" id="cancel">取消</button><button slot="footer" id="ok">确定</button>
        </edu-dialog>`;

      for (const [width, height] of sizes) {
        it(`fits the window at ${width}×${height}: the body scrolls, the footer stays on screen, also when focused`, async () => {
          await setViewport({ width, height });
          const el = await opened(long());
          const { dialog, body, footer } = partsOf(el);
          const r = dialog.getBoundingClientRect();
          expect(r.top).to.be.at.least(0);
          // A margin under it, not the very bottom edge (a 40-field form at 1366×768).
          expect(r.bottom).to.be.at.most(innerHeight - 16 + 0.5);
          expect(footer.getBoundingClientRect().bottom).to.be.at.most(innerHeight + 0.5);
          expect(body.scrollHeight).to.be.greaterThan(body.clientHeight);
          el.querySelector<HTMLButtonElement>('#ok')!.focus();
          await nextFrame();
          const ok = el.querySelector<HTMLButtonElement>('#ok')!.getBoundingClientRect();
          expect(ok.top).to.be.at.least(0);
          expect(ok.bottom).to.be.at.most(innerHeight);
          expect(dialog.getBoundingClientRect().top).to.be.closeTo(r.top, 0.5);
        });
      }

      const positions: DialogPosition[] = ['left', 'right', 'top', 'bottom', 'tr', [100, null, null, 20]];
      for (const position of positions) {
        it(`fits the window in position ${JSON.stringify(position)}`, async () => {
          await setViewport({ width: 1366, height: 768 });
          const el = await opened(long(position));
          const r = partsOf(el).dialog.getBoundingClientRect();
          expect(r.top).to.be.at.least(0);
          expect(r.bottom).to.be.at.most(innerHeight + 0.5);
          expect(partsOf(el).footer.getBoundingClientRect().bottom).to.be.at.most(innerHeight + 0.5);
        });
      }

      it('stays inside the window when dragged down as far as it goes', async () => {
        await setViewport({ width: 1366, height: 768 });
        const el = await opened(long());
        const { header, footer } = partsOf(el);
        const [x, y] = center(header);
        await drag([x, y], [x, innerHeight - 5]);
        await el.updateComplete;
        expect(footer.getBoundingClientRect().bottom).to.be.at.most(innerHeight + 0.5);
      });
    });

    describe('on a phone', () => {
      afterEach(async () => {
        await setViewport({ width: W, height: H });
      });

      it('uses nearly the full width of a 375 px screen and keeps two footer buttons on one line', async () => {
        await setViewport({ width: 375, height: 667 });
        const el = await opened(
          html`<edu-dialog title="提示"
            ><p>内容</p>
            <button slot="footer" style="padding: 0 16px; height: 32px">取消操作</button
            ><button slot="footer" style="padding: 0 16px; height: 32px">确定提交</button>
          </edu-dialog>`,
        );
        const r = rectOf(el);
        expect(r.width).to.be.at.least(375 - 24 - 1);
        expect(r.left).to.be.at.least(0);
        expect(r.right).to.be.at.most(375);
        const [a, b] = Array.from(el.querySelectorAll('button'));
        expect(a!.getBoundingClientRect().top).to.be.closeTo(b!.getBoundingClientRect().top, 1);
      });

      it('keeps an explicit width, within the window', async () => {
        await setViewport({ width: 375, height: 667 });
        const el = await opened(html`<edu-dialog title="T" width="300px"><p>x</p></edu-dialog>`);
        expect(rectOf(el).width).to.be.closeTo(300, 1);
        fixtureCleanup();
        const wide = await opened(html`<edu-dialog title="T" width="650px"><p>x</p></edu-dialog>`);
        expect(rectOf(wide).width).to.be.at.most(375);
      });
    });
  });

  describe('moving', () => {
    it('follows a drag by its header', async () => {
      const el = await opened(html`<edu-dialog title="拖动我"><p>x</p></edu-dialog>`);
      const before = rectOf(el);
      const from = center(partsOf(el).title);
      await drag(from, [from[0] + 120, from[1] + 60]);
      const after = rectOf(el);
      expect(after.left - before.left).to.be.closeTo(120, 1);
      expect(after.top - before.top).to.be.closeTo(60, 1);
    });

    it('does not drag from the close button or from the body', async () => {
      const el = await opened(html`<edu-dialog title="T"><p id="p">正文</p></edu-dialog>`);
      const before = rectOf(el);
      const from = center(el.querySelector('#p')!);
      await drag(from, [from[0] + 80, from[1] + 80]);
      expect(rectOf(el).left).to.be.closeTo(before.left, 0.5);
      expect(rectOf(el).top).to.be.closeTo(before.top, 0.5);
    });

    it('stays inside the viewport when dragged past its edges', async () => {
      const el = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      let from = center(partsOf(el).title);
      await drag(from, [W - 2, H - 2]);
      let r = rectOf(el);
      expect(r.right).to.be.closeTo(W, 1);
      expect(r.bottom).to.be.closeTo(H, 1);
      from = center(partsOf(el).title);
      await drag(from, [2, 2]);
      r = rectOf(el);
      expect(r.left).to.be.closeTo(0, 1);
      expect(r.top).to.be.closeTo(0, 1);
    });

    it('is pulled back inside when the window shrinks', async () => {
      const el = await opened(html`<edu-dialog title="T" width="300px"><p>x</p></edu-dialog>`);
      const from = center(partsOf(el).title);
      await drag(from, [W - 2, H - 2]);
      expect(rectOf(el).right).to.be.closeTo(W, 1);
      try {
        await setViewport({ width: 700, height: 500 });
        await waitUntil(() => rectOf(el).right <= 700.5 && rectOf(el).bottom <= 500.5, 'the dialog inside 700×500');
        expect(rectOf(el).right).to.be.closeTo(700, 1);
        expect(rectOf(el).bottom).to.be.closeTo(500, 1);
      } finally {
        await setViewport({ width: W, height: H });
      }
    });

    it('goes back to its placement when reopened', async () => {
      const el = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      const home = rectOf(el);
      const from = center(partsOf(el).title);
      await drag(from, [from[0] + 150, from[1] + 100]);
      expect(rectOf(el).left).to.be.closeTo(home.left + 150, 1);
      await el.hide();
      await el.show();
      expect(rectOf(el).left).to.be.closeTo(home.left, 1);
      expect(rectOf(el).top).to.be.closeTo(home.top, 1);
    });

    it('moves with the arrow keys on its move button, clamped, and Home puts it back', async () => {
      const el = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      const { move } = partsOf(el);
      const home = rectOf(el);
      const hint = el.shadowRoot!.getElementById(move.getAttribute('aria-describedby')!)!;
      expect(hint.textContent).to.contain('方向键');
      expect(move.getAttribute('aria-label')).to.equal('移动对话框');
      move.focus();
      await sendKeys({ press: 'ArrowRight' });
      await el.updateComplete;
      expect(rectOf(el).left).to.be.closeTo(home.left + 10, 1);
      await sendKeys({ press: 'Shift+ArrowDown' });
      await el.updateComplete;
      expect(rectOf(el).top).to.be.closeTo(home.top + 50, 1);
      for (let i = 0; i < 10; i++) await sendKeys({ press: 'Shift+ArrowUp' });
      await el.updateComplete;
      expect(rectOf(el).top).to.be.closeTo(0, 1);
      await sendKeys({ press: 'Home' });
      await el.updateComplete;
      expect(rectOf(el).left).to.be.closeTo(home.left, 1);
      expect(rectOf(el).top).to.be.closeTo(home.top, 1);
    });

    it('cannot be moved with no-drag', async () => {
      const el = await opened(html`<edu-dialog title="T" no-drag><p>x</p></edu-dialog>`);
      expect(describeNode(partsOf(el).move)).to.equal('null');
      const before = rectOf(el);
      const from = center(partsOf(el).title);
      await drag(from, [from[0] + 100, from[1] + 100]);
      expect(rectOf(el).left).to.be.closeTo(before.left, 0.5);
    });
  });

  describe('Escape and backdrop', () => {
    it('closes on Escape with source escape', async () => {
      const el = await opened(html`<edu-dialog title="T"><p>x</p></edu-dialog>`);
      const request = oneEvent(el, 'edu-request-close');
      await sendKeys({ press: 'Escape' });
      expect((await request).detail.source).to.equal('escape');
      await el.updateComplete;
      expect(el.open).to.equal(false);
    });

    it('stays open on Escape with no-escape, however often it is pressed', async () => {
      const el = await opened(html`<edu-dialog title="T" no-escape><p>x</p></edu-dialog>`);
      expect(el.closeOnEscape).to.equal(false);
      for (let i = 0; i < 3; i++) await sendKeys({ press: 'Escape' });
      await aTimeout(50);
      expect(el.open).to.equal(true);
      expect(partsOf(el).dialog.open).to.equal(true);
    });

    it('closes only the top of two nested dialogs on Escape', async () => {
      const outer = await opened(html`
        <edu-dialog title="外层">
          <p>外层内容</p>
          <edu-dialog id="inner" title="内层"><p>内层内容</p></edu-dialog>
        </edu-dialog>
      `);
      const inner = outer.querySelector<EduDialog>('#inner')!;
      await inner.show();
      expect(partsOf(inner).dialog.matches(':modal')).to.equal(true);
      await sendKeys({ press: 'Escape' });
      await inner.updateComplete;
      await aTimeout(20);
      expect(inner.open).to.equal(false);
      expect(outer.open).to.equal(true);
      expect(partsOf(outer).dialog.open).to.equal(true);
      await sendKeys({ press: 'Escape' });
      await outer.updateComplete;
      expect(outer.open).to.equal(false);
    });

    it('a non-modal dialog hears Escape only while focus is inside it', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`
        <div>
          <input aria-label="页面字段" />
          <edu-dialog title="T" modal="false"><button>内部</button></edu-dialog>
        </div>
      `);
      const el = wrapper.querySelector<EduDialog>('edu-dialog')!;
      await el.show();
      wrapper.querySelector('input')!.focus();
      await sendKeys({ press: 'Escape' });
      await aTimeout(20);
      expect(el.open).to.equal(true);
      el.querySelector('button')!.focus();
      await sendKeys({ press: 'Escape' });
      await el.updateComplete;
      expect(el.open).to.equal(false);
    });

    it('Escape on a top dialog that refuses it closes nothing below', async () => {
      const outer = await opened(html`<edu-dialog title="外层"><p>x</p></edu-dialog>`);
      const top = await fixture<EduDialog>(html`<edu-dialog title="顶层" no-escape><p>y</p></edu-dialog>`);
      await top.show();
      await sendKeys({ press: 'Escape' });
      await aTimeout(20);
      expect(top.open).to.equal(true);
      expect(outer.open).to.equal(true);
    });

    it('ignores a backdrop click unless close-on-backdrop is set', async () => {
      const el = await opened(html`<edu-dialog title="T"><p id="p">x</p></edu-dialog>`);
      await sendMouse({ type: 'click', position: [5, H - 5] });
      await aTimeout(20);
      expect(el.open).to.equal(true);
      el.closeOnBackdrop = true;
      await el.updateComplete;
      await sendMouse({ type: 'click', position: center(el.querySelector('#p')!) });
      await aTimeout(20);
      expect(el.open).to.equal(true);
      const request = oneEvent(el, 'edu-request-close');
      await sendMouse({ type: 'click', position: [5, H - 5] });
      expect((await request).detail.source).to.equal('backdrop');
      await el.updateComplete;
      expect(el.open).to.equal(false);
    });
  });

  describe('focus', () => {
    it('keeps Tab and Shift+Tab inside, through shadow roots and slots, and restores focus on close', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`
        <div>
          <button id="trigger">打开</button>
          <edu-dialog title="焦点">
            <input id="field" aria-label="字段" />
            <test-shadow-button id="host"></test-shadow-button>
            <button slot="footer" id="ok">确定</button>
          </edu-dialog>
          <button id="after">后面</button>
        </div>
      `);
      const trigger = wrapper.querySelector<HTMLButtonElement>('#trigger')!;
      const el = wrapper.querySelector<EduDialog>('edu-dialog')!;
      const inner = wrapper.querySelector('#host')!.shadowRoot!.querySelector('button')!;
      const ok = wrapper.querySelector('#ok')!;
      const { move, close, dialog } = partsOf(el);
      trigger.focus();
      await el.show();
      await el.updateComplete;
      // Opening puts focus on the dialog itself so that its name is read first.
      expect(describeNode(deepActiveElement())).to.equal(describeNode(dialog));
      const order = [move, close, wrapper.querySelector('#field'), inner, ok];
      for (const expected of [...order, move]) {
        await sendKeys({ press: 'Tab' });
        expect(describeNode(deepActiveElement())).to.equal(describeNode(expected));
      }
      for (const expected of [ok, inner, wrapper.querySelector('#field')]) {
        await sendKeys({ press: 'Shift+Tab' });
        expect(describeNode(deepActiveElement())).to.equal(describeNode(expected));
      }
      await el.hide();
      expect(describeNode(deepActiveElement())).to.equal(describeNode(trigger));
    });

    it('gives focus back to a trigger inside a shadow root, and to the trigger of a non-modal dialog', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`
        <div>
          <test-shadow-button id="opener"></test-shadow-button>
          <edu-dialog title="T"><button>内部</button></edu-dialog>
        </div>
      `);
      const trigger = wrapper.querySelector('#opener')!.shadowRoot!.querySelector('button')!;
      const el = wrapper.querySelector<EduDialog>('edu-dialog')!;
      for (const modal of [true, false]) {
        el.modal = modal;
        trigger.focus();
        await el.show();
        el.querySelector('button')!.focus();
        expect(describeNode(deepActiveElement())).to.equal('button');
        await el.hide();
        expect(describeNode(deepActiveElement())).to.equal(describeNode(trigger));
      }
      // Focus that the user took elsewhere beside a non-modal dialog stays there.
      const elsewhere = document.createElement('button');
      wrapper.append(elsewhere);
      trigger.focus();
      await el.show();
      elsewhere.focus();
      await el.hide();
      expect(deepActiveElement() === elsewhere).to.equal(true);
    });

    it('keeps a topmost dialog above a modal opened after it, with focus and Escape (the login dialog)', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`
        <div>
          <edu-dialog id="login" title="登录" topmost><input id="account" aria-label="账号" /></edu-dialog>
          <edu-dialog id="later" title="消息"><button id="inside">按钮</button></edu-dialog>
        </div>
      `);
      const login = wrapper.querySelector<EduDialog>('#login')!;
      const later = wrapper.querySelector<EduDialog>('#later')!;
      await login.show();
      const account = wrapper.querySelector<HTMLInputElement>('#account')!;
      account.focus();
      await later.show();
      await nextFrame();
      // The login dialog is the top of the stack and of the top layer: it is hit at its centre and keeps focus.
      expect(openOverlays().at(-1)?.element).to.equal(login);
      const [x, y] = center(partsOf(login).dialog);
      expect(document.elementFromPoint(x, y) === login).to.equal(true);
      expect(deepActiveElement() === account).to.equal(true);
      expect(later.matches(':focus-within')).to.equal(false);
      // Escape closes the login dialog only; the other is then on top and usable.
      await sendKeys({ press: 'Escape' });
      await login.updateComplete;
      expect(login.open).to.equal(false);
      expect(later.open).to.equal(true);
      expect(openOverlays().at(-1)?.element).to.equal(later);
      wrapper.querySelector<HTMLButtonElement>('#inside')!.focus();
      expect(describeNode(deepActiveElement())).to.equal(describeNode(wrapper.querySelector('#inside')));
      await later.hide();
    });

    it('focuses a slotted control marked autofocus', async () => {
      const el = await opened(html`<edu-dialog title="T"><input aria-label="名称" autofocus /></edu-dialog>`);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(el.querySelector('input')));
    });
  });

  describe('scroll lock', () => {
    it('is counted: locked while either of two dialogs is open, unlocked after both, without moving the page', async () => {
      const page = await fixture<HTMLDivElement>(html`
        <div>
          <div style="height: 3000px">长页面</div>
          <edu-dialog id="a" title="A"></edu-dialog>
          <edu-dialog id="b" title="B"></edu-dialog>
        </div>
      `);
      const html_ = document.documentElement;
      const a = page.querySelector<EduDialog>('#a')!;
      const b = page.querySelector<EduDialog>('#b')!;
      const bodyWidth = () => document.body.getBoundingClientRect().width;
      const width = bodyWidth();
      const gutter = innerWidth - html_.clientWidth;
      expect(scrollLockCount()).to.equal(0);

      await a.show();
      expect(scrollLockCount()).to.equal(1);
      expect(getComputedStyle(html_).overflow).to.equal('hidden');
      expect(html_.hasAttribute('data-edu-scroll-lock')).to.equal(true);
      if (gutter > 0) expect(getComputedStyle(html_).getPropertyValue('scrollbar-gutter')).to.contain('stable');
      expect(bodyWidth()).to.equal(width);

      await b.show();
      expect(scrollLockCount()).to.equal(2);
      await b.hide();
      expect(scrollLockCount()).to.equal(1);
      expect(getComputedStyle(html_).overflow).to.equal('hidden');
      expect(bodyWidth()).to.equal(width);

      await a.hide();
      expect(scrollLockCount()).to.equal(0);
      expect(getComputedStyle(html_).overflow).to.equal('visible');
      expect(html_.style.overflow).to.equal('');
      expect(html_.hasAttribute('data-edu-scroll-lock')).to.equal(false);
      expect(bodyWidth()).to.equal(width);
    });

    it('keeps the gutter with padding where scrollbar-gutter is missing', async () => {
      const page = await fixture<HTMLDivElement>(html`
        <div>
          <div style="height: 3000px">长页面</div>
          <edu-dialog title="A"></edu-dialog>
        </div>
      `);
      const el = page.querySelector<EduDialog>('edu-dialog')!;
      const html_ = document.documentElement;
      const gutter = innerWidth - html_.clientWidth;
      const width = document.body.getBoundingClientRect().width;
      const supports = CSS.supports;
      const original = supports.bind(CSS) as (property: string, value?: string) => boolean;
      CSS.supports = ((property: string, value?: string) =>
        property === 'scrollbar-gutter'
          ? false
          : value === undefined
            ? original(property)
            : original(property, value)) as typeof CSS.supports;
      try {
        await el.show();
        expect(html_.style.paddingRight).to.equal(gutter > 0 ? `${gutter}px` : '');
        expect(html_.style.getPropertyValue('--edu-scroll-lock-size')).to.equal(`${gutter}px`);
        expect(document.body.getBoundingClientRect().width).to.equal(width);
        await el.hide();
        expect(html_.style.paddingRight).to.equal('');
      } finally {
        CSS.supports = supports;
      }
    });

    it('stays open, modal and counted once when moved in the document while open', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <section></section>
          <edu-dialog title="T"></edu-dialog>
        </div>`,
      );
      const el = wrapper.querySelector<EduDialog>('edu-dialog')!;
      await el.show();
      wrapper.querySelector('section')!.append(el);
      await el.updateComplete;
      await nextFrame();
      expect(el.open).to.equal(true);
      expect(partsOf(el).dialog.matches(':modal')).to.equal(true);
      expect(scrollLockCount()).to.equal(1);
      expect(openOverlays().filter((o) => o.element === el).length).to.equal(1);
      await el.hide();
      expect(scrollLockCount()).to.equal(0);
    });

    it('lets go when an open dialog is removed from the page', async () => {
      const el = await opened(html`<edu-dialog title="T"></edu-dialog>`);
      expect(scrollLockCount()).to.equal(1);
      el.remove();
      expect(scrollLockCount()).to.equal(0);
      expect(openOverlays().some((o) => o.element === el)).to.equal(false);
    });
  });

  describe('languages', () => {
    it('switches its labels live with core language', async () => {
      const el = await opened(html`<edu-dialog title="T"></edu-dialog>`);
      const { close, move } = partsOf(el);
      await switchLanguage('en');
      await el.updateComplete;
      expect(close.getAttribute('aria-label')).to.equal('Close');
      expect(move.getAttribute('aria-label')).to.equal('Move dialog');
      await switchLanguage('zh-HK');
      await el.updateComplete;
      expect(close.getAttribute('aria-label')).to.equal('關閉');
      await switchLanguage('zh-CN');
      await el.updateComplete;
      expect(close.getAttribute('aria-label')).to.equal('关闭');
    });

    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`passes axe in ${lang}`, async () => {
        await switchLanguage(lang);
        const el = await opened(html`
          <edu-dialog title="学生信息">
            <label>姓名 <input /></label>
            <button slot="footer">确定</button>
          </edu-dialog>
        `);
        await expect(el).to.be.accessible();
        fixtureCleanup();
        const untitled = await opened(html`<edu-dialog><p>无标题</p></edu-dialog>`);
        await expect(untitled).to.be.accessible();
      });
    }
  });
});
