/**
 * The header's tools on a wide bar: the slotted extras, the welcome, the message bell, desktop, child, identity,
 * settings, theme, language, full screen and logout, each a button that tells the host (the header holds no data).
 * A narrow bar folds the same tools into one menu (`header-narrow.ts`), with the same actions.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { badgeText } from '@edu-portal/core/desktop/header.ts';
import type { IdentityOption } from '@edu-portal/core/identity/switch.ts';
import type { Lang } from '@edu-portal/core/i18n/language.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import type { EduHeader } from './header.ts';
import {
  bellIcon,
  childIcon,
  exitFullIcon,
  fullIcon,
  homeIcon,
  identityIcon,
  languageIcon,
  logoutIcon,
  settingsIcon,
  themeIcon,
} from './header-icons.ts';
import { childLabel, identityItems, languageItems, welcomeText } from './header-identity.ts';
import type { HeaderMenus } from './header-menus.ts';

/** What each tool does; the header sends its events. */
export interface ToolActions {
  messages(): void;
  desktop(): void;
  child(): void;
  settings(): void;
  theme(): void;
  fullscreen(): void;
  logout(): void;
  identity(option: IdentityOption): void;
  language(lang: Lang): void;
}

/** What the tools are drawn from: the header's properties, its popups, its state and its actions. */
export interface ToolsView {
  host: EduHeader;
  menus: HeaderMenus;
  /** Whether the page is in full screen. */
  fullscreen: boolean;
  /** Whether the user may choose a child (a parent). */
  isParent: boolean;
  act: ToolActions;
}

/** The message bell with its unread count (both bars). */
export function renderBell(view: ToolsView): TemplateResult {
  const badge = badgeText(view.host.messageCount);
  const label = badge
    ? msg(str`消息，${badge} 条未读`, { id: 'header.messagesUnread' })
    : msg('消息', { id: 'header.messages' });
  return html`<button part="tool" class="tool messages" type="button" aria-label=${label} @click=${view.act.messages}>
    ${bellIcon} ${badge ? html`<span part="badge" class="badge" aria-hidden="true">${badge}</span>` : nothing}
  </button>`;
}

export function fullscreenLabel(fullscreen: boolean): string {
  return fullscreen ? msg('退出全屏', { id: 'header.exitFullscreen' }) : msg('全屏', { id: 'header.fullscreen' });
}

/** A tool that is one button; `extra` is shown beside its icon (the child's name). */
function tool(name: string, label: string, icon: TemplateResult, act: () => void, extra?: TemplateResult) {
  return html`<button part="tool" class="tool ${name}" type="button" aria-label=${label} @click=${act}>
    ${icon}${extra ?? nothing}
  </button>`;
}

/** The tools of a wide bar, in their group. */
export function renderWideTools(view: ToolsView): TemplateResult {
  const { host, menus, act, fullscreen } = view;
  const welcome = welcomeText(host.user?.realName);
  const child = serverText(host.childName);
  return html`<div part="tools" class="tools">
    <slot name="extra"></slot>
    ${welcome ? html`<span part="welcome" class="welcome" title=${welcome}>${welcome}</span>` : nothing}
    ${renderBell(view)}
    ${host.hideDesktop ? nothing : tool('desktop', msg('桌面', { id: 'header.desktop' }), homeIcon, act.desktop)}
    ${
      view.isParent
        ? tool(
            'child',
            childLabel(host.childName),
            childIcon,
            act.child,
            html`<span class="child-name" aria-hidden="true" title=${child || nothing}>${child}</span>`,
          )
        : nothing
    }
    ${
      host.identities.length < 2
        ? nothing
        : menus.renderList('identity', msg('切换身份', { id: 'header.switchIdentity' }), identityIcon, () =>
            identityItems(host.identities, act.identity),
          )
    }
    ${tool('settings', msg('个人设置', { id: 'header.settings' }), settingsIcon, act.settings)}
    ${tool('theme', msg('主题', { id: 'header.theme' }), themeIcon, act.theme)}
    ${menus.renderList('language', msg('语言', { id: 'header.language' }), languageIcon, () =>
      languageItems(host.language, act.language),
    )}
    ${tool('fullscreen', fullscreenLabel(fullscreen), fullscreen ? exitFullIcon : fullIcon, act.fullscreen)}
    ${tool('logout', msg('退出', { id: 'header.logout' }), logoutIcon, act.logout)}
  </div>`;
}
