import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { msg, str } from '@lit/localize';
import { HEADER_ICON_LIMIT } from '@edu-portal/core/constants.ts';
import { badgeText, headerIcons, headerPanelWidth, titleFontSize } from '@edu-portal/core/desktop/header.ts';
import { iconFallbackText, iconImage, iconLabel, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { canSelectChild } from '@edu-portal/core/identity/children.ts';
import { languageOptions } from '@edu-portal/core/i18n/options.ts';
import { identitySwitchTarget, type IdentityOption } from '@edu-portal/core/identity/switch.ts';
import { getLanguage, subscribeLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import type { Layout } from '@edu-portal/core/theme/constants.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { buttonStyles } from '../internal/control-styles.ts';
import { EduElement } from '../internal/edu-element.ts';
import { PopupController } from '../internal/popup-controller.ts';
import { headerStyles } from './header.styles.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';

/** Spec part 1 §9: header icons are each about 60 to 62 px wide (and at most HEADER_ICON_LIMIT of them). */
const APP_WIDTH = 62;
/** The widest an app of the bar gets for its label (a long English short name is then cut, the whole on hover). */
const APP_MAX_WIDTH = 112;
/** The app button's padding either side of its label, px. */
const APP_PADDING = 6;
const APP_GAP = 4;
/** Below this width of its own the header folds its tools into a menu button (phones, narrow windows). */
const COMPACT_BELOW = 800;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** Width of `text` in `font`, px (a canvas measure: the apps that do not fit the bar are never rendered). */
function textWidth(text: string, font: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 12;
  measureContext.font = font;
  return measureContext.measureText(text).width;
}
/** What the header needs of the signed-in user (a `SessionUser` fits). */
export type HeaderUser = Pick<SessionUser, 'realName' | 'userType' | 'unitType' | 'unitName'> &
  Partial<Pick<SessionUser, 'unitEnName' | 'unitImgPath'>>;

export interface EduSwitchIdentityDetail {
  /** The user id to switch to. */
  id: string;
  /** 2 teacher, 3 parent. */
  userType: 2 | 3;
}
export interface EduChangeLanguageDetail {
  language: Lang;
}
export interface EduOpenAppDetail {
  icon: AppIcon;
}
export type EduSwitchIdentityEvent = CustomEvent<EduSwitchIdentityDetail>;
export type EduChangeLanguageEvent = CustomEvent<EduChangeLanguageDetail>;
export type EduOpenAppEvent = CustomEvent<EduOpenAppDetail>;

type Menu = 'apps' | 'identity' | 'language' | 'tools';

const defaultLogo = svg`<svg viewBox="0 0 40 40" aria-hidden="true" focusable="false"><circle cx="20" cy="20" r="19" fill="#fff"/><path d="M20 8 5 15l15 7 12-5.6V25h2V15z" fill="#2b5797"/><path d="M11 20.5v5.5c0 2.5 4 4.5 9 4.5s9-2 9-4.5v-5.5l-9 4.2z" fill="#2b5797"/></svg>`;
const bellIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"/></svg>`;
const homeIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 3 2 12h3v8h5v-6h4v6h5v-8h3z"/></svg>`;
const themeIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 2a10 10 0 0 0 0 20c1.1 0 2-.9 2-2 0-.5-.2-1-.5-1.3-.3-.4-.5-.8-.5-1.3 0-1.1.9-2 2-2h2.4A5.6 5.6 0 0 0 23 9.8C23 5.5 18 2 12 2zM6.5 12a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3-4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm3 4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"/></svg>`;
const logoutIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M10 17v-3H3v-4h7V7l5 5zm9-14H11v2h8v14h-8v2h8a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z"/></svg>`;
const fullIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z"/></svg>`;
const exitFullIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M8 4h2v6H4V8h4zm6 0h2v4h4v2h-6zM4 14h6v6H8v-4H4zm10 0h6v2h-4v4h-2z"/></svg>`;
const identityIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-3.3 0-7 1.7-7 4v3h14v-3c0-2.3-3.7-4-7-4zm8-1 3-3-3-3v2h-3v2h3zm0 3v2h-2v2h2v2l3-3z"/></svg>`;
const childIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4 0-8 2-8 5v2h16v-2c0-3-4-5-8-5z"/></svg>`;
const languageIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.6 15.6 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16 16 0 0 0 0 4zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16 16 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z"/></svg>`;
const settingsIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1L11 21h4l.4-2.9c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" transform="translate(-1 0)"/></svg>`;
const menuIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z"/></svg>`;
const moreIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 4h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 10h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4zM4 16h4v4H4zm6 0h4v4h-4zm6 0h4v4h-4z"/></svg>`;

// At module level: tsc rewrites the extension of a dynamic import here, not in a static field (the published build).
const loadDialog = () => import('../dialog/dialog.ts').then((m) => m.EduDialog);

/**
 * The portal header (spec part 1 §2 "Header", "Top layout"): unit logo and name (26/22/18 px by window width and
 * name length), a welcome with the user's real name, the message bell (99+), desktop, child switcher (parents),
 * theme, logout (confirmed), full screen, identity switcher and language menu; in the top layout up to 10 app icons
 * and an expandable panel of every app. It holds no data of its own: hosts set the properties and act on the events.
 *
 * Narrower than 800 px (a phone, a narrow window) it keeps the logo, the unit name, the "more apps" button and the
 * bell in the bar and folds every other tool, the welcome and the `extra` slot into one menu button: a keyboard-
 * operable list with the same events, so nothing of the header is out of reach and nothing sticks out sideways.
 *
 * @summary Portal header with the shell's buttons and, in the top layout, the app icons.
 * @tagname edu-header
 *
 * @slot extra - Extra controls before the header's own buttons.
 *
 * @fires {CustomEvent<null>} edu-open-messages - The message bell was pressed.
 * @fires {CustomEvent<null>} edu-go-desktop - The desktop button was pressed.
 * @fires {CustomEvent<null>} edu-switch-child - A parent asked to choose another child.
 * @fires {CustomEvent<null>} edu-open-theme - The theme button was pressed.
 * @fires {CustomEvent<null>} edu-open-settings - The personal settings button was pressed.
 * @fires {CustomEvent<null>} edu-logout - The user confirmed logging out. Cancelable: `preventDefault()` tells the
 *   header the host refused; the confirmation closes either way.
 * @fires {CustomEvent<{id: string, userType: 2 | 3}>} edu-switch-identity - Another identity was chosen (not sent
 *   for the current one).
 * @fires {CustomEvent<{language: 'zh-CN' | 'en' | 'zh-HK'}>} edu-change-language - Another language was chosen (not
 *   sent for the language in force). The host puts it in force (core `saveLanguage`).
 * @fires {CustomEvent<{icon: AppIcon}>} edu-open-app - An app icon was pressed.
 *
 * @csspart base - The header bar.
 * @csspart logo - The unit logo (image or the default picture).
 * @csspart title - The unit name.
 * @csspart apps - The list of app icons in the top layout.
 * @csspart app - Each app icon button (bar and panel).
 * @csspart more - The "more apps" button.
 * @csspart panel - The expandable panel of every app.
 * @csspart welcome - The welcome text.
 * @csspart tools - The group of buttons.
 * @csspart tool - Each button of the group.
 * @csspart badge - The count on the bell and on app icons.
 * @csspart menu - The identity and language menus.
 * @csspart drawer - The tools menu of a narrow header (below 800 px of its own width): every tool, named.
 * @csspart confirm - The logout confirmation dialog (an `<edu-dialog>`).
 *
 * @cssprop [--edu-header-height=60px] - Height of the bar.
 * @cssprop [--edu-header-background=#3763ab] - Background of the bar; defaults to the theme's dark shade.
 * @cssprop [--edu-header-color=#fff] - Text and icon colour of the bar.
 * @cssprop [--edu-header-logo-size=40px] - Size of the logo.
 * @cssprop [--edu-header-name-max-width=240px] - Widest the welcome and the child's name get (then an ellipsis).
 * @cssprop [--edu-header-badge-background=#fff] - Background of the counts on the bar (red in the panel).
 * @cssprop [--edu-header-badge-color=#c8161d] - Text of the counts on the bar.
 * @cssprop [--edu-header-panel-background=#fff] - Background of the panel and menus.
 * @cssprop [--edu-header-panel-color=#303133] - Text colour of the panel and menus.
 * @cssprop [--edu-header-focus-color=#fff] - Focus ring on the bar.
 * @cssprop [--edu-color-primary] - Focus and current item colour in the panel and menus.
 * @cssprop [--edu-z-popup=10000] - Stacking order of the panel and menus.
 */
export class EduHeader extends EduElement {
  static override styles = [buttonStyles, headerStyles];
  // The logout confirmation's dialog loads when logout is first pressed.
  static override lazyDependencies = { 'edu-dialog': loadDialog };

  /** The signed-in user; `null` shows the bar without the user's parts. */
  @property({ attribute: false }) user: HeaderUser | null = null;

  /** Unit logo address; default `user.unitImgPath`. The default picture shows when it is empty or fails. */
  @property() logo = '';

  /** Unread message count on the bell, shown up to 99 and then `99+`. */
  @property({ attribute: 'message-count', type: Number }) messageCount = 0;

  /** The child a parent is viewing (shown on the child switcher). */
  @property({ attribute: 'child-name' }) childName = '';

  /** The identities to switch between (core `identityOptions`); the switcher shows when there are two or more. */
  @property({ attribute: false }) identities: readonly IdentityOption[] = [];

  /** The language in force; by default it follows core's language. */
  @property() language: Lang = getLanguage();

  /** `top` shows the app icons in the bar; `left` leaves them to the side menu. */
  @property({ reflect: true }) layout: Layout = 'top';

  /** The theme in force, to pick each icon's picture (grey in ink, cartoon in cartoon). */
  @property() theme = '';

  /** The desktop's visible icons in order (core `AppIcon`); the bar shows the first 10, the panel all. */
  @property({ attribute: false }) icons: readonly AppIcon[] = [];

  /** Hides the desktop button (on the desktop itself). */
  @property({ attribute: 'hide-desktop', type: Boolean }) hideDesktop = false;

  @state() private windowWidth = typeof window === 'undefined' ? 1920 : window.innerWidth;
  /** The width the bar leaves its app list, px; the apps that fit it whole are shown, the rest are in the panel. */
  @state() private appsWidth = Number.POSITIVE_INFINITY;
  private observedApps: Element | null = null;
  private readonly appsObserver = new ResizeObserver(([entry]) => {
    if (entry) this.appsWidth = entry.contentRect.width;
  });
  /** Narrow (a phone): the tools fold into one menu button; the app icons stay in the "more apps" panel. */
  @state() private compact = false;
  private readonly hostObserver = new ResizeObserver(([entry]) => {
    if (entry) this.compact = entry.contentRect.width < COMPACT_BELOW;
  });
  @state() private menu: Menu | null = null;
  @state() private failedImages = new Set<string>();
  @state() private logoFailed = false;
  @state() private fullscreen = false;
  @state() private confirming = false;
  /** The confirmation is rendered from its first opening on. */
  @state() private confirmRendered = false;

  @query('.panel, .menu, .drawer') private popupEl?: HTMLElement | null;

  private unsubscribeLanguage: (() => void) | null = null;
  private menuTrigger: HTMLElement | null = null;

  /** The open panel or menu: top layer, overlay stack, outside click, focus leaving and Escape. */
  private readonly popup = new PopupController(this, {
    popup: () => this.popupEl,
    trigger: () => this.menuTrigger,
    // The app panel hangs from the bar's end, 16 px in (the bar's padding); a menu from its button.
    anchor: () => (this.menu === 'apps' ? this.renderRoot.querySelector<HTMLElement>('.base') : this.menuTrigger),
    placement: () => 'bottom-end',
    distance: () => (this.menu === 'apps' ? 0 : 4),
    alignmentOffset: () => (this.menu === 'apps' ? 16 : 0),
    fitHeight: true,
    onDismiss: () => {
      this.menu = null;
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.onResize);
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
    this.unsubscribeLanguage = subscribeLanguage((lang) => {
      this.language = lang;
    });
    this.onResize();
    this.onFullscreenChange();
    this.hostObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.onResize);
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    this.unsubscribeLanguage?.();
    this.unsubscribeLanguage = null;
    this.menu = null;
    this.appsObserver.disconnect();
    this.hostObserver.disconnect();
    this.observedApps = null;
  }

  /** Opens or closes the "more apps" panel. */
  toggleApps(open = this.menu !== 'apps'): void {
    if (open) this.openMenu('apps', this.renderRoot.querySelector<HTMLElement>('[part~="more"]'));
    else this.closeMenu(false);
  }

  /** The unit title's font size in px, as the spec's rule gives it for the window width and the name. */
  get titleFontSize(): number {
    return titleFontSize(this.windowWidth, this.unitTitle());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('logo') || changed.has('user')) this.logoFailed = false;
    if (changed.has('icons')) this.failedImages = new Set();
    // The wide bar's menus and the narrow bar's tools menu do not outlive a change of shape.
    if ((changed as PropertyValues).has('compact') && this.menu && this.menu !== 'apps') this.menu = null;
  }

  protected override updated(changed: PropertyValues): void {
    const apps = this.renderRoot.querySelector('.apps');
    if (apps !== this.observedApps) {
      this.appsObserver.disconnect();
      if (apps) this.appsObserver.observe(apps);
      this.observedApps = apps;
    }
    if (changed.has('menu')) {
      if (this.menu) {
        this.popup.show();
        const popup = this.popupEl;
        // A menu opens on its current choice; the tools menu on its first button.
        const current = this.menu === 'tools' ? null : popup?.querySelector<HTMLElement>('[aria-current="true"]');
        const target = current ?? popup?.querySelector<HTMLElement>('button');
        target?.focus({ preventScroll: true });
      } else {
        this.popup.hide();
      }
    }
  }

  // ----- behaviour -------------------------------------------------------------------------------------------

  private onResize = () => {
    this.windowWidth = window.innerWidth;
  };

  private onFullscreenChange = () => {
    this.fullscreen = Boolean(document.fullscreenElement);
  };

  private openMenu(menu: Menu, trigger: HTMLElement | null): void {
    this.menuTrigger = trigger;
    this.menu = menu;
  }

  private closeMenu(restoreFocus: boolean): void {
    if (!this.menu) return;
    this.menu = null;
    this.popup.hide(restoreFocus);
  }

  private toggleMenu(menu: Menu, event: Event): void {
    if (this.menu === menu) this.closeMenu(false);
    else this.openMenu(menu, event.currentTarget as HTMLElement);
  }

  private onPopupKeyDown = (event: KeyboardEvent) => {
    const keys = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const items = Array.from((event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('button'));
    if (items.length === 0) return;
    const at = items.indexOf(this.renderRoot.querySelector(':focus') as HTMLElement);
    let next = at;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = (at + 1) % items.length;
    else next = (at - 1 + items.length) % items.length;
    items[next]?.focus();
    event.preventDefault();
  };

  private chooseIdentity(option: IdentityOption): void {
    const target = identitySwitchTarget(this.identities, option.id);
    this.closeMenu(true);
    if (target) this.emit('edu-switch-identity', { id: target, userType: option.userType });
  }

  private chooseLanguage(lang: Lang): void {
    this.closeMenu(true);
    if (lang !== this.language) this.emit('edu-change-language', { language: lang });
  }

  private openApp(icon: AppIcon): void {
    if (this.menu === 'apps') this.closeMenu(false);
    this.emit('edu-open-app', { icon });
  }

  private async toggleFullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (no user gesture, not allowed): the button stays as it is.
    }
    this.onFullscreenChange();
  }

  private confirmLogout(): void {
    this.confirming = false;
    this.emit('edu-logout', null, { cancelable: true });
  }

  // ----- rendering -------------------------------------------------------------------------------------------

  private unitTitle(): string {
    const user = this.user;
    if (!user) return '';
    return serverText(user.unitName ?? '', user.unitEnName ?? '', this.language);
  }

  private renderLogo(): TemplateResult {
    const given = this.logo || this.user?.unitImgPath || '';
    // A logo from data passes core's safe-URL rule; a refused one shows the default picture.
    const src = safeUrl(given, { image: true }) ? given : '';
    if (!src || this.logoFailed) return html`<span part="logo" class="logo">${defaultLogo}</span>`;
    return html`<img
      part="logo"
      class="logo"
      src=${src}
      alt=""
      @error=${() => {
        this.logoFailed = true;
      }}
    />`;
  }

  private renderIcon(icon: AppIcon, inPanel: boolean, width?: number): TemplateResult {
    const label = iconLabel(icon, this.language, { short: !inPanel });
    const src = iconImage(icon, this.theme, { header: !inPanel });
    const key = `${inPanel ? 'panel' : 'bar'}:${icon.code}`;
    const failed = !src || this.failedImages.has(key);
    const badge = badgeText(icon.unreadCount);
    // The picture sits on a white chip: a server's coloured glyph reads on any bar colour.
    // In the bar the short name may still be cut off (English): the full name shows on hover.
    const title = inPanel ? nothing : iconLabel(icon, this.language);
    return html`<button
      part="app"
      class="app"
      type="button"
      data-code=${icon.code}
      title=${title}
      style=${width === undefined ? nothing : styleMap({ width: `${width}px` })}
      @click=${() => this.openApp(icon)}
    >
      <span class="glyph">
        ${
          failed
            ? html`<span class="fallback" aria-hidden="true">${iconFallbackText(label)}</span>`
            : html`<img
                class="icon"
                src=${src}
                alt=""
                @error=${() => {
                  this.failedImages = new Set(this.failedImages).add(key);
                }}
              />`
        }
        ${badge ? html`<span part="badge" class="badge" aria-hidden="true">${badge}</span>` : nothing}
      </span>
      <span class="label">${label}</span>
      ${
        badge
          ? html`<span class="visually-hidden">${msg(str`，${badge} 条未读`, { id: 'header.appUnread' })}</span>`
          : nothing
      }
    </button>`;
  }

  /**
   * The bar's apps that fit its list whole, each as wide as its (short) label needs: at least the spec's 62 px, at
   * most APP_MAX_WIDTH, so "Homework" or "Timetable" reads whole where the bar has room.
   */
  private barApps(): { icon: AppIcon; width: number }[] {
    const font = `12px ${getComputedStyle(this).fontFamily}`;
    const shown: { icon: AppIcon; width: number }[] = [];
    let used = 0;
    for (const icon of headerIcons(this.icons).slice(0, HEADER_ICON_LIMIT)) {
      const label = iconLabel(icon, this.language, { short: true });
      const width = Math.min(
        APP_MAX_WIDTH,
        Math.max(APP_WIDTH, Math.ceil(textWidth(label, font)) + 2 * APP_PADDING + 2),
      );
      const next = used + (shown.length > 0 ? APP_GAP : 0) + width;
      if (next > this.appsWidth) break;
      used = next;
      shown.push({ icon, width });
    }
    return shown;
  }

  private renderApps(): TemplateResult | typeof nothing {
    if (this.layout !== 'top' || this.icons.length === 0) return nothing;
    const width = this.user ? headerPanelWidth(this.user) : headerPanelWidth({ userType: 0, unitType: 0 });
    const open = this.menu === 'apps';
    // On a phone the bar has no room for icons: the "more apps" panel has them all.
    return html`
      ${
        this.compact
          ? html`<span class="spacer"></span>`
          : html`<ul part="apps" class="apps" aria-label=${msg('常用应用', { id: 'header.apps' })}>
              ${this.barApps().map(({ icon, width }) => html`<li>${this.renderIcon(icon, false, width)}</li>`)}
            </ul>`
      }
      <button
        part="more tool"
        class="tool more"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="panel"
        aria-label=${msg('更多应用', { id: 'header.moreApps' })}
        @click=${(event: Event) => this.toggleMenu('apps', event)}
      >
        ${moreIcon}
      </button>
      ${
        open
          ? html`<div
              id="panel"
              part="panel"
              class="panel"
              role="region"
              popover="manual"
              aria-label=${msg('全部应用', { id: 'header.allApps' })}
              style=${styleMap({ width: `${width}px` })}
              @keydown=${this.onPopupKeyDown}
            >
              ${this.icons.map((icon) => this.renderIcon(icon, true))}
            </div>`
          : nothing
      }
    `;
  }

  private identityItems(): TemplateResult[] {
    const typeName = (type: 2 | 3) =>
      type === 2 ? msg('教师', { id: 'header.identityTeacher' }) : msg('家长', { id: 'header.identityParent' });
    return this.identities.map(
      (option) =>
        html`<li>
          <button
            class="item"
            type="button"
            data-id=${option.id}
            aria-current=${option.current ? 'true' : 'false'}
            @click=${() => this.chooseIdentity(option)}
          >
            ${option.name}（${typeName(option.userType)}）
          </button>
        </li>`,
    );
  }

  private languageItems(): TemplateResult[] {
    return languageOptions(this.language).map(
      (option) =>
        html`<li>
          <button
            class="item"
            type="button"
            lang=${option.value}
            data-lang=${option.value}
            aria-current=${option.current ? 'true' : 'false'}
            @click=${() => this.chooseLanguage(option.value)}
          >
            ${option.name}
          </button>
        </li>`,
    );
  }

  /** A tool that opens a popup of its own: the button, and the popup while it is open. */
  private renderMenuTool(
    menu: Menu,
    { name, popupId, label, icon }: { name: string; popupId: string; label: string; icon: TemplateResult },
    popup: () => TemplateResult,
  ): TemplateResult {
    const open = this.menu === menu;
    return html`<div class="menu-wrap">
      <button
        part="tool"
        class="tool ${name}"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls=${popupId}
        aria-label=${label}
        @click=${(event: Event) => this.toggleMenu(menu, event)}
      >
        ${icon}
      </button>
      ${open ? popup() : nothing}
    </div>`;
  }

  /** The identity or language menu: a list of choices under its button. */
  private renderListMenu(
    menu: 'identity' | 'language',
    label: string,
    icon: TemplateResult,
    items: () => TemplateResult[],
  ) {
    const popupId = `${menu}-menu`;
    return this.renderMenuTool(
      menu,
      { name: menu, popupId, label, icon },
      () =>
        html`<ul
          id=${popupId}
          part="menu"
          class="menu"
          popover="manual"
          aria-label=${label}
          @keydown=${this.onPopupKeyDown}
        >
          ${items()}
        </ul>`,
    );
  }

  private renderIdentity(): TemplateResult | typeof nothing {
    if (this.identities.length < 2) return nothing;
    return this.renderListMenu('identity', msg('切换身份', { id: 'header.switchIdentity' }), identityIcon, () =>
      this.identityItems(),
    );
  }

  private renderLanguage(): TemplateResult {
    return this.renderListMenu('language', msg('语言', { id: 'header.language' }), languageIcon, () =>
      this.languageItems(),
    );
  }

  private childLabel(): string {
    return this.childName
      ? msg(str`切换孩子，当前：${serverText(this.childName)}`, { id: 'header.switchChildCurrent' })
      : msg('选择孩子', { id: 'header.switchChild' });
  }

  private fullscreenLabel(): string {
    return this.fullscreen
      ? msg('退出全屏', { id: 'header.exitFullscreen' })
      : msg('全屏', { id: 'header.fullscreen' });
  }

  /** A button of the tools menu: the bar's icon and its name written out. */
  private drawerButton(name: string, icon: TemplateResult, label: string, act: () => void): TemplateResult {
    return html`<li>
      <button
        class="item drawer-item ${name}"
        type="button"
        @click=${() => {
          this.closeMenu(false);
          act();
        }}
      >
        ${icon}<span>${label}</span>
      </button>
    </li>`;
  }

  /**
   * The tools menu of a narrow header: every tool of the wide bar, named, in one keyboard-operable
   * list: the slotted extras, desktop, child, identities, theme, languages, full screen, logout.
   */
  private renderToolsMenu(): TemplateResult {
    const label = msg('菜单', { id: 'header.menu' });
    const user = this.user;
    const isParent = user ? canSelectChild(user.userType) : false;
    const welcome = user?.realName ? msg(str`欢迎您，${serverText(user.realName)}`, { id: 'header.welcome' }) : '';
    // The unit's name whole: the bar cuts it after two lines on a phone.
    const title = this.unitTitle();
    return this.renderMenuTool(
      'tools',
      { name: 'menu-button', popupId: 'tools-menu', label, icon: menuIcon },
      () =>
        html`<div
          id="tools-menu"
          part="drawer"
          class="drawer"
          popover="manual"
          role="region"
          aria-label=${label}
          @keydown=${this.onPopupKeyDown}
        >
          ${title ? html`<p class="drawer-welcome">${title}</p>` : nothing}
          ${welcome ? html`<p part="welcome" class="drawer-welcome">${welcome}</p>` : nothing}
          <div class="drawer-extra"><slot name="extra"></slot></div>
          <ul class="drawer-list">
            ${
              this.hideDesktop
                ? nothing
                : this.drawerButton('desktop', homeIcon, msg('桌面', { id: 'header.desktop' }), () =>
                    this.emit('edu-go-desktop', null),
                  )
            }
            ${
              isParent
                ? this.drawerButton('child', childIcon, this.childLabel(), () => this.emit('edu-switch-child', null))
                : nothing
            }
            ${this.drawerButton('settings', settingsIcon, msg('个人设置', { id: 'header.settings' }), () =>
              this.emit('edu-open-settings', null),
            )}
            ${this.drawerButton('theme', themeIcon, msg('主题', { id: 'header.theme' }), () =>
              this.emit('edu-open-theme', null),
            )}
            ${this.drawerButton(
              'fullscreen',
              this.fullscreen ? exitFullIcon : fullIcon,
              this.fullscreenLabel(),
              () => void this.toggleFullscreen(),
            )}
            ${this.drawerButton('logout', logoutIcon, msg('退出', { id: 'header.logout' }), () => this.askLogout())}
          </ul>
          ${
            this.identities.length < 2
              ? nothing
              : html`<p class="drawer-heading" id="drawer-identity">
                    ${msg('切换身份', { id: 'header.switchIdentity' })}
                  </p>
                  <ul class="drawer-list" aria-labelledby="drawer-identity">
                    ${this.identityItems()}
                  </ul>`
          }
          <p class="drawer-heading" id="drawer-language">${msg('语言', { id: 'header.language' })}</p>
          <ul class="drawer-list" aria-labelledby="drawer-language">
            ${this.languageItems()}
          </ul>
        </div>`,
    );
  }

  /** Opens the logout confirmation; the first time, once its dialog has loaded. */
  private askLogout(): void {
    const open = () => {
      this.confirmRendered = true;
      this.confirming = true;
    };
    if (customElements.get('edu-dialog')) open();
    else void this.loadDependency('edu-dialog').then((loaded) => loaded && open());
  }

  private renderConfirm(): TemplateResult | typeof nothing {
    if (!this.confirmRendered) return nothing;
    return html`<edu-dialog
      part="confirm"
      class="confirm"
      .open=${this.confirming}
      title=${msg('提示', { id: 'header.logoutTitle' })}
      no-drag
      @edu-close=${(event: Event) => {
        event.stopPropagation();
        this.confirming = false;
      }}
      @edu-open=${(event: Event) => event.stopPropagation()}
      @edu-request-close=${(event: Event) => event.stopPropagation()}
    >
      <p>${msg('确定要退出系统吗？', { id: 'header.logoutConfirm' })}</p>
      <div slot="footer" class="actions">
        <button type="button" class="cancel" @click=${() => (this.confirming = false)}>
          ${msg('取消', { id: 'header.cancel' })}
        </button>
        <button type="button" class="primary ok" @click=${() => this.confirmLogout()}>
          ${msg('确定', { id: 'header.ok' })}
        </button>
      </div>
    </edu-dialog>`;
  }

  protected override render() {
    const user = this.user;
    const title = this.unitTitle();
    const badge = badgeText(this.messageCount);
    const messagesLabel = badge
      ? msg(str`消息，${badge} 条未读`, { id: 'header.messagesUnread' })
      : msg('消息', { id: 'header.messages' });
    const isParent = user ? canSelectChild(user.userType) : false;
    // Cut with an ellipsis when long; the whole text on hover.
    const welcome = user?.realName ? msg(str`欢迎您，${serverText(user.realName)}`, { id: 'header.welcome' }) : '';
    const bell = html`<button
      part="tool"
      class="tool messages"
      type="button"
      aria-label=${messagesLabel}
      @click=${() => this.emit('edu-open-messages', null)}
    >
      ${bellIcon} ${badge ? html`<span part="badge" class="badge" aria-hidden="true">${badge}</span>` : nothing}
    </button>`;
    return html`
      <div part="base" class="base ${this.theme === 'ink' ? 'grey' : ''} ${this.compact ? 'compact' : ''}">
        <div class="unit">
          ${this.renderLogo()}
          ${
            title
              ? html`<span
                  part="title"
                  class="title"
                  title=${title}
                  style=${styleMap({ fontSize: `${this.titleFontSize}px` })}
                  >${title}</span
                >`
              : nothing
          }
        </div>
        ${this.renderApps()}
        ${this.layout === 'top' && this.icons.length > 0 ? nothing : html`<span class="spacer"></span>`}
        ${
          this.compact
            ? html`<div part="tools" class="tools">${bell} ${this.renderToolsMenu()}</div>`
            : html`<div part="tools" class="tools">
                <slot name="extra"></slot>
                ${user?.realName ? html`<span part="welcome" class="welcome" title=${welcome}>${welcome}</span>` : nothing}
                ${bell}
                ${
                  this.hideDesktop
                    ? nothing
                    : html`<button
                        part="tool"
                        class="tool desktop"
                        type="button"
                        aria-label=${msg('桌面', { id: 'header.desktop' })}
                        @click=${() => this.emit('edu-go-desktop', null)}
                      >
                        ${homeIcon}
                      </button>`
                }
                ${
                  isParent
                    ? html`<button
                        part="tool"
                        class="tool child"
                        type="button"
                        aria-label=${this.childLabel()}
                        @click=${() => this.emit('edu-switch-child', null)}
                      >
                        ${childIcon}
                        <span class="child-name" aria-hidden="true" title=${serverText(this.childName) || nothing}
                          >${serverText(this.childName)}</span
                        >
                      </button>`
                    : nothing
                }
                ${this.renderIdentity()}
                <button
                  part="tool"
                  class="tool settings"
                  type="button"
                  aria-label=${msg('个人设置', { id: 'header.settings' })}
                  @click=${() => this.emit('edu-open-settings', null)}
                >
                  ${settingsIcon}
                </button>
                <button
                  part="tool"
                  class="tool theme"
                  type="button"
                  aria-label=${msg('主题', { id: 'header.theme' })}
                  @click=${() => this.emit('edu-open-theme', null)}
                >
                  ${themeIcon}
                </button>
                ${this.renderLanguage()}
                <button
                  part="tool"
                  class="tool fullscreen"
                  type="button"
                  aria-label=${this.fullscreenLabel()}
                  @click=${() => void this.toggleFullscreen()}
                >
                  ${this.fullscreen ? exitFullIcon : fullIcon}
                </button>
                <button
                  part="tool"
                  class="tool logout"
                  type="button"
                  aria-label=${msg('退出', { id: 'header.logout' })}
                  @click=${() => this.askLogout()}
                >
                  ${logoutIcon}
                </button>
              </div>`
        }
      </div>
      ${this.renderConfirm()}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-header': EduHeader;
  }
  interface HTMLElementEventMap {
    'edu-open-messages': CustomEvent<null>;
    'edu-go-desktop': CustomEvent<null>;
    'edu-switch-child': CustomEvent<null>;
    'edu-open-theme': CustomEvent<null>;
    'edu-open-settings': CustomEvent<null>;
    'edu-logout': CustomEvent<null>;
    'edu-switch-identity': EduSwitchIdentityEvent;
    'edu-change-language': EduChangeLanguageEvent;
    'edu-open-app': EduOpenAppEvent;
  }
}
