/**
 * Puts a popup of an element's shadow root on screen as a member of the overlay stack (DESIGN §3), beside the
 * dialog controller: menus, panels, pickers and the non-modal layers of the shell share it.
 *
 * - **Top layer.** The popup is a manual popover (`popover="manual"`), so no ancestor's overflow clips it and no
 *   z-index decides whether it is seen; it registers after it is shown, so layers such as the notice host raise
 *   themselves above it.
 * - **Placement.** Beside its anchor (`position: fixed`, `placement.ts`), kept up to date while open, flipped to
 *   the other side and shifted along it to stay in the viewport. A layer without an anchor is placed by its CSS.
 * - **Dismissal.** A dropdown closes on Escape (when it is the top overlay: a dialog above it takes Escape first),
 *   on a pointer pressed outside it and its trigger, and on focus moving elsewhere. A non-modal layer (`layer`)
 *   closes on Escape only while focus is inside it, and stays otherwise: the page beside it is the user's.
 * - **Focus.** Given back to the trigger (or, for a layer, to where it came from) when the popup closed by Escape
 *   or by a choice while focus was in it; never when the user moved focus elsewhere, which is their place to keep.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { clipped, keepPlaced, place, type Placement, type ReferenceElement } from './placement.ts';
import { containsFlat, deepActiveElement } from './focus.ts';
import { type Overlay, registerOverlay, subscribeOverlays, topModal, unregisterOverlay } from './overlay-stack.ts';

export type PopupDismissReason = 'escape' | 'outside' | 'focus-out';

export interface PopupOptions {
  /** The popup in the host's shadow root; it should carry `popover="manual"`. */
  popup(): HTMLElement | null | undefined;
  /** The control that opens it: part of it for outside clicks and focus, and where focus goes back to. */
  trigger?(): HTMLElement | null | undefined;
  /** What it is placed beside; the trigger by default. A layer with neither is placed by its CSS. */
  anchor?(): ReferenceElement | null | undefined;
  /** Preferred side; it flips when there is no room. Default `bottom-start`. */
  placement?(): Placement;
  /** Gap between the anchor and the popup, px. Default 4. */
  distance?(): number;
  /** Moves an aligned popup along the anchor's edge, inwards, px (16 keeps `bottom-end` 16 px from the end). */
  alignmentOffset?(): number;
  /** Room kept from the viewport's edges, px. Default 8. */
  edge?: number;
  /** Caps the popup's height to the room on its side, so a very short window scrolls it instead of losing it. */
  fitHeight?: boolean;
  /**
   * `dropdown` (default): closed by Escape, a pointer outside and focus leaving. `layer`: a non-modal layer that
   * stays until its owner closes it; Escape reaches it only while focus is inside it.
   */
  mode?: 'dropdown' | 'layer';
  /** The user dismissed it; the controller has hidden it already and the host updates its state. */
  onDismiss(reason: PopupDismissReason): void;
}

const supportsPopover = typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;
/** The smallest height `fitHeight` leaves a popup, px. */
const MIN_FIT_HEIGHT = 120;

export class PopupController implements ReactiveController, Overlay {
  readonly element: HTMLElement;
  readonly kind = 'popup' as const;
  readonly modal = false;
  private readonly options: PopupOptions;
  private popupEl: HTMLElement | null = null;
  private triggerEl: HTMLElement | null = null;
  private isOpen = false;
  /** Shown in the top layer (a layer waits while a modal is open: over it, it would be drawn yet inert). */
  private shown = false;
  private stopAutoUpdate: (() => void) | null = null;
  private stopWatchingStack: (() => void) | null = null;
  /** For a layer: where focus was before it entered the layer. */
  private cameFrom: HTMLElement | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement, options: PopupOptions) {
    this.element = host;
    this.options = options;
    host.addController(this);
  }

  get open(): boolean {
    return this.isOpen;
  }

  private get isLayer(): boolean {
    return this.options.mode === 'layer';
  }

  /** Escape reaches a dropdown whenever it is on top; a layer only while focus is inside it. */
  takesKeys(): boolean {
    return !this.isLayer || (!!this.popupEl && containsFlat(this.popupEl, deepActiveElement()));
  }

  handleEscape(event: KeyboardEvent): void {
    // The key is the popup's: a modal dialog under it must not turn it into its own close request.
    event.preventDefault();
    this.dismiss('escape');
  }

  /**
   * Shows the rendered popup on top of the stack. Calling it again while open with another popup element (the
   * host rendered a different menu) moves the controller to that one.
   */
  show(): void {
    const popup = this.options.popup();
    if (!popup) return;
    if (this.isOpen && popup === this.popupEl) return;
    if (this.isOpen) this.release();
    this.popupEl = popup;
    this.triggerEl = this.options.trigger?.() ?? null;
    this.isOpen = true;
    this.cameFrom = null;
    if (this.isLayer) {
      popup.addEventListener('focusin', this.onLayerFocusIn);
      this.stopWatchingStack = subscribeOverlays(this.onStackChange);
      if (!topModal()) this.enterTopLayer();
    } else {
      this.enterTopLayer();
      document.addEventListener('pointerdown', this.onDocumentPointerDown, true);
      popup.addEventListener('focusout', this.onFocusOut);
      this.triggerEl?.addEventListener('focusout', this.onFocusOut);
    }
    registerOverlay(this);
    const anchor = this.options.anchor?.() ?? this.triggerEl;
    if (anchor) {
      this.stopAutoUpdate = keepPlaced(anchor, popup, () => this.position(anchor, popup));
    }
  }

  /**
   * Hides the popup and leaves the stack. With `restoreFocus` (closed by Escape or by a choice), focus goes back to
   * the trigger, only if it was still inside the popup (or nowhere).
   */
  hide(restoreFocus = false): void {
    if (!this.isOpen) return;
    const popup = this.popupEl;
    const active = deepActiveElement();
    const focusInside = !active || active === document.body || (!!popup && containsFlat(popup, active));
    const target = this.isLayer ? this.cameFrom : this.triggerEl;
    this.release();
    if (restoreFocus && focusInside && target?.isConnected && deepActiveElement() !== target) {
      target.focus({ preventScroll: true });
    }
  }

  /** Places the popup again now; it follows its anchor's moves and size changes on its own otherwise. */
  reposition(): Promise<void> {
    const anchor = this.options.anchor?.() ?? this.triggerEl;
    if (anchor && this.popupEl) this.position(anchor, this.popupEl);
    return Promise.resolve();
  }

  hostDisconnected(): void {
    // Removed while open: leave the stack; focus stays where the page put it.
    this.release();
  }

  private dismiss(reason: PopupDismissReason): void {
    if (!this.isOpen) return;
    this.hide(reason === 'escape');
    this.options.onDismiss(reason);
  }

  private enterTopLayer(): void {
    const popup = this.popupEl;
    if (!popup || this.shown) return;
    this.shown = true;
    if (supportsPopover && popup.hasAttribute('popover') && !popup.matches(':popover-open')) popup.showPopover();
  }

  private release(): void {
    const popup = this.popupEl;
    const wasOpen = this.isOpen;
    this.isOpen = false;
    this.stopAutoUpdate?.();
    this.stopAutoUpdate = null;
    this.stopWatchingStack?.();
    this.stopWatchingStack = null;
    document.removeEventListener('pointerdown', this.onDocumentPointerDown, true);
    popup?.removeEventListener('focusout', this.onFocusOut);
    popup?.removeEventListener('focusin', this.onLayerFocusIn);
    this.triggerEl?.removeEventListener('focusout', this.onFocusOut);
    if (wasOpen) unregisterOverlay(this);
    if (this.shown && supportsPopover && popup?.matches(':popover-open')) popup.hidePopover();
    this.shown = false;
    this.popupEl = null;
    this.cameFrom = null;
  }

  private position(anchor: ReferenceElement, popup: HTMLElement): void {
    if (!this.isOpen || popup !== this.popupEl) return;
    const fit = this.options.fitHeight;
    // Measured at its natural height, so a cap from an earlier, shorter window does not stick.
    if (fit) popup.style.maxHeight = '';
    const box = popup.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    const viewport = { width: clientWidth, height: clientHeight };
    const placed = place(anchor.getBoundingClientRect(), box, viewport, {
      placement: this.options.placement?.() ?? 'bottom-start',
      distance: this.options.distance?.() ?? 4,
      alignmentOffset: this.options.alignmentOffset?.() ?? 0,
      edge: this.options.edge ?? 8,
      rtl: popup.matches(':dir(rtl)'),
      ...(fit ? { minFitHeight: MIN_FIT_HEIGHT } : {}),
    });
    if (placed.maxHeight !== undefined) popup.style.maxHeight = `${placed.maxHeight}px`;
    // Its anchor scrolled out of the box that shows it: hidden until it comes back (still open).
    const hidden = anchor instanceof Element && clipped(anchor, viewport);
    Object.assign(popup.style, { left: `${placed.x}px`, top: `${placed.y}px`, visibility: hidden ? 'hidden' : '' });
    popup.dataset['placement'] = placed.placement;
  }

  private isOwn(node: Node | null): boolean {
    if (!node) return false;
    return (
      (!!this.popupEl && containsFlat(this.popupEl, node)) || (!!this.triggerEl && containsFlat(this.triggerEl, node))
    );
  }

  private onDocumentPointerDown = (event: PointerEvent): void => {
    const path = event.composedPath();
    if ((this.popupEl && path.includes(this.popupEl)) || (this.triggerEl && path.includes(this.triggerEl))) return;
    this.dismiss('outside');
  };

  private onFocusOut = (event: FocusEvent): void => {
    // Focus that went nowhere (the window lost it to the browser's colour chooser or another app, or a click on a
    // bare part of the popup) is no move away; a pointer outside is handled on its own.
    const next = event.relatedTarget as Node | null;
    if (!next || this.isOwn(next)) return;
    this.dismiss('focus-out');
  };

  private onLayerFocusIn = (event: FocusEvent): void => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !this.isOwn(from)) this.cameFrom = from;
  };

  private onStackChange = (): void => {
    // A layer that waited for a modal to close shows now.
    if (this.isOpen && !this.shown && !topModal()) this.enterTopLayer();
  };
}
