import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { titleFontSize } from '@edu-portal/core/desktop/header.ts';
import type { AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { canSelectChild } from '@edu-portal/core/identity/children.ts';
import { identitySwitchTarget, type IdentityOption } from '@edu-portal/core/identity/switch.ts';
import { getLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';
import type { Layout } from '@edu-portal/core/theme/constants.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { buttonStyles } from '../internal/control-styles.ts';
import { CoreLanguage } from '../internal/localize.ts';
import { EduElement } from '../internal/edu-element.ts';
import { ImageFailures } from '../internal/image-failures.ts';
import { HeaderApps } from './header-apps.ts';
import { defaultLogo } from './header-icons.ts';
import { LogoutConfirm } from './header-logout.ts';
import { HeaderMenus } from './header-menus.ts';
import { COMPACT_BELOW, renderNarrowTools } from './header-narrow.ts';
import { renderWideTools, type ToolActions, type ToolsView } from './header-tools.ts';
import { headerStyles } from './header.styles.ts';

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
  @state() private fullscreen = false;
  /** Narrow (a phone): the tools fold into one menu button; the app icons stay in the "more apps" panel. */
  @state() private compact = false;
  private readonly hostObserver = new ResizeObserver(([entry]) => {
    if (entry) this.compact = entry.contentRect.width < COMPACT_BELOW;
  });

  /** Pictures (logo, app icons) that failed to load, by address: their stand-in shows instead. */
  private readonly failures = new ImageFailures(this);
  private readonly menus = new HeaderMenus(this);
  private readonly apps = new HeaderApps(this, this.menus, this.failures, (icon) => {
    if (this.menus.current === 'apps') this.menus.close(false);
    this.emit('edu-open-app', { icon });
  });
  private readonly logout = new LogoutConfirm(
    this,
    () => this.loadDependency('edu-dialog'),
    () => this.emit('edu-logout', null, { cancelable: true }),
  );

  /** What the tools do, in both bars. */
  private readonly actions: ToolActions = {
    messages: () => this.emit('edu-open-messages', null),
    desktop: () => this.emit('edu-go-desktop', null),
    child: () => this.emit('edu-switch-child', null),
    settings: () => this.emit('edu-open-settings', null),
    theme: () => this.emit('edu-open-theme', null),
    fullscreen: () => void this.toggleFullscreen(),
    logout: () => this.logout.ask(),
    identity: (option) => {
      const target = identitySwitchTarget(this.identities, option.id);
      this.menus.close(true);
      if (target) this.emit('edu-switch-identity', { id: target, userType: option.userType });
    },
    language: (lang) => {
      this.menus.close(true);
      if (lang !== this.language) this.emit('edu-change-language', { language: lang });
    },
  };

  constructor() {
    super();
    // `language` follows core's language while connected.
    new CoreLanguage(this, (lang) => (this.language = lang));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.onResize);
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
    this.onResize();
    this.onFullscreenChange();
    this.hostObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.onResize);
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    this.hostObserver.disconnect();
  }

  /** Opens or closes the "more apps" panel. */
  toggleApps(open = this.menus.current !== 'apps'): void {
    if (open) this.menus.open('apps', this.renderRoot.querySelector<HTMLElement>('[part~="more"]'));
    else this.menus.close(false);
  }

  /** The unit title's font size in px, as the spec's rule gives it for the window width and the name. */
  get titleFontSize(): number {
    return titleFontSize(this.windowWidth, this.unitTitle());
  }

  protected override willUpdate(changed: PropertyValues): void {
    // The wide bar's menus and the narrow bar's tools menu do not outlive a change of shape.
    if (changed.has('compact') && this.menus.current !== 'apps') this.menus.current = null;
  }

  private onResize = () => {
    this.windowWidth = window.innerWidth;
  };

  private onFullscreenChange = () => {
    this.fullscreen = Boolean(document.fullscreenElement);
  };

  private async toggleFullscreen(): Promise<void> {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (no user gesture, not allowed): the button stays as it is.
    }
    this.onFullscreenChange();
  }

  private unitTitle(): string {
    const user = this.user;
    if (!user) return '';
    return serverText(user.unitName ?? '', user.unitEnName ?? '', this.language);
  }

  private renderLogo(): TemplateResult {
    const given = this.logo || this.user?.unitImgPath || '';
    // A logo from data passes core's safe-URL rule; a refused one shows the default picture.
    const src = safeUrl(given, { image: true }) ? given : '';
    if (!src || this.failures.has(src)) return html`<span part="logo" class="logo">${defaultLogo}</span>`;
    return html`<img part="logo" class="logo" src=${src} alt="" @error=${() => this.failures.add(src)} />`;
  }

  protected override render() {
    const title = this.unitTitle();
    const compact = this.compact;
    const view: ToolsView = {
      host: this,
      menus: this.menus,
      fullscreen: this.fullscreen,
      isParent: this.user ? canSelectChild(this.user.userType) : false,
      act: this.actions,
    };
    return html`
      <div part="base" class="base ${this.theme === 'ink' ? 'grey' : ''} ${compact ? 'compact' : ''}">
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
        ${this.apps.render(compact)}
        ${this.layout === 'top' && this.icons.length > 0 ? nothing : html`<span class="spacer"></span>`}
        ${compact ? renderNarrowTools(view, title) : renderWideTools(view)}
      </div>
      ${this.logout.render()}
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
