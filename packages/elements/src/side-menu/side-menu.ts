import { html, nothing, svg, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { iconLabel, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { toggleLeftMenu, toggleLeftMenuLock, type LeftMenuState } from '@edu-portal/core/desktop/left-menu.ts';
import { CoreLanguage } from '../internal/localize.ts';
import { ImageFailures } from '../internal/image-failures.ts';
import { renderAppTile, unreadText } from '../desktop/app-tile.ts';
import { EduElement } from '../internal/edu-element.ts';
import { sideMenuStyles } from './side-menu.styles.ts';

/** The menu's new state (core `LeftMenuState`), for the host to save with `writeLeftMenu`. */
export type EduSideMenuChangeDetail = LeftMenuState;
export type EduSideMenuChangeEvent = CustomEvent<EduSideMenuChangeDetail>;

const collapseIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 5h18v2H3zm7 6h11v2H10zm-7 6h18v2H3zm4-8v6l-4-3z"/></svg>`;
const expandIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 5h18v2H3zm0 6h11v2H3zm0 6h18v2H3zm14-8v6l4-3z"/></svg>`;
const lockIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9zm-8-2a3 3 0 0 1 6 0v2H9zm4 9.7V19h-2v-2.3a2 2 0 1 1 2 0z"/></svg>`;
const unlockIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M17 9H9V7a3 3 0 0 1 5.8-1l1.9-.6A5 5 0 0 0 7 7v2H5v13h14V9zm-4 7.7V19h-2v-2.3a2 2 0 1 1 2 0z"/></svg>`;

/**
 * The left layout's side menu (spec part 1 §2 "Left layout", §4 "Left menu"): the apps as a vertical list, collapsed
 * (64 px, pictures only, the name as tooltip and accessible name) or expanded (200 px, picture and name), with a
 * lock that pins the menu as it is: while locked, the collapse button does nothing. The state rules are core's
 * (`toggleLeftMenu`, `toggleLeftMenuLock`); the host saves the state per user (`writeLeftMenu`).
 *
 * @summary Collapsible, lockable side menu of the apps (left layout).
 * @tagname edu-side-menu
 *
 * @fires {CustomEvent<{icon: AppIcon}>} edu-open-app - An app was activated.
 * @fires {CustomEvent<{collapsed: boolean, locked: boolean}>} edu-side-menu-change - The collapse or lock button
 *   changed the state (already applied); not sent when nothing changed (the collapse button while locked).
 *
 * @csspart base - The `<nav>`.
 * @csspart controls - The bar with the two buttons.
 * @csspart toggle - The collapse / expand button.
 * @csspart lock - The lock button.
 * @csspart list - The list of apps.
 * @csspart app - Each app button.
 * @csspart picture - The picture (or letter tile) of an app.
 * @csspart label - The name of an app.
 * @csspart badge - The unread count on an app.
 *
 * @cssprop [--edu-side-menu-background=#fff] - Background of the menu.
 * @cssprop [--edu-side-menu-color=#303133] - Text and button colour.
 * @cssprop [--edu-side-menu-active-background=#ecf2fb] - Background of the current app.
 * @cssprop [--edu-side-menu-width=200px] - Width when expanded.
 * @cssprop [--edu-side-menu-collapsed-width=64px] - Width when collapsed.
 * @cssprop [--edu-app-icon-radius=14px] - Corner radius of the pictures.
 * @cssprop [--edu-app-icon-filter=none] - Filter on the pictures.
 * @cssprop [--edu-badge-background=#d0182b] - Background of the unread counts.
 * @cssprop [--edu-badge-color=#fff] - Colour of the unread counts.
 * @cssprop [--edu-color-primary] - Focus rings and the current app's marker.
 */
export class EduSideMenu extends EduElement {
  static override styles = sideMenuStyles;

  /** The apps, in desktop order (core `visibleIcons` or the flat `desktopIcons`). */
  @property({ attribute: false }) icons: readonly AppIcon[] = [];

  /** The theme in force, to pick each icon's picture. */
  @property() theme = '';

  /** Collapsed to pictures only. */
  @property({ type: Boolean, reflect: true }) collapsed = false;

  /** Pinned: the collapse button does nothing until unlocked. */
  @property({ type: Boolean, reflect: true }) locked = false;

  /** The code of the app in use, marked `aria-current="page"`. */
  @property({ attribute: 'active-code' }) activeCode = '';

  private readonly failures = new ImageFailures(this);
  private readonly language = new CoreLanguage(this);

  /** The state as core sees it. */
  get state(): LeftMenuState {
    return { collapsed: this.collapsed, locked: this.locked };
  }

  private apply(next: LeftMenuState): void {
    const current = this.state;
    if (next.collapsed === current.collapsed && next.locked === current.locked) return;
    this.collapsed = next.collapsed;
    this.locked = next.locked;
    this.emit('edu-side-menu-change', { collapsed: next.collapsed, locked: next.locked });
  }

  /** Collapses or expands (ignored while locked), as the button does. */
  toggle(): void {
    this.apply(toggleLeftMenu(this.state));
  }

  /** Locks or unlocks, as the button does. */
  toggleLock(): void {
    this.apply(toggleLeftMenuLock(this.state));
  }

  private onListKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const buttons = Array.from(this.renderRoot.querySelectorAll<HTMLButtonElement>('button.app'));
    const at = buttons.indexOf(this.renderRoot.querySelector<HTMLButtonElement>('button.app:focus') as never);
    if (at < 0 || buttons.length === 0) return;
    let next: number;
    if (event.key === 'ArrowDown') next = Math.min(buttons.length - 1, at + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, at - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  private renderApp(icon: AppIcon): TemplateResult {
    const label = iconLabel(icon, this.language.value);
    const current = icon.code === this.activeCode;
    const unread = unreadText(icon.unreadCount);
    return html`<li>
      <button
        part="app"
        class="app"
        type="button"
        data-code=${icon.code}
        aria-current=${current ? 'page' : 'false'}
        title=${this.collapsed && unread ? `${label}, ${unread}` : label}
        @click=${() => this.emit('edu-open-app', { icon })}
      >
        ${renderAppTile({
          icon,
          theme: this.theme,
          lang: this.language.value,
          failures: this.failures,
          hideLabel: this.collapsed,
        })}
      </button>
    </li>`;
  }

  protected override render() {
    const collapsed = this.collapsed;
    const locked = this.locked;
    const toggleLabel = collapsed
      ? msg('展开菜单', { id: 'sideMenu.expand' })
      : msg('收起菜单', { id: 'sideMenu.collapse' });
    const lockedHint = msg('菜单已锁定，解除锁定后才能展开或收起', { id: 'sideMenu.lockedHint' });
    return html`<nav part="base" class="base" aria-label=${msg('应用菜单', { id: 'sideMenu.label' })}>
      <div part="controls" class="controls">
        <button
          part="toggle"
          class="toggle"
          type="button"
          aria-expanded=${collapsed ? 'false' : 'true'}
          aria-controls="list"
          aria-label=${toggleLabel}
          aria-disabled=${locked ? 'true' : 'false'}
          aria-describedby=${locked ? 'locked-hint' : nothing}
          title=${locked ? lockedHint : toggleLabel}
          @click=${() => this.toggle()}
        >
          ${collapsed ? expandIcon : collapseIcon}
        </button>
        <button
          part="lock"
          class="lock"
          type="button"
          aria-pressed=${locked ? 'true' : 'false'}
          aria-label=${msg('锁定菜单', { id: 'sideMenu.lock' })}
          title=${locked ? msg('解除锁定', { id: 'sideMenu.unlock' }) : msg('锁定菜单', { id: 'sideMenu.lock' })}
          @click=${() => this.toggleLock()}
        >
          ${locked ? lockIcon : unlockIcon}
        </button>
        <span id="locked-hint" class="visually-hidden">${locked ? lockedHint : ''}</span>
      </div>
      <ul id="list" part="list" class="list" role="list" @keydown=${this.onListKeyDown}>
        ${this.icons.map((icon) => this.renderApp(icon))}
      </ul>
    </nav>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-side-menu': EduSideMenu;
  }
  interface HTMLElementEventMap {
    'edu-side-menu-change': EduSideMenuChangeEvent;
  }
}
