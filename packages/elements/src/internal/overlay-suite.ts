/**
 * The overlay behaviour every dialog-based element owes (DESIGN §3), as one suite each element's test file runs
 * (test-only module): Escape closes only the top overlay, focus goes back to the opener, the scroll lock is held
 * while open and released after, a vetoed `edu-request-close` keeps it open, and axe passes in the three locales.
 * It also checks the dialog host (`internal/dialog-host.ts`): `open` reflects, `show()` opens, `hide()` closes without
 * asking, `requestClose()` asks with a cancelable `edu-request-close`, and the events come from the element itself.
 * A new dialog gets these checks by calling `runOverlaySuite` with a fixture.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { EduDialog } from '../dialog/dialog.ts';
import { deepActiveElement } from './focus.ts';
import { isTopOverlay, openOverlays } from './overlay-stack.ts';
import { scrollLockCount } from './scroll-lock.ts';
import { describeNode, itInLocales, nextFrame, switchLanguage, waitUntil } from './test-utils.ts';

/** A dialog-based element: `open` says whether it is shown, `show()` opens it, `hide()` and `requestClose()` close it. */
export interface OverlayElement extends HTMLElement {
  open: boolean;
  show(): Promise<void>;
  hide(): Promise<void>;
  requestClose(): Promise<boolean>;
  readonly updateComplete: Promise<boolean>;
}

export interface OverlaySuiteOptions<T extends OverlayElement> {
  /** Renders the element, closed, in the document (`fixture(...)` of the element's own test file). */
  fixture(): Promise<T>;
  /** Opens it and resolves once it is on screen; default `show()` and a settle. */
  open?(el: T): Promise<void>;
  /**
   * A blocking dialog (the licence dialog): nothing the user does closes it, Escape included; only the host does,
   * by setting `open = false`. The suite then checks that Escape leaves it open instead of the veto.
   */
  blocking?: boolean;
  /**
   * A topmost overlay (the login dialog): a dialog opened after it goes under it, so it stays on top and Escape
   * closes it first; the suite checks that order instead.
   */
  topmost?: boolean;
}

/** Waits for the element and the `<edu-dialog>`s in its shadow root to render, then a frame. */
async function settle(el: OverlayElement): Promise<void> {
  await el.updateComplete;
  const inner = Array.from(el.shadowRoot?.querySelectorAll<EduDialog>('edu-dialog') ?? []);
  await Promise.all(inner.map((dialog) => dialog.updateComplete));
  await nextFrame();
}

/** Whether the element, or an overlay in its shadow root, is a member of the overlay stack. */
function inStack(el: HTMLElement): boolean {
  return openOverlays().some((overlay) => overlay.element === el || el.shadowRoot?.contains(overlay.element));
}

/** Whether the element, or the overlay in its shadow root, is the top of the stack. */
function onTop(el: HTMLElement): boolean {
  return openOverlays().some(
    (overlay) => (overlay.element === el || !!el.shadowRoot?.contains(overlay.element)) && isTopOverlay(overlay),
  );
}

async function pressEscape(el: OverlayElement): Promise<void> {
  await sendKeys({ press: 'Escape' });
  await settle(el);
}

export function runOverlaySuite<T extends OverlayElement>(options: OverlaySuiteOptions<T>): void {
  const open = async (el: T): Promise<void> => {
    if (options.open) await options.open(el);
    else await el.show();
    await settle(el);
  };
  /** Closes it the way its user does (Escape), or its host (`open = false`) when it is blocking. */
  const close = async (el: T): Promise<void> => {
    if (options.blocking) el.open = false;
    else await sendKeys({ press: 'Escape' });
    await settle(el);
    await waitUntil(() => !el.open, 'the element to close');
  };

  describe('overlay behaviour (shared suite)', () => {
    afterEach(async () => {
      await switchLanguage('zh-CN');
    });

    it('Escape closes only the top overlay', async () => {
      const el = await options.fixture();
      await open(el);
      expect(el.open, 'open').to.equal(true);
      expect(onTop(el), 'on top of the stack once open').to.equal(true);
      const top = await fixture<EduDialog>(html`<edu-dialog title="top"><button>inside</button></edu-dialog>`);
      await top.show();
      await settle(el);
      if (options.topmost) {
        expect(onTop(el), 'a topmost overlay stays above a dialog opened after it').to.equal(true);
        await pressEscape(el);
        expect(el.open, 'Escape closes the topmost overlay first').to.equal(false);
        expect(top.open, 'the dialog under it stays open').to.equal(true);
        expect(inStack(el), 'left the stack').to.equal(false);
        top.open = false;
        return;
      }
      expect(onTop(el), 'under another dialog').to.equal(false);

      await pressEscape(el);
      expect(top.open, 'the top dialog closed').to.equal(false);
      expect(el.open, 'the element under it stays open').to.equal(true);
      expect(onTop(el), 'on top again').to.equal(true);

      if (options.blocking) {
        await pressEscape(el);
        expect(el.open, 'a blocking dialog stays open on Escape').to.equal(true);
      }
      await close(el);
      expect(inStack(el), 'left the stack').to.equal(false);
    });

    it('gives focus back to the opener when it closes', async () => {
      const opener = await fixture<HTMLButtonElement>(html`<button type="button">opener</button>`);
      const el = await options.fixture();
      opener.focus();
      await open(el);
      expect(deepActiveElement() === opener, 'focus moved into the overlay').to.equal(false);
      await close(el);
      expect(describeNode(deepActiveElement())).to.equal(describeNode(opener));
    });

    it('holds the scroll lock while open and releases it after', async () => {
      const el = await options.fixture();
      const before = scrollLockCount();
      await open(el);
      expect(scrollLockCount(), 'locked while open').to.equal(before + 1);
      expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
      await close(el);
      expect(scrollLockCount(), 'released after').to.equal(before);
    });

    it(options.blocking ? 'Escape leaves it open' : 'a vetoed edu-request-close keeps it open', async () => {
      const el = await options.fixture();
      await open(el);
      const requests: Array<{ cancelable: boolean; source: unknown }> = [];
      const veto = (event: Event) => {
        requests.push({
          cancelable: event.cancelable,
          source: (event as CustomEvent<{ source: unknown }>).detail.source,
        });
        event.preventDefault();
      };
      el.addEventListener('edu-request-close', veto);
      await pressEscape(el);
      if (options.blocking) {
        el.removeEventListener('edu-request-close', veto);
        expect(el.open, 'still open').to.equal(true);
        expect(inStack(el), 'still in the stack').to.equal(true);
        return;
      }
      expect(requests).to.deep.equal([{ cancelable: true, source: 'escape' }]);
      expect(el.open, 'still open after the veto').to.equal(true);
      expect(inStack(el), 'still in the stack').to.equal(true);
      el.removeEventListener('edu-request-close', veto);
      await pressEscape(el);
      await waitUntil(() => !el.open, 'the element to close once nobody vetoes');
    });

    it('show() opens and reflects open; hide() closes without asking; the events are its own', async () => {
      const el = await options.fixture();
      const events: string[] = [];
      const record = (event: Event) => {
        const from = event.composedPath()[0] === el ? 'host' : (event.composedPath()[0] as Element).localName;
        events.push(`${event.type}:${from}`);
      };
      for (const type of ['edu-open', 'edu-request-close', 'edu-close']) el.addEventListener(type, record);
      el.addEventListener('edu-request-close', (event) => event.preventDefault());
      await open(el);
      expect(el.hasAttribute('open'), 'open is reflected').to.equal(true);
      await el.hide();
      await settle(el);
      expect(el.open, 'hide() closed it').to.equal(false);
      expect(el.hasAttribute('open')).to.equal(false);
      expect(inStack(el), 'left the stack').to.equal(false);
      expect(events).to.deep.equal(['edu-open:host', 'edu-close:host']);
    });

    it(options.blocking ? 'requestClose() is refused' : 'requestClose() asks first and may be vetoed', async () => {
      const el = await options.fixture();
      await open(el);
      if (options.blocking) {
        expect(await el.requestClose(), 'refused').to.equal(false);
        expect(el.open).to.equal(true);
        return;
      }
      const veto = (event: Event) => event.preventDefault();
      el.addEventListener('edu-request-close', veto);
      expect(await el.requestClose(), 'vetoed').to.equal(false);
      expect(el.open, 'still open').to.equal(true);
      el.removeEventListener('edu-request-close', veto);
      const closed = new Promise<unknown>((resolve) =>
        el.addEventListener(
          'edu-close',
          (event) => resolve((event as CustomEvent<{ source: unknown }>).detail.source),
          {
            once: true,
          },
        ),
      );
      expect(await el.requestClose(), 'closed once nobody vetoes').to.equal(true);
      await settle(el);
      expect(el.open).to.equal(false);
      expect(await closed, 'edu-close source').to.equal('api');
    });

    itInLocales('passes axe when open', async () => {
      const el = await options.fixture();
      await open(el);
      expect(el.open).to.equal(true);
      await expect(el).to.be.accessible();
    });
  });
}
