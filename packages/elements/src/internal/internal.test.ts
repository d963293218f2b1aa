import { expect, fixture, html } from '@open-wc/testing';
import { getLanguage, setLanguage } from '@edu-portal/core/i18n/language.ts';
import { currentLocale, ensureLocalization, localeReady } from './localize.ts';
import {
  type Overlay,
  isTopOverlay,
  openOverlays,
  registerOverlay,
  subscribeOverlays,
  topModal,
  topOverlay,
  unregisterOverlay,
} from './overlay-stack.ts';
import { lockScroll, scrollLockCount, unlockScroll } from './scroll-lock.ts';
import { tabbableElements } from './focus.ts';
import { pageSingleton } from './page-singleton.ts';

const loaders = {
  en: () => import('../generated/locales/en.ts'),
  'zh-HK': () => import('../generated/locales/zh-HK.ts'),
};

function overlay(kind: Overlay['kind'], modal = false): Overlay {
  return { element: document.createElement('div'), kind, modal };
}

describe('overlay stack', () => {
  it('keeps overlays in opening order; toasts never take keys; re-registering raises', () => {
    const modal = overlay('modal', true);
    const popup = overlay('popup');
    const toast = overlay('toast');
    const changes: number[] = [];
    const unsubscribe = subscribeOverlays(() => changes.push(openOverlays().length));
    try {
      registerOverlay(modal);
      registerOverlay(popup);
      registerOverlay(toast);
      expect(topOverlay() === popup).to.equal(true);
      expect(isTopOverlay(popup)).to.equal(true);
      expect(topModal() === modal).to.equal(true);
      registerOverlay(modal);
      expect(openOverlays().indexOf(modal)).to.equal(openOverlays().length - 1);
      expect(topOverlay() === modal).to.equal(true);
      unregisterOverlay(modal);
      expect(topModal()).to.equal(undefined);
      expect(topOverlay() === popup).to.equal(true);
      unregisterOverlay(modal);
      expect(changes).to.deep.equal([1, 2, 3, 3, 2]);
    } finally {
      unsubscribe();
      unregisterOverlay(popup);
      unregisterOverlay(toast);
    }
  });

  it('sends Escape to the top overlay only, and not to toasts', async () => {
    const calls: string[] = [];
    const lower: Overlay = { ...overlay('modal', true), handleEscape: () => calls.push('lower') };
    const upper: Overlay = { ...overlay('popup'), handleEscape: () => calls.push('upper') };
    const toast: Overlay = { ...overlay('toast'), handleEscape: () => calls.push('toast') };
    registerOverlay(lower);
    registerOverlay(upper);
    registerOverlay(toast);
    try {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(calls).to.deep.equal(['upper']);
      // A control that used Escape itself (and said so) keeps it.
      const used = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      used.preventDefault();
      document.body.dispatchEvent(used);
      expect(calls).to.deep.equal(['upper']);
    } finally {
      unregisterOverlay(lower);
      unregisterOverlay(upper);
      unregisterOverlay(toast);
    }
  });

  it('is one stack per page, whichever copy of the package registers', () => {
    const key = Symbol.for('edu-portal.elements.overlay-stack.v1');
    const shared = (globalThis as unknown as Record<symbol, { entries: Overlay[] }>)[key]!;
    const o = overlay('popup');
    registerOverlay(o);
    try {
      expect(shared.entries.includes(o)).to.equal(true);
      expect(pageSingleton('overlay-stack.v1', () => ({ entries: [] as Overlay[] })) === shared).to.equal(true);
    } finally {
      unregisterOverlay(o);
    }
  });
});

describe('scroll lock', () => {
  it('counts holders and ignores a second lock by the same holder', () => {
    const a = {};
    const b = {};
    lockScroll(a);
    lockScroll(a);
    lockScroll(b);
    expect(scrollLockCount()).to.equal(2);
    unlockScroll(a);
    expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
    unlockScroll(a);
    expect(scrollLockCount()).to.equal(1);
    unlockScroll(b);
    expect(scrollLockCount()).to.equal(0);
    expect(document.documentElement.style.overflow).to.equal('');
  });
});

class OpenShadow extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<button id="s1">s1</button><slot></slot><button id="s2" tabindex="-1">s2</button>';
  }
}
customElements.define('test-open-shadow', OpenShadow);

describe('tabbable elements', () => {
  it('walks the flat tree and skips what Tab skips', async () => {
    const root = await fixture<HTMLDivElement>(html`
      <div>
        <a id="nohref">no href</a>
        <a id="link" href="#x">link</a>
        <button id="disabled" disabled>disabled</button>
        <fieldset disabled><input id="in-fieldset" /></fieldset>
        <input id="hidden-input" type="hidden" />
        <button id="invisible" style="visibility: hidden">invisible</button>
        <div hidden><button id="in-hidden">in hidden</button></div>
        <div inert><button id="in-inert">in inert</button></div>
        <div id="focusable-div" tabindex="0">div</div>
        <test-open-shadow><button id="slotted">slotted</button></test-open-shadow>
        <input type="radio" name="r" id="r1" />
        <input type="radio" name="r" id="r2" checked />
        <input type="radio" name="r" id="r3" />
        <details>
          <summary id="summary">more</summary>
          <button id="closed-details">inside</button>
        </details>
        <div contenteditable="true" id="editable">edit</div>
      </div>
    `);
    const ids = tabbableElements(root).map((el) => el.id);
    expect(ids).to.deep.equal(['link', 'focusable-div', 's1', 'slotted', 'r2', 'summary', 'editable']);
  });
});

/** A target's text with each `<x>` placeholder written as `{}`. */
function targetText(target: Element): string {
  return [...target.childNodes]
    .map((node) =>
      node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === 'x' ? '{}' : node.textContent,
    )
    .join('');
}

/** A generated template: a plain string, or a `str` template whose values are written as `{}`. */
function generatedText(value: unknown): string {
  if (typeof value === 'string') return value;
  const strings = (value as { strings?: readonly string[] } | undefined)?.strings;
  return Array.isArray(strings) ? strings.join('{}') : String(value);
}

describe('localisation', () => {
  for (const locale of ['en', 'zh-HK'] as const) {
    it(`translates every message into ${locale} and the generated module is up to date`, async () => {
      const response = await fetch(new URL(`../../xliff/${locale}.xlf`, import.meta.url));
      expect(response.ok).to.equal(true);
      const xliff = new DOMParser().parseFromString(await response.text(), 'application/xml');
      const units = [...xliff.getElementsByTagName('trans-unit')];
      expect(units.length).to.be.greaterThan(0);
      const missing = units.filter((u) => !u.getElementsByTagName('target')[0]?.textContent?.trim()).map((u) => u.id);
      expect(missing).to.deep.equal([]);
      const generated = (await loaders[locale]()).templates as Record<string, unknown>;
      expect(Object.keys(generated).sort()).to.deep.equal(units.map((u) => u.id).sort());
      for (const unit of units) {
        expect(generatedText(generated[unit.id]), unit.id).to.equal(
          targetText(unit.getElementsByTagName('target')[0]!),
        );
      }
    });
  }

  afterEach(async () => {
    setLanguage('zh-CN');
    await localeReady();
  });

  it('is set up once per copy of @lit/localize and follows core language', async () => {
    expect(ensureLocalization() === ensureLocalization()).to.equal(true);
    expect(currentLocale()).to.equal(getLanguage());
    setLanguage('en');
    await localeReady();
    expect(currentLocale()).to.equal('en');
    setLanguage('zh-HK');
    await localeReady();
    expect(currentLocale()).to.equal('zh-HK');
  });
});
