/**
 * The app icons of the header in the top layout: as many of the first 10 as fit the bar whole (spec part 1 §9), and
 * the "more apps" button with its panel of every app. On a phone the bar keeps only the button.
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { msg, str } from '@lit/localize';
import { HEADER_ICON_LIMIT } from '@edu-portal/core/constants.ts';
import { badgeText, headerIcons, headerPanelWidth } from '@edu-portal/core/desktop/header.ts';
import { iconFallbackText, iconImage, iconLabel, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import type { ImageFailures } from '../internal/image-failures.ts';
import type { EduHeader } from './header.ts';
import { moreIcon } from './header-icons.ts';
import type { HeaderMenus } from './header-menus.ts';

/** Spec part 1 §9: header icons are each about 60 to 62 px wide (and at most HEADER_ICON_LIMIT of them). */
const APP_WIDTH = 62;
/** The widest an app of the bar gets for its label (a long English short name is then cut, the whole on hover). */
const APP_MAX_WIDTH = 112;
/** The app button's padding either side of its label, px. */
const APP_PADDING = 6;
const APP_GAP = 4;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** Width of `text` in `font`, px (a canvas measure: the apps that do not fit the bar are never rendered). */
function textWidth(text: string, font: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 12;
  measureContext.font = font;
  return measureContext.measureText(text).width;
}

export class HeaderApps implements ReactiveController {
  /** The width the bar leaves its app list, px; the apps that fit it whole are shown, the rest are in the panel. */
  private width = Number.POSITIVE_INFINITY;
  private observed: Element | null = null;
  private readonly observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    this.width = entry.contentRect.width;
    this.host.requestUpdate();
  });

  constructor(
    private readonly host: EduHeader,
    private readonly menus: HeaderMenus,
    private readonly failures: ImageFailures,
    /** An app was pressed. */
    private readonly open: (icon: AppIcon) => void,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const apps = this.host.renderRoot.querySelector('.apps');
    if (apps === this.observed) return;
    this.observer.disconnect();
    if (apps) this.observer.observe(apps);
    this.observed = apps;
  }

  hostDisconnected(): void {
    this.observer.disconnect();
    this.observed = null;
  }

  /** The bar's apps (unless `compact`), the "more apps" button and, while open, the panel. */
  render(compact: boolean): TemplateResult | typeof nothing {
    const { icons, user } = this.host;
    if (this.host.layout !== 'top' || icons.length === 0) return nothing;
    const width = user ? headerPanelWidth(user) : headerPanelWidth({ userType: 0, unitType: 0 });
    const open = this.menus.current === 'apps';
    // On a phone the bar has no room for icons: the "more apps" panel has them all.
    return html`
      ${
        compact
          ? html`<span class="spacer"></span>`
          : html`<ul part="apps" class="apps" aria-label=${msg('常用应用', { id: 'header.apps' })}>
              ${this.barApps().map(({ icon, width }) => html`<li>${this.renderApp(icon, false, width)}</li>`)}
            </ul>`
      }
      <button
        part="more tool"
        class="tool more"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="panel"
        aria-label=${msg('更多应用', { id: 'header.moreApps' })}
        @click=${(event: Event) => this.menus.toggle('apps', event)}
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
              @keydown=${this.menus.onKeyDown}
            >
              ${icons.map((icon) => this.renderApp(icon, true))}
            </div>`
          : nothing
      }
    `;
  }

  /**
   * The bar's apps that fit its list whole, each as wide as its (short) label needs: at least the spec's 62 px, at
   * most APP_MAX_WIDTH, so "Homework" or "Timetable" reads whole where the bar has room.
   */
  private barApps(): { icon: AppIcon; width: number }[] {
    const font = `12px ${getComputedStyle(this.host).fontFamily}`;
    const shown: { icon: AppIcon; width: number }[] = [];
    let used = 0;
    for (const icon of headerIcons(this.host.icons).slice(0, HEADER_ICON_LIMIT)) {
      const label = iconLabel(icon, this.host.language, { short: true });
      const width = Math.min(
        APP_MAX_WIDTH,
        Math.max(APP_WIDTH, Math.ceil(textWidth(label, font)) + 2 * APP_PADDING + 2),
      );
      const next = used + (shown.length > 0 ? APP_GAP : 0) + width;
      if (next > this.width) break;
      used = next;
      shown.push({ icon, width });
    }
    return shown;
  }

  private renderApp(icon: AppIcon, inPanel: boolean, width?: number): TemplateResult {
    const { language, theme } = this.host;
    const label = iconLabel(icon, language, { short: !inPanel });
    const src = iconImage(icon, theme, { header: !inPanel });
    const failed = !src || this.failures.has(src);
    const badge = badgeText(icon.unreadCount);
    // The picture sits on a white chip: a server's coloured glyph reads on any bar colour.
    // In the bar the short name may still be cut off (English): the full name shows on hover.
    const title = inPanel ? nothing : iconLabel(icon, language);
    return html`<button
      part="app"
      class="app"
      type="button"
      data-code=${icon.code}
      title=${title}
      style=${width === undefined ? nothing : styleMap({ width: `${width}px` })}
      @click=${() => this.open(icon)}
    >
      <span class="glyph">
        ${
          failed
            ? html`<span class="fallback" aria-hidden="true">${iconFallbackText(label)}</span>`
            : html`<img class="icon" src=${src} alt="" @error=${() => this.failures.add(src)} />`
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
}
