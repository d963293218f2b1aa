import { expect } from '@open-wc/testing';
import { html, LitElement, nothing, render, type RootPart } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '@edu-portal/core/http/client.ts';
import { getMenuTree } from '@edu-portal/core/permissions/api.ts';
import type { MenuNode } from '@edu-portal/core/permissions/menu.ts';
import { createPermissionStore, type PermissionStore } from '@edu-portal/core/permissions/store.ts';
import { captureNotices, loginAs, logoutServer, resetServer } from '@edu-portal/core/test-support/server.ts';
import { defineElement } from '../internal/define-element.ts';
import { ape, permit } from './permit.ts';

function node(code: string): MenuNode {
  return { code, name: code, englishName: '', resourceType: 1, menuRoute: '', applicationCode: 'base', children: [] };
}

/** A store whose tree calls the test answers by hand, counting the listeners it has. */
function drivenStore() {
  const pending: ((tree: MenuNode[]) => void)[] = [];
  const store = createPermissionStore({ loadTree: () => new Promise<MenuNode[]>((resolve) => pending.push(resolve)) });
  let listeners = 0;
  const counted: PermissionStore = {
    ...store,
    subscribe(listener) {
      listeners++;
      const off = store.subscribe(listener);
      return () => {
        listeners--;
        off();
      };
    },
  };
  /** Loads a teacher's permissions with exactly `codes`. */
  async function grant(...codes: string[]): Promise<void> {
    const loading = store.load({ userType: 2 }, 'base');
    pending.shift()!(codes.map(node));
    await loading;
  }
  return { store: counted, grant, listeners: () => listeners };
}

function texts(container: Element): string[] {
  return Array.from(container.querySelectorAll('button, a, span')).map((el) => el.textContent!.trim());
}

class PermitProbe extends LitElement {
  static override properties = { store: { attribute: false } };
  declare store: PermissionStore;

  protected override render() {
    return html`<button ${ape('base_unit', this.store)}>unit</button>
      ${permit('base_role', html`<button>role</button>`, this.store)}`;
  }
}
defineElement('edu-test-permit-probe', PermitProbe);

let connections = 0;
defineElement(
  'edu-test-connection-probe',
  class extends HTMLElement {
    connectedCallback() {
      connections++;
    }
  },
);

describe('permit() and ape()', () => {
  let container: HTMLElement;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });

  afterEach(() => {
    render(nothing, container);
    container.remove();
  });

  describe('with a menu tree from the reference server', () => {
    let restoreNotices: () => void;
    let store: PermissionStore;

    beforeEach(async () => {
      await resetServer();
      ({ restore: restoreNotices } = captureNotices());
      const client = createClient({ device: 'pc', relogin: null });
      store = createPermissionStore({ loadTree: (code) => getMenuTree(code, client) });
    });

    afterEach(async () => {
      restoreNotices();
      await logoutServer();
    });

    it("renders only a teacher's codes, and an admin's after the user changes", async () => {
      const view = () => html`
        <nav>
          <a href="#/base/unit" ${ape('base_unit', store)}>unit</a>
          <a href="#/base/report" ${ape('x_unknown, base_report', store)}>report</a>
          <a href="#/base/role" ${ape('base_role', store)}>role</a>
          ${permit('base_role', html`<button>sync</button>`, store)}
          ${permit(['base_unit'], () => html`<span>units</span>`, store)}
        </nav>
      `;
      render(view(), container);
      expect(texts(container)).to.deep.equal([]); // nothing is permitted before a load

      await loginAs('teacher1');
      await store.load({ userType: 2 }, 'base');
      expect(texts(container)).to.deep.equal(['unit', 'report', 'units']);
      expect(container.querySelector('a[href="#/base/role"]')).to.equal(null);

      await logoutServer();
      await loginAs('admin1');
      await store.load({ userType: 2 }, 'base');
      expect(texts(container)).to.deep.equal(['unit', 'report', 'role', 'sync', 'units']);
      // The same element came back, in its place.
      const links = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
      expect(links).to.deep.equal(['#/base/unit', '#/base/report', '#/base/role']);
    });

    it('a reset takes everything out again', async () => {
      await loginAs('teacher1');
      await store.load({ userType: 2 }, 'base');
      render(html`<div><button ${ape('base_unit', store)}>unit</button></div>`, container);
      expect(texts(container)).to.deep.equal(['unit']);
      store.reset();
      expect(texts(container)).to.deep.equal([]);
    });
  });

  describe('with a driven store', () => {
    it('never puts a forbidden element into the document, not even on the first render', async () => {
      const { store, grant } = drivenStore();
      connections = 0;
      render(
        html`<p>
          <b>before</b>
          <edu-test-connection-probe ${ape('base_role', store)}>role</edu-test-connection-probe>
          <i>after</i>
        </p>`,
        container,
      );
      // A custom element hears every insertion into the document, however brief.
      expect(connections).to.equal(0);
      await grant('base_unit');
      expect(connections).to.equal(0);
      const p = container.querySelector('p')!;
      expect(p.querySelector('edu-test-connection-probe')).to.equal(null);
      // A comment holds its place between the siblings.
      const kinds = Array.from(p.childNodes)
        .filter((n) => n.nodeType !== Node.TEXT_NODE)
        .map((n) => (n.nodeType === Node.COMMENT_NODE ? `<!--${(n as Comment).data}-->` : (n as Element).localName));
      expect(kinds.filter((k) => !k.startsWith('<!--?lit'))).to.deep.equal(['b', '<!--ape-->', 'i']);
      await grant('base_role');
      expect(connections).to.equal(1);
      expect(p.querySelector('b + edu-test-connection-probe + i')).to.not.equal(null);
    });

    it('puts the same element back in its place when permission arrives, and takes it out when it goes', async () => {
      const { store, grant } = drivenStore();
      let clicks = 0;
      render(
        html`<p>
          <b>before</b>
          <button class="x" @click=${() => clicks++} ${ape(['base_role', 'base_admin'], store)}>role</button>
          <i>after</i>
        </p>`,
        container,
      );
      await grant('base_unit');
      expect(container.querySelector('button')).to.equal(null);

      await grant('base_admin');
      const button = container.querySelector('button')!;
      expect(button).to.not.equal(null);
      expect(button.className).to.equal('x');
      expect(button.previousElementSibling!.localName).to.equal('b');
      expect(button.nextElementSibling!.localName).to.equal('i');
      button.click();
      expect(clicks).to.equal(1);

      await grant('base_unit');
      expect(container.querySelector('button')).to.equal(null);
      await grant('base_role');
      expect(container.querySelector('button')).to.equal(button);
    });

    it('the element that comes back is reachable and usable by keyboard', async () => {
      const { store, grant } = drivenStore();
      let clicks = 0;
      render(
        html`<input aria-label="first" /> <button @click=${() => clicks++} ${ape('base_unit', store)}>unit</button>`,
        container,
      );
      const input = container.querySelector('input')!;
      input.focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.not.equal(container.querySelector('button'));
      await grant('base_unit');
      input.focus();
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement).to.equal(container.querySelector('button'));
      await sendKeys({ press: 'Enter' });
      expect(clicks).to.equal(1);
    });

    it('permit() renders its content only while permitted, and calls a content function only then', async () => {
      const { store, grant } = drivenStore();
      let calls = 0;
      const view = (codes: string) =>
        html`<div>
          ${permit(
            codes,
            () => {
              calls++;
              return html`<span>permitted</span>`;
            },
            store,
          )}
        </div>`;
      render(view('base_unit'), container);
      expect(texts(container)).to.deep.equal([]);
      expect(calls).to.equal(0);
      // A store change that keeps it unpermitted (a parent has no tree: nothing is permitted): nothing to do.
      await store.load({ userType: 3 }, 'base');
      expect(texts(container)).to.deep.equal([]);
      expect(calls).to.equal(0);
      await grant('base_unit');
      expect(texts(container)).to.deep.equal(['permitted']);
      expect(calls).to.equal(1);
      // A reload fails closed while it loads, then puts the content back.
      const reload = grant('base_unit');
      expect(texts(container)).to.deep.equal([]);
      await reload;
      expect(texts(container)).to.deep.equal(['permitted']);
      expect(calls).to.equal(2);
      render(view('base_report'), container); // other codes on a host render
      expect(texts(container)).to.deep.equal([]);
      await grant('base_report');
      expect(texts(container)).to.deep.equal(['permitted']);
      render(view(''), container); // no codes permits nothing
      expect(texts(container)).to.deep.equal([]);
    });

    it('ape() follows other codes and another store given on a later render', async () => {
      const first = drivenStore();
      const second = drivenStore();
      const view = (codes: string, store: PermissionStore) => html`<div><button ${ape(codes, store)}>x</button></div>`;
      await first.grant('a');
      await second.grant('b');
      render(view('a', first.store), container);
      expect(texts(container)).to.deep.equal(['x']);
      render(view('b', first.store), container);
      expect(texts(container)).to.deep.equal([]);
      render(view('b', second.store), container);
      expect(texts(container)).to.deep.equal(['x']);
      expect([first.listeners(), second.listeners()]).to.deep.equal([0, 1]);
      await second.grant('c');
      expect(texts(container)).to.deep.equal([]);
    });

    it('listens only while connected, and catches up on reconnecting', async () => {
      const { store, grant, listeners } = drivenStore();
      const part: RootPart = render(
        html`<div><button ${ape('a', store)}>ape</button>${permit('a', html`<span>permit</span>`, store)}</div>`,
        container,
      );
      expect(listeners()).to.equal(2);
      part.setConnected(false);
      expect(listeners()).to.equal(0);
      await grant('a');
      expect(texts(container)).to.deep.equal([]);
      part.setConnected(true);
      expect(listeners()).to.equal(2);
      expect(texts(container)).to.deep.equal(['ape', 'permit']);
      render(nothing, container); // the template goes: so do its subscriptions
      expect(listeners()).to.equal(0);
    });

    it('inside a LitElement: follows the store, and unsubscribes when the element leaves the page', async () => {
      const { store, grant, listeners } = drivenStore();
      const probe = document.createElement('edu-test-permit-probe') as PermitProbe;
      probe.store = store;
      container.append(probe);
      await probe.updateComplete;
      const shown = () => Array.from(probe.shadowRoot!.querySelectorAll('button'), (b) => b.textContent);
      expect(shown()).to.deep.equal([]);
      await grant('base_unit', 'base_role');
      expect(shown()).to.deep.equal(['unit', 'role']);
      expect(listeners()).to.equal(2);
      probe.remove();
      expect(listeners()).to.equal(0);
      await grant();
      container.append(probe);
      expect(listeners()).to.equal(2);
      expect(shown()).to.deep.equal([]);
    });

    it('refuses the wrong positions', () => {
      const { store } = drivenStore();
      const fresh = () => document.createElement('div');
      expect(() => render(html`<div class=${ape('a', store)}></div>`, fresh())).to.throw(/on an element/);
      expect(() => render(html`<div ${permit('a', 'x', store)}></div>`, fresh())).to.throw(/child position/);
    });

    it('what it renders is accessible', async () => {
      const { store, grant } = drivenStore();
      await grant('a');
      render(
        html`<nav aria-label="menu">
          <a href="#a" ${ape('a', store)}>a</a>
          <a href="#b" ${ape('b', store)}>b</a>
          ${permit('a', html`<button>c</button>`, store)}
        </nav>`,
        container,
      );
      await expect(container).to.be.accessible();
    });
  });
});
