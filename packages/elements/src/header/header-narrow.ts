/**
 * The narrow header (a phone, a narrow window: below 800 px of its own width). The bar keeps the logo, the unit name,
 * the "more apps" button and the bell, and folds every other tool, the welcome and the `extra` slot into one menu
 * button: a keyboard-operable list with the same actions, so nothing is out of reach and nothing sticks out sideways.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import {
  childIcon,
  exitFullIcon,
  fullIcon,
  homeIcon,
  logoutIcon,
  menuIcon,
  settingsIcon,
  themeIcon,
} from './header-icons.ts';
import { childLabel, identityItems, languageItems, welcomeText } from './header-identity.ts';
import type { HeaderMenus } from './header-menus.ts';
import { fullscreenLabel, renderBell, type ToolsView } from './header-tools.ts';

/** Below this width of its own the header folds its tools into a menu button. */
export const COMPACT_BELOW = 800;

/** A button of the tools menu: the bar's icon and its name written out; choosing closes the menu. */
function item(menus: HeaderMenus, name: string, icon: TemplateResult, label: string, act: () => void) {
  return html`<li>
    <button
      class="item drawer-item ${name}"
      type="button"
      @click=${() => {
        menus.close(false);
        act();
      }}
    >
      ${icon}<span>${label}</span>
    </button>
  </li>`;
}

/**
 * The bar's tools of a narrow header: the bell, and the menu of every other tool of the wide bar, named, in one
 * keyboard-operable list: the slotted extras, desktop, child, identities, theme, languages, full screen, logout.
 * `title` is the unit's name, written whole (the bar cuts it after two lines on a phone).
 */
export function renderNarrowTools(view: ToolsView, title: string): TemplateResult {
  const { host, menus, act } = view;
  const label = msg('菜单', { id: 'header.menu' });
  const welcome = welcomeText(host.user?.realName);
  const menu = () =>
    html`<div
      id="tools-menu"
      part="drawer"
      class="drawer"
      popover="manual"
      role="region"
      aria-label=${label}
      @keydown=${menus.onKeyDown}
    >
      ${title ? html`<p class="drawer-welcome">${title}</p>` : nothing}
      ${welcome ? html`<p part="welcome" class="drawer-welcome">${welcome}</p>` : nothing}
      <div class="drawer-extra"><slot name="extra"></slot></div>
      <ul class="drawer-list">
        ${host.hideDesktop ? nothing : item(menus, 'desktop', homeIcon, msg('桌面', { id: 'header.desktop' }), act.desktop)}
        ${view.isParent ? item(menus, 'child', childIcon, childLabel(host.childName), act.child) : nothing}
        ${item(menus, 'settings', settingsIcon, msg('个人设置', { id: 'header.settings' }), act.settings)}
        ${item(menus, 'theme', themeIcon, msg('主题', { id: 'header.theme' }), act.theme)}
        ${item(menus, 'fullscreen', view.fullscreen ? exitFullIcon : fullIcon, fullscreenLabel(view.fullscreen), act.fullscreen)}
        ${item(menus, 'logout', logoutIcon, msg('退出', { id: 'header.logout' }), act.logout)}
      </ul>
      ${
        host.identities.length < 2
          ? nothing
          : html`<p class="drawer-heading" id="drawer-identity">${msg('切换身份', { id: 'header.switchIdentity' })}</p>
              <ul class="drawer-list" aria-labelledby="drawer-identity">
                ${identityItems(host.identities, act.identity)}
              </ul>`
      }
      <p class="drawer-heading" id="drawer-language">${msg('语言', { id: 'header.language' })}</p>
      <ul class="drawer-list" aria-labelledby="drawer-language">
        ${languageItems(host.language, act.language)}
      </ul>
    </div>`;
  return html`<div part="tools" class="tools">
    ${renderBell(view)}
    ${menus.renderTool('tools', { name: 'menu-button', popupId: 'tools-menu', label, icon: menuIcon }, menu)}
  </div>`;
}
