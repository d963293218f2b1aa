/** Helpers shared by the element tests (not part of the package API). */
import { fixtureCleanup } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { fromWireIcon, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { setLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import type { EduDialog } from '../dialog/dialog.ts';
import { deepActiveElement } from './focus.ts';
import { localeReady } from './localize.ts';

/** Switches the kit's language and waits until the elements' strings in it are loaded. */
export async function switchLanguage(lang: Lang): Promise<void> {
  setLanguage(lang);
  await localeReady();
}

/** The kit's languages, the source first. */
export const LOCALES: readonly Lang[] = ['zh-CN', 'en', 'zh-HK'];

/** One test a language: `title in <lang>`, run with the kit switched to it. */
export function itInLocales(title: string, test: (lang: Lang) => Promise<void>): void {
  for (const lang of LOCALES) {
    it(`${title} in ${lang}`, async () => {
      await switchLanguage(lang);
      await test(lang);
    });
  }
}

/**
 * The page of a suite that points and clicks: a `width`×`height` viewport before it, and after each test the mouse
 * released, the fixtures removed and the language back to zh-CN.
 */
export function usePointerPage(width: number, height: number): void {
  before(async () => {
    await setViewport({ width, height });
  });
  afterEach(async () => {
    await resetMouse();
    fixtureCleanup();
    await switchLanguage('zh-CN');
  });
}

/** POSTs `body` as JSON to the test server with the session cookie and answers the decoded reply. */
export async function postJson(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  return response.json();
}

/** The first element in `el`'s shadow root that matches, or null. */
export function q<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(selector);
}

/** The first element in `el`'s shadow root that matches, for tests that know it is there. */
export function qs<T extends Element = HTMLElement>(el: Element, selector: string): T {
  return el.shadowRoot!.querySelector<T>(selector)!;
}

/** The `<edu-dialog>` a dialog element renders. */
export function dialogOf(el: Element): EduDialog {
  return q<EduDialog>(el, 'edu-dialog')!;
}

/** Waits for a dialog element and its inner `<edu-dialog>` to finish rendering. */
export async function settle(el: Element & { updateComplete: Promise<unknown> }): Promise<void> {
  await el.updateComplete;
  await dialogOf(el).updateComplete;
}

/** Opens a dialog element and waits until it is on screen, a frame later. */
export async function showSettled<T extends Element & { show(): Promise<void>; updateComplete: Promise<unknown> }>(
  el: T,
): Promise<T> {
  await el.show();
  await settle(el);
  await nextFrame();
  return el;
}

/** Presses Tab until `target` has focus (at most `max` times); answers what had focus last. */
export async function tabTo(target: Element, max = 10): Promise<string> {
  for (let i = 0; i < max && deepActiveElement() !== target; i++) await sendKeys({ press: 'Tab' });
  return describeNode(deepActiveElement());
}

export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Waits until `check` holds, failing with `what` after `timeout` ms. */
export async function waitUntil(check: () => boolean, what: string, timeout = 3000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function center(el: Element): [number, number] {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

/** The element hit at a point, looking into open shadow roots. */
export function deepElementFromPoint(x: number, y: number): Element | null {
  let el = document.elementFromPoint(x, y);
  while (el?.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(x, y);
    // A hit outside this shadow root comes back retargeted to some host: stop rather than loop.
    if (!inner || inner.getRootNode() !== el.shadowRoot) break;
    el = inner;
  }
  return el;
}

/** Drags with the real mouse from one point to another in a few steps. */
export async function drag(from: [number, number], to: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= 4; i++) {
    const x = Math.round(from[0] + ((to[0] - from[0]) * i) / 4);
    const y = Math.round(from[1] + ((to[1] - from[1]) * i) / 4);
    await sendMouse({ type: 'move', position: [x, y] });
  }
  await sendMouse({ type: 'up' });
}

/**
 * A short text for a node, to compare in assertions: a failing `expect(element).to.equal(other)` makes the runner
 * serialise two DOM graphs and hang instead of reporting.
 */
export function describeNode(node: Node | null | undefined): string {
  if (!node) return String(node);
  if (!(node instanceof Element)) return node.nodeName;
  const id = node.id ? `#${node.id}` : '';
  const part = node.getAttribute('part') ? `[part=${node.getAttribute('part')}]` : '';
  const root = node.getRootNode();
  const where = root instanceof ShadowRoot ? ` in ${root.host.localName}${root.host.id ? `#${root.host.id}` : ''}` : '';
  return `${node.localName}${id}${part}${where}`;
}

/** An app icon for tests: the given name everywhere a name is shown, every other field empty or neutral. */
export function testIcon(code: string, name: string, fields: Partial<AppIcon> = {}): AppIcon {
  return { ...fromWireIcon({ code, name })!, ...fields };
}

/**
 * Hostile answers from the real server: every XHR whose path starts with a key of `answers` is sent instead to the
 * test hook `POST /api/__test/envelope`, which answers the given body verbatim (HTTP 200). Answers `restore()`.
 */
export function answerWith(answers: Record<string, unknown>): { restore(): void } {
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const planted = new WeakMap<XMLHttpRequest, unknown>();
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: unknown[]
  ) {
    const path = new URL(String(url), location.href).pathname;
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
    if (key === undefined) return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
    planted.set(this, answers[key]);
    return (open as (...args: unknown[]) => void).call(this, 'POST', '/api/__test/envelope', ...rest);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (!planted.has(this)) return send.call(this, body);
    this.setRequestHeader('content-type', 'application/json');
    return send.call(this, JSON.stringify({ body: planted.get(this) }));
  };
  return {
    restore() {
      XMLHttpRequest.prototype.open = open;
      XMLHttpRequest.prototype.send = send;
    },
  };
}

/** The login form's fields, messages and buttons in a login element's shadow root (the box's or the dialog's). */
export function loginFormParts(root: ShadowRoot) {
  return {
    username: root.querySelector<HTMLInputElement>('#username')!,
    password: root.querySelector<HTMLInputElement>('#password')!,
    usernameError: root.querySelector<HTMLElement>('#username-error')!,
    passwordError: root.querySelector<HTMLElement>('#password-error')!,
    remember: root.querySelector<HTMLInputElement>('input[name="remember"]'),
    forgot: root.querySelector<HTMLAnchorElement>('[part="forgot"]')!,
    submit: root.querySelector<HTMLButtonElement>('[part="submit"]')!,
  };
}
