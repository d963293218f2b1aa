/**
 * The base of every `<edu-…>` element: what each of them needs once, written once.
 *
 * - `static dependencies`: the `<edu-…>` tags an element renders, defined when an instance is constructed (through
 *   `defineElement`, which leaves a tag defined by another copy of the package alone). An element imported alone
 *   (a React wrapper, a page that registers one tag) renders upgraded children, not empty tags.
 * - `static lazyDependencies`: those it renders only after the user asks (a dialog behind a button), loaded and
 *   defined by `loadDependency(tag)` before they are rendered, so a page does not carry them before (size budgets).
 * - Localisation: the library's `@lit/localize` setup runs once, and every element re-renders on a language switch.
 * - `emit()`: the kit's event convention (bubbles, composed), typed against `HTMLElementEventMap`, so an event
 *   emitted with the wrong detail does not compile.
 * - Shared host styles, put in front of each element's own styles.
 */
import { LitElement, css, type CSSResultGroup, type CSSResultOrNative } from 'lit';
import { localized } from '@lit/localize';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { defineElement } from './define-element.ts';
import { ensureLocalization } from './localize.ts';

/** Styles every element gets before its own: `hidden` hides the host whatever `display` the page gives it. */
export const hostStyles = css`
  :host([hidden]) {
    display: none !important;
  }
`;

/** The `edu-…` events of `HTMLElementEventMap`. */
export type EduEventName = Extract<keyof HTMLElementEventMap, `edu-${string}`>;

/** The `detail` an `edu-…` event carries. */
export type EduEventDetail<K extends EduEventName> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

export interface EmitOptions {
  /** Whether a listener may veto it with `preventDefault()`. */
  cancelable?: boolean;
}

@localized()
export class EduElement extends LitElement {
  /** Tag → class of every `<edu-…>` element this element renders; defined on construction if not defined yet. */
  static dependencies: Record<string, CustomElementConstructor> = {};

  /** Tag → loader of every `<edu-…>` element this element renders only once `loadDependency(tag)` has loaded it. */
  static lazyDependencies: Record<string, () => Promise<CustomElementConstructor>> = {};

  /** Puts the shared host styles in front of the element's own (Lit calls this once per class). */
  protected static override finalizeStyles(styles?: CSSResultGroup): CSSResultOrNative[] {
    return [hostStyles, ...super.finalizeStyles(styles)];
  }

  constructor() {
    super();
    ensureLocalization();
    const { dependencies } = this.constructor as typeof EduElement;
    for (const [tag, element] of Object.entries(dependencies)) defineElement(tag, element);
  }

  /**
   * Loads and defines one of `lazyDependencies`; true once it may be rendered. A failed load (the network is gone)
   * is told to the user as a network error and resolves false; asking again tries again.
   */
  protected async loadDependency(tag: string): Promise<boolean> {
    if (customElements.get(tag)) return true;
    const load = (this.constructor as typeof EduElement).lazyDependencies[tag];
    if (!load) throw new Error(`${tag} is not a lazy dependency of ${this.localName}`);
    try {
      defineElement(tag, await load());
      return true;
    } catch {
      notify({ type: 'error', message: coreText('network') });
      return false;
    }
  }

  /**
   * Dispatches an `edu-…` event from this element the way every element of the kit does (bubbles, composed).
   * Returns false when it was cancelable and a listener vetoed it.
   */
  protected emit<K extends EduEventName>(type: K, detail: EduEventDetail<K>, options: EmitOptions = {}): boolean {
    const event = new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: !!options.cancelable });
    return this.dispatchEvent(event);
  }
}
