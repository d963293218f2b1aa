/**
 * The one overlay stack of the page (DESIGN §3). Every modal, drawer, popup and toast registers here while it is
 * open, most recent last. It owns the two keys that must only ever reach the top overlay:
 *
 * - **Escape** goes to the top overlay that is not a toast, and to nothing else, whether or not that overlay lets
 *   Escape close it (nested modals used to close together: shoelace#1457).
 * - **Tab** cycles inside the top modal, shadow content included.
 *
 * Layers such as the notice host subscribe to hear when something opens above them, so they can raise themselves
 * instead of fighting with z-index.
 */
import { pageSingleton } from './page-singleton.ts';
import { cycleFocus } from './focus.ts';

export type OverlayKind = 'modal' | 'dialog' | 'drawer' | 'popup' | 'toast';

export interface Overlay {
  /** The element that owns the overlay (the custom element, not its inner `<dialog>`). */
  readonly element: HTMLElement;
  readonly kind: OverlayKind;
  /** True while it makes the rest of the page inert (`showModal()`): focus is then kept inside `focusRoot`. */
  readonly modal: boolean;
  /** The element whose flat tree holds the overlay's content, e.g. the native `<dialog>`. */
  readonly focusRoot?: HTMLElement;
  /**
   * Whether keys reach it now (default yes). A non-modal layer beside the page (the to-do panel) takes them only
   * while focus is inside it; otherwise Escape passes to the overlay below, as if the layer were not there.
   */
  takesKeys?(): boolean;
  /** Escape was pressed and this is the top overlay: close if allowed. Not called for toasts. */
  handleEscape?(event: KeyboardEvent): void;
  /**
   * Takes a top-layer element (the notice host) into this modal's flat tree. Outside the top modal everything is
   * inert, including popovers shown above it, so a toast could neither be hovered nor be announced.
   */
  adoptLayer?(layer: HTMLElement): void;
  /**
   * Stays above every modal opened after it and keeps focus (the login dialog: a session that expired while a
   * dialog was loading must not put the way back in under it). `raise()` puts it on top of the top layer again.
   */
  readonly topmost?: boolean;
  raise?(): void;
}

interface StackState {
  readonly entries: Overlay[];
  readonly listeners: Set<() => void>;
  keysInstalled: boolean;
}

const state = pageSingleton<StackState>('overlay-stack.v1', () => ({
  entries: [],
  listeners: new Set(),
  keysInstalled: false,
}));

function changed(): void {
  for (const listener of [...state.listeners]) listener();
}

/** Registers an overlay as open and on top. Registering it again moves it to the top. */
export function registerOverlay(overlay: Overlay): void {
  const at = state.entries.indexOf(overlay);
  if (at !== -1) state.entries.splice(at, 1);
  state.entries.push(overlay);
  // A modal opened while a topmost one is open goes under it: the topmost ones move back to the top, in order.
  if (overlay.modal && !overlay.topmost) {
    for (const entry of state.entries.filter((e) => e.topmost && e.modal && e !== overlay)) {
      state.entries.splice(state.entries.indexOf(entry), 1);
      state.entries.push(entry);
      entry.raise?.();
    }
  }
  installKeys();
  changed();
}

export function unregisterOverlay(overlay: Overlay): void {
  const at = state.entries.indexOf(overlay);
  if (at === -1) return;
  state.entries.splice(at, 1);
  changed();
}

/** Open overlays, bottom first. */
export function openOverlays(): readonly Overlay[] {
  return state.entries;
}

/** The top overlay that takes keys (toasts never do, a layer only while it holds focus). */
export function topOverlay(): Overlay | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i]!;
    if (entry.kind !== 'toast' && entry.takesKeys?.() !== false) return entry;
  }
  return undefined;
}

/** The top overlay that makes the page inert, if any. */
export function topModal(): Overlay | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    if (state.entries[i]!.modal) return state.entries[i];
  }
  return undefined;
}

export function isTopOverlay(overlay: Overlay): boolean {
  return topOverlay() === overlay;
}

/** Calls `listener` after every change of the stack. Returns the unsubscribe function. */
export function subscribeOverlays(listener: () => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

function onKeyDown(event: KeyboardEvent): void {
  // A control inside the overlay that used the key itself (an editor, a combobox not yet registered) keeps it.
  if (event.defaultPrevented || event.isComposing) return;
  if (event.key === 'Escape') {
    const top = topOverlay();
    if (!top) return;
    // Stop the browser's own close request too: its `cancel` event may not be vetoed twice without a user
    // activation, and Escape is not one, so a dialog that refuses Escape would close on the second press.
    if (top.modal) event.preventDefault();
    top.handleEscape?.(event);
    return;
  }
  if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
    const modal = topModal();
    // Ours for the whole cycle: focus that is outside the top modal (only a script can put it there, the rest
    // is inert) comes back to its first or last stop.
    if (modal?.focusRoot) cycleFocus(event, modal.focusRoot);
  }
}

function installKeys(): void {
  if (state.keysInstalled) return;
  state.keysInstalled = true;
  // Bubble phase on the document: controls inside the overlay see the key first and may keep it.
  document.addEventListener('keydown', onKeyDown);
}
