import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { LitElement, css, html as litHtml } from 'lit';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from './define-element.ts';
import { deepActiveElement } from './focus.ts';
import { type Overlay, openOverlays, registerOverlay, topOverlay, unregisterOverlay } from './overlay-stack.ts';
import { type PopupDismissReason, PopupController } from './popup-controller.ts';
import { center, describeNode, nextFrame, waitUntil } from './test-utils.ts';

const W = 900;
const H = 600;

/** A host with a trigger and a popover panel of two buttons, driven by the controller like the real elements. */
class TestPopupHost extends LitElement {
  static override styles = css`
    .panel {
      position: fixed;
      inset: auto;
      margin: 0;
      width: 300px;
      height: 200px;
      padding: 0;
      border: 1px solid;
    }
  `;
  static mode: 'dropdown' | 'layer' = 'dropdown';
  readonly dismissed: PopupDismissReason[] = [];
  readonly popup: PopupController;

  constructor() {
    super();
    const { mode } = this.constructor as typeof TestPopupHost;
    this.popup = new PopupController(this, {
      popup: () => this.renderRoot.querySelector<HTMLElement>('.panel'),
      trigger: () => (mode === 'layer' ? null : this.renderRoot.querySelector<HTMLElement>('.trigger')),
      mode,
      onDismiss: (reason) => this.dismissed.push(reason),
    });
  }

  get panel(): HTMLElement {
    return this.renderRoot.querySelector<HTMLElement>('.panel')!;
  }

  get trigger(): HTMLButtonElement {
    return this.renderRoot.querySelector<HTMLButtonElement>('.trigger')!;
  }

  protected override render() {
    return litHtml`<button class="trigger" type="button">open</button>
      <div class="panel" popover="manual"><button class="first" type="button">one</button
      ><button class="second" type="button">two</button></div>`;
  }
}
/** The same as a non-modal layer without a trigger (as the to-do panel is). */
class TestLayerHost extends TestPopupHost {
  static override mode = 'layer' as const;

  protected override render() {
    return litHtml`<div class="panel" popover="manual"><button class="first" type="button">one</button></div>`;
  }
}
defineElement('test-popup-host', TestPopupHost);
defineElement('test-layer-host', TestLayerHost);
defineElement('edu-dialog', EduDialog);

async function opened(template = html`<test-popup-host></test-popup-host>`): Promise<TestPopupHost> {
  const root = await fixture<HTMLElement>(template);
  const host = root instanceof TestPopupHost ? root : root.querySelector<TestPopupHost>('test-popup-host')!;
  await host.updateComplete;
  host.trigger.focus();
  host.popup.show();
  host.panel.querySelector<HTMLElement>('.first')!.focus();
  await nextFrame();
  await nextFrame();
  return host;
}

function fakeModal(calls: string[]): Overlay {
  return {
    element: document.createElement('div'),
    kind: 'modal',
    modal: true,
    handleEscape: () => calls.push('modal'),
  };
}

describe('popup controller', () => {
  before(async () => {
    await setViewport({ width: W, height: H });
  });

  afterEach(async () => {
    await resetMouse();
    fixtureCleanup();
  });

  it('shows the popup in the top layer and registers it in the stack until it hides', async () => {
    const host = await opened();
    expect(host.popup.open).to.equal(true);
    expect(host.panel.matches(':popover-open')).to.equal(true);
    expect(topOverlay() === host.popup).to.equal(true);
    expect(topOverlay()?.kind).to.equal('popup');
    host.popup.hide();
    expect(host.panel.matches(':popover-open')).to.equal(false);
    expect(openOverlays().some((o) => o.element === host)).to.equal(false);
  });

  it('Escape closes it and gives focus back to the trigger', async () => {
    const host = await opened();
    await sendKeys({ press: 'Escape' });
    expect(host.popup.open).to.equal(false);
    expect(host.dismissed).to.deep.equal(['escape']);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(host.trigger));
  });

  it('a choice closes it with focus back on the trigger; closing after the user moved focus leaves it there', async () => {
    const host = await fixture<HTMLDivElement>(
      html`<div><test-popup-host></test-popup-host><input id="elsewhere" /></div>`,
    );
    const el = host.querySelector<TestPopupHost>('test-popup-host')!;
    await el.updateComplete;
    el.popup.show();
    el.panel.querySelector<HTMLElement>('.second')!.focus();
    el.popup.hide(true);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(el.trigger));
    el.popup.show();
    const elsewhere = host.querySelector<HTMLInputElement>('#elsewhere')!;
    elsewhere.focus();
    el.popup.hide(true);
    expect(describeNode(deepActiveElement())).to.equal('input#elsewhere');
  });

  it('Escape goes to a dialog opened above the popup first, then to the popup', async () => {
    const host = await opened();
    const calls: string[] = [];
    const modal = fakeModal(calls);
    registerOverlay(modal);
    try {
      await sendKeys({ press: 'Escape' });
      expect(calls).to.deep.equal(['modal']);
      expect(host.popup.open).to.equal(true);
    } finally {
      unregisterOverlay(modal);
    }
    await sendKeys({ press: 'Escape' });
    expect(host.popup.open).to.equal(false);
  });

  it('inside a modal <edu-dialog> (the dialog below): Escape closes only the popup, then the dialog', async () => {
    const dialog = await fixture<EduDialog>(
      html`<edu-dialog title="对话框"><test-popup-host></test-popup-host></edu-dialog>`,
    );
    await dialog.show();
    const host = dialog.querySelector<TestPopupHost>('test-popup-host')!;
    await host.updateComplete;
    host.trigger.focus();
    host.popup.show();
    host.panel.querySelector<HTMLElement>('.first')!.focus();
    // Drawn above the dialog: the top layer orders it after the modal.
    const [x, y] = center(host.panel);
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot?.elementFromPoint(x, y) && hit.shadowRoot.elementFromPoint(x, y) !== hit) {
      hit = hit.shadowRoot.elementFromPoint(x, y);
    }
    expect(describeNode(hit)).to.contain('test-popup-host');
    await sendKeys({ press: 'Escape' });
    expect(host.popup.open).to.equal(false);
    expect(dialog.open).to.equal(true);
    expect(describeNode(deepActiveElement())).to.equal(describeNode(host.trigger));
    await sendKeys({ press: 'Escape' });
    await dialog.updateComplete;
    expect(dialog.open).to.equal(false);
  });

  it('a pointer pressed outside closes it without moving focus back; one on the trigger or inside does not', async () => {
    const host = await opened();
    await sendMouse({ type: 'click', position: center(host.panel.querySelector('.second')!) });
    expect(host.popup.open).to.equal(true);
    host.trigger.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(host.popup.open).to.equal(true);
    await sendMouse({ type: 'click', position: [W - 5, H - 5] });
    expect(host.popup.open).to.equal(false);
    expect(host.dismissed).to.deep.equal(['outside']);
    expect(describeNode(deepActiveElement())).to.not.equal(describeNode(host.trigger));
  });

  it('focus moving elsewhere closes it and stays where the user put it; moving to the trigger does not', async () => {
    const root = await fixture<HTMLDivElement>(
      html`<div><test-popup-host></test-popup-host><button id="next">next</button></div>`,
    );
    const host = root.querySelector<TestPopupHost>('test-popup-host')!;
    await host.updateComplete;
    host.popup.show();
    host.panel.querySelector<HTMLElement>('.first')!.focus();
    host.trigger.focus();
    expect(host.popup.open).to.equal(true);
    host.panel.querySelector<HTMLElement>('.second')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(describeNode(deepActiveElement())).to.equal('button#next');
    expect(host.popup.open).to.equal(false);
    expect(host.dismissed).to.deep.equal(['focus-out']);
    expect(describeNode(deepActiveElement())).to.equal('button#next');
  });

  it('is placed below its trigger, and flips and shifts to stay inside the viewport', async () => {
    const host = await opened(html`<test-popup-host style="position:fixed;left:20px;top:20px"></test-popup-host>`);
    let trigger = host.trigger.getBoundingClientRect();
    let panel = host.panel.getBoundingClientRect();
    expect(panel.top).to.be.within(trigger.bottom, trigger.bottom + 8);
    expect(Math.round(panel.left)).to.equal(Math.round(trigger.left));
    expect(host.panel.dataset['placement']).to.equal('bottom-start');

    host.style.left = `${W - 40}px`;
    host.style.top = `${H - 30}px`;
    await host.popup.reposition();
    trigger = host.trigger.getBoundingClientRect();
    panel = host.panel.getBoundingClientRect();
    expect(panel.bottom).to.be.at.most(trigger.top);
    expect(panel.left).to.be.at.least(0);
    expect(panel.right).to.be.at.most(W);
    expect(panel.top).to.be.at.least(0);
    expect(host.panel.dataset['placement']).to.match(/^top/);
  });

  it('follows its trigger while open (autoUpdate)', async () => {
    const host = await opened(html`<test-popup-host style="position:fixed;left:20px;top:20px"></test-popup-host>`);
    const before = host.panel.getBoundingClientRect().left;
    host.style.left = '200px';
    await waitUntil(() => Math.round(host.panel.getBoundingClientRect().left) === Math.round(before) + 180, 'moved');
  });

  describe('as a non-modal layer', () => {
    async function layer(): Promise<{ host: TestPopupHost; before: HTMLButtonElement }> {
      const root = await fixture<HTMLDivElement>(
        html`<div><button id="before">before</button><test-layer-host></test-layer-host></div>`,
      );
      const host = root.querySelector<TestLayerHost>('test-layer-host')!;
      await host.updateComplete;
      return { host, before: root.querySelector<HTMLButtonElement>('#before')! };
    }

    it('stays open on outside pointers and focus elsewhere, and registers without taking Escape from below', async () => {
      const { host, before } = await layer();
      const calls: string[] = [];
      const modal = fakeModal(calls);
      before.focus();
      registerOverlay(modal);
      try {
        host.popup.show();
        expect(openOverlays().at(-1) === host.popup).to.equal(true);
        // Opened while a modal is up: registered, but out of the top layer until the modal goes.
        expect(host.panel.matches(':popover-open')).to.equal(false);
        await sendKeys({ press: 'Escape' });
        expect(calls).to.deep.equal(['modal']);
        expect(host.popup.open).to.equal(true);
      } finally {
        unregisterOverlay(modal);
      }
      expect(host.panel.matches(':popover-open')).to.equal(true);
      await sendMouse({ type: 'click', position: [W - 5, 5] });
      before.focus();
      expect(host.popup.open).to.equal(true);
      expect(host.dismissed).to.deep.equal([]);
    });

    it('takes Escape while focus is inside and gives focus back to where it came from', async () => {
      const { host, before } = await layer();
      host.popup.show();
      before.focus();
      await sendKeys({ press: 'Tab' });
      expect(describeNode(deepActiveElement())).to.contain('in test-layer-host');
      await sendKeys({ press: 'Escape' });
      expect(host.popup.open).to.equal(false);
      expect(host.dismissed).to.deep.equal(['escape']);
      expect(describeNode(deepActiveElement())).to.equal('button#before');
    });
  });
});
