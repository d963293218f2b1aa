/**
 * Permission directives for Lit templates (spec part 1 §6 "A directive 'ape' removes an element if none of the given
 * codes is permitted"): what may not be used is not rendered at all, rather than rendered and hidden. Both read core's
 * permission store (`can(codes)`: true when any code is permitted) and follow it live: a `load`, a `reset` or a change
 * of user puts content in or takes it out without the host rendering again.
 *
 * - `permit(codes, content)` in a child position renders `content` only when permitted, else `nothing`.
 * - `ape(codes)` on an element takes that very element out of the DOM (a comment stays in its place) and puts it
 *   back, the same node with its listeners and state, when permission arrives.
 *
 * Both subscribe to the store only while their template is connected (a LitElement's template disconnects with the
 * element) and catch up with the store when they reconnect.
 */
import { nothing, type ElementPart } from 'lit';
import { AsyncDirective, directive, PartType, type PartInfo } from 'lit/async-directive.js';
import { permissions, type PermissionStore } from '@edu-portal/core/permissions/store.ts';

/** One code, a list, or a comma-separated string (blanks are dropped; no codes at all permits nothing). */
export type PermitCodes = string | readonly string[];

/** Keeps one subscription to the store in use while the directive is connected. */
abstract class StoreDirective extends AsyncDirective {
  protected store: PermissionStore = permissions;
  protected codes: PermitCodes = [];
  private unsubscribe: (() => void) | undefined;

  /** Takes the arguments of a render; (re)subscribes when the store changed. */
  protected follow(codes: PermitCodes, store: PermissionStore): void {
    this.codes = codes;
    if (store !== this.store) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.store = store;
    }
    if (this.isConnected && !this.unsubscribe) this.subscribe();
  }

  protected permitted(): boolean {
    return this.store.can(this.codes);
  }

  /** The store changed (or the directive reconnected): bring the DOM in line. */
  protected abstract sync(): void;

  private subscribe(): void {
    this.unsubscribe = this.store.subscribe(() => this.sync());
  }

  protected override disconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  protected override reconnected(): void {
    this.subscribe();
    // The store may have changed while we were not listening.
    this.sync();
  }
}

class PermitDirective extends StoreDirective {
  private content: unknown = nothing;
  /** What the part shows now: whether the content is in. */
  private shown = false;

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.CHILD) throw new Error('permit() belongs in a child position: ${permit(…)}');
  }

  render(codes: PermitCodes, content: unknown, store: PermissionStore = permissions): unknown {
    this.follow(codes, store);
    this.content = content;
    this.shown = this.permitted();
    return this.view();
  }

  private view(): unknown {
    if (!this.shown) return nothing;
    return typeof this.content === 'function' ? (this.content as () => unknown)() : this.content;
  }

  protected sync(): void {
    const permitted = this.permitted();
    if (permitted === this.shown) return;
    this.shown = permitted;
    this.setValue(this.view());
  }
}

class ApeDirective extends StoreDirective {
  private element: Element | undefined;
  private placeholder: Comment | undefined;

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT) throw new Error('ape() belongs on an element: <button ${ape(…)}>');
  }

  render(_codes: PermitCodes, _store?: PermissionStore): unknown {
    return nothing;
  }

  override update(part: ElementPart, [codes, store = permissions]: Parameters<this['render']>): unknown {
    this.element ??= part.element;
    this.follow(codes, store);
    this.sync();
    return nothing;
  }

  protected sync(): void {
    const element = this.element;
    if (!element) return;
    if (this.permitted()) {
      // Back where the placeholder holds its place, the same node (listeners, state and focusability kept).
      if (this.placeholder?.parentNode) this.placeholder.replaceWith(element);
    } else if (element.parentNode) {
      // Updates run while a new template is still a fragment, so a first render never shows the element.
      this.placeholder ??= (element.ownerDocument ?? document).createComment('ape');
      element.replaceWith(this.placeholder);
    }
  }
}

/**
 * Renders `content` only when any of `codes` is permitted, else nothing; follows the store live. `content` is a
 * template (or anything Lit renders) or a function returning one, which is called only when permitted. Child
 * positions only: `${permit('base_unit', html`<a href="#/base/unit">…</a>`)}`.
 *
 * @param codes One code, a list, or a comma-separated string. No codes at all permits nothing.
 * @param content What to render when permitted.
 * @param store The permission store; default core's page store `permissions`.
 */
export const permit = directive(PermitDirective);

/**
 * The spec's `ape`: on an element (`<button ${ape('base_role')}>`), removes that element from the DOM when none of
 * `codes` is permitted, leaving a comment in its place, and puts the same element back when permission arrives.
 * It is never in the document while not permitted, not even for the first render.
 *
 * Limitation: the element must not itself be the boundary of a Lit child part, that is, it must not directly follow
 * a `${…}` child binding with nothing in between (`${label}<button ${ape('x')}>`): Lit inserts that part's content
 * before the element, which is not in the DOM while hidden. Put any text (a space or a line break is enough) or a
 * wrapper between them, or use `permit(codes, html`<button>…`)` there.
 *
 * @param codes One code, a list, or a comma-separated string. No codes at all permits nothing.
 * @param store The permission store; default core's page store `permissions`.
 */
export const ape = directive(ApeDirective);
