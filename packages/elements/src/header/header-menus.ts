/**
 * The header's popups: the "more apps" panel, the identity and language menus and the narrow bar's tools menu. One
 * is open at a time, through one popup controller (top layer, overlay stack, outside click, focus leaving, Escape);
 * a popup opens on its current choice and its items are walked with the arrow keys, Home and End.
 */
import { html, nothing, type LitElement, type ReactiveController, type TemplateResult } from 'lit';
import { PopupController } from '../internal/popup-controller.ts';

export type Menu = 'apps' | 'identity' | 'language' | 'tools';

export class HeaderMenus implements ReactiveController {
  /** The popup that is open, if any. */
  current: Menu | null = null;
  /** The popup the popup controller shows (synced after each update). */
  private shown: Menu | null = null;
  private trigger: HTMLElement | null = null;
  private readonly popup: PopupController;

  constructor(private readonly host: LitElement) {
    host.addController(this);
    const apps = () => this.current === 'apps';
    this.popup = new PopupController(host, {
      popup: () => this.popupEl(),
      trigger: () => this.trigger,
      // The app panel hangs from the bar's end, 16 px in (the bar's padding); a menu from its button.
      anchor: () => (apps() ? host.renderRoot.querySelector<HTMLElement>('.base') : this.trigger),
      placement: () => 'bottom-end',
      distance: () => (apps() ? 0 : 4),
      alignmentOffset: () => (apps() ? 16 : 0),
      fitHeight: true,
      onDismiss: () => this.set(null),
    });
  }

  hostUpdated(): void {
    if (this.current === this.shown) return;
    this.shown = this.current;
    if (!this.current) {
      this.popup.hide();
      return;
    }
    this.popup.show();
    const popup = this.popupEl();
    // A menu opens on its current choice; the tools menu on its first button.
    const current = this.current === 'tools' ? null : popup?.querySelector<HTMLElement>('[aria-current="true"]');
    const target = current ?? popup?.querySelector<HTMLElement>('button');
    target?.focus({ preventScroll: true });
  }

  hostDisconnected(): void {
    this.set(null);
  }

  open(menu: Menu, trigger: HTMLElement | null): void {
    this.trigger = trigger;
    this.set(menu);
  }

  /** Closes the open popup; focus goes back to its button when `restoreFocus` (a choice was made in it). */
  close(restoreFocus: boolean): void {
    if (!this.current) return;
    this.set(null);
    this.popup.hide(restoreFocus);
  }

  toggle(menu: Menu, event: Event): void {
    if (this.current === menu) this.close(false);
    else this.open(menu, event.currentTarget as HTMLElement);
  }

  /** Arrow keys, Home and End move between the popup's buttons. */
  onKeyDown = (event: KeyboardEvent): void => {
    const keys = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const items = Array.from((event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('button'));
    if (items.length === 0) return;
    const at = items.indexOf(this.host.renderRoot.querySelector(':focus') as HTMLElement);
    let next = at;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = (at + 1) % items.length;
    else next = (at - 1 + items.length) % items.length;
    items[next]?.focus();
    event.preventDefault();
  };

  /** A tool that opens a popup of its own: the button, and the popup while it is open. */
  renderTool(
    menu: Menu,
    { name, popupId, label, icon }: { name: string; popupId: string; label: string; icon: TemplateResult },
    popup: () => TemplateResult,
  ): TemplateResult {
    const open = this.current === menu;
    return html`<div class="menu-wrap">
      <button
        part="tool"
        class="tool ${name}"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls=${popupId}
        aria-label=${label}
        @click=${(event: Event) => this.toggle(menu, event)}
      >
        ${icon}
      </button>
      ${open ? popup() : nothing}
    </div>`;
  }

  /** The identity or language menu: a list of choices under its button. */
  renderList(
    menu: 'identity' | 'language',
    label: string,
    icon: TemplateResult,
    items: () => TemplateResult[],
  ): TemplateResult {
    const popupId = `${menu}-menu`;
    return this.renderTool(
      menu,
      { name: menu, popupId, label, icon },
      () =>
        html`<ul id=${popupId} part="menu" class="menu" popover="manual" aria-label=${label} @keydown=${this.onKeyDown}>
          ${items()}
        </ul>`,
    );
  }

  private popupEl(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>('.panel, .menu, .drawer');
  }

  private set(menu: Menu | null): void {
    this.current = menu;
    this.host.requestUpdate();
  }
}
