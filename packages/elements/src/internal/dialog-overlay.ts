/**
 * Puts a native `<dialog>` of an element's shadow root on screen as a member of the overlay stack: top layer
 * (`showModal()`, which also makes the rest of the page inert), Escape routed by the stack, Tab cycling inside,
 * reference-counted scroll lock, focus moved in on open and given back on close. Dialogs and later drawers share it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { containsFlat, deepActiveElement } from './focus.ts';
import {
  type Overlay,
  type OverlayKind,
  isTopOverlay,
  registerOverlay,
  topModal,
  unregisterOverlay,
} from './overlay-stack.ts';
import { lockScroll, unlockScroll } from './scroll-lock.ts';

export interface DialogOverlayOptions {
  /** The kind registered while modal (`modal` for dialogs, `drawer` for drawers). */
  kind?: OverlayKind;
  /** The native dialog in the host's shadow root. */
  dialog(): HTMLDialogElement | null | undefined;
  /** Whether the next open is modal. */
  modal(): boolean;
  /** Escape (or another close request) reached this overlay while it is on top. */
  onEscape(event: Event): void;
  /** Whether it stays above every modal opened after it (see `Overlay.topmost`). */
  topmost?(): boolean;
  /** The native dialog closed by itself (a `<form method="dialog">`, or a close request the browser forced). */
  onNativeClose(): void;
}

export class DialogOverlayController implements ReactiveController, Overlay {
  readonly element: HTMLElement;
  private readonly options: DialogOverlayOptions;
  private isOpen = false;
  private isModal = false;
  private returnFocus: HTMLElement | null = null;
  private dialogEl: HTMLDialogElement | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement, options: DialogOverlayOptions) {
    this.element = host;
    this.options = options;
    host.addController(this);
  }

  get kind(): OverlayKind {
    return this.isModal ? (this.options.kind ?? 'modal') : 'dialog';
  }

  get modal(): boolean {
    return this.isOpen && this.isModal;
  }

  get focusRoot(): HTMLElement | undefined {
    return this.dialogEl ?? undefined;
  }

  get open(): boolean {
    return this.isOpen;
  }

  get topmost(): boolean {
    return this.modal && (this.options.topmost?.() ?? false);
  }

  raise(): void {
    const dialog = this.dialogEl;
    if (!dialog || !this.modal) return;
    // The top layer is ordered by `showModal()` calls: shown again, it is above the modal opened after it. Focus
    // stays where it was inside; the queued `close` event finds the dialog open again and is ignored as stale.
    const active = deepActiveElement();
    dialog.close();
    dialog.showModal();
    if (active instanceof HTMLElement && containsFlat(dialog, active)) active.focus({ preventScroll: true });
    else this.focusInitial(dialog);
  }

  handleEscape(event: KeyboardEvent): void {
    // Beside a non-modal dialog the page stays usable: Escape pressed while working there is not for the dialog.
    if (!this.isModal && this.dialogEl && !containsFlat(this.dialogEl, deepActiveElement())) return;
    this.options.onEscape(event);
  }

  adoptLayer(layer: HTMLElement): void {
    // Appended after the template's last part, so Lit never touches it; the layer is a popover, so it is drawn in
    // the top layer, unclipped by the dialog and untouched by its opacity, yet is not inert.
    if (this.dialogEl && layer.parentNode !== this.dialogEl) this.dialogEl.append(layer);
  }

  /** Opens the dialog on top of the stack. */
  show(): void {
    const dialog = this.options.dialog();
    if (!dialog || this.isOpen) return;
    this.dialogEl = dialog;
    const active = deepActiveElement();
    this.returnFocus = active instanceof HTMLElement && active !== document.body ? active : null;
    this.isModal = this.options.modal();
    dialog.addEventListener('cancel', this.onCancel);
    dialog.addEventListener('close', this.onClose);
    // A dialog left with `open` by an earlier removal from the document cannot be shown modally until closed.
    if (dialog.open) dialog.close();
    if (this.isModal) dialog.showModal();
    else dialog.show();
    this.isOpen = true;
    if (this.isModal) lockScroll(this);
    registerOverlay(this);
    // Opened under a topmost modal (the login dialog), it is inert until that closes: focus goes back to where it
    // was in that one (its own `showModal()` had taken it).
    if (!this.isModal || topModal() === this) this.focusInitial(dialog);
    else if (this.returnFocus && containsFlat(topModal()?.focusRoot ?? dialog, this.returnFocus)) {
      this.returnFocus.focus({ preventScroll: true });
    }
  }

  /** Closes the dialog, leaves the stack and gives focus back to where it was before opening. */
  hide(restoreFocus = true): void {
    if (!this.isOpen) return;
    const dialog = this.dialogEl;
    // Like the browser's own dialog focus restore, focus goes back only if it is still in the dialog: a user who
    // clicked elsewhere beside a non-modal dialog keeps their place. Done here too for engines without it.
    const active = deepActiveElement();
    const focusInside = !active || active === document.body || (!!dialog && containsFlat(dialog, active));
    this.release();
    if (dialog?.open) dialog.close();
    const target = this.returnFocus;
    this.returnFocus = null;
    if (restoreFocus && focusInside && target?.isConnected && deepActiveElement() !== target) {
      target.focus({ preventScroll: true });
    }
  }

  hostDisconnected(): void {
    // Removed while open: leave the stack and the scroll lock; focus stays where the page put it.
    if (this.isOpen) {
      this.release();
      this.dialogEl?.close();
    }
  }

  private release(): void {
    this.isOpen = false;
    this.dialogEl?.removeEventListener('cancel', this.onCancel);
    this.dialogEl?.removeEventListener('close', this.onClose);
    unlockScroll(this);
    unregisterOverlay(this);
  }

  private focusInitial(dialog: HTMLDialogElement): void {
    // `showModal()` focused the first focusable control, which is the header's move handle here. A control that
    // asks for it gets focus; otherwise the dialog itself, so a screen reader starts with its name.
    const requested = this.element.querySelector<HTMLElement>('[autofocus]');
    if (requested) requested.focus();
    else dialog.focus({ preventScroll: true });
  }

  private onCancel = (event: Event): void => {
    // The stack stops Escape before the browser turns it into `cancel`; what still arrives is another close request
    // (a key that a control stopped from bubbling, a back gesture). It is handled like Escape, by the top only.
    event.preventDefault();
    if (isTopOverlay(this)) this.options.onEscape(event);
  };

  private onClose = (): void => {
    // Our own `close()` released first; a close we did not make is synced here. `close` is queued, so one from
    // before a reopen (after a move in the document) arrives when the dialog is open again: it is stale.
    if (!this.isOpen || this.dialogEl?.open) return;
    this.release();
    this.returnFocus?.focus({ preventScroll: true });
    this.returnFocus = null;
    this.options.onNativeClose();
  };
}
