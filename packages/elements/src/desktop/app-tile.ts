/**
 * The app tile shared by `<edu-desktop>` and `<edu-side-menu>` (not part of the package API): the picture chosen by
 * core for the theme, the first character on a coloured tile when there is no picture or it fails to load, the
 * label, and the unread badge with its accessible text. Each element sizes the tile through its own CSS.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { msg } from '@lit/localize';
import { badgeText } from '@edu-portal/core/desktop/header.ts';
import { iconFallbackText, iconImage, iconLabel, type AppIcon } from '@edu-portal/core/desktop/icons.ts';
import type { Lang } from '@edu-portal/core/i18n/language.ts';
import type { ImageFailures } from '../internal/image-failures.ts';
import { badgeAppRed, shade, white } from '../internal/tokens.ts';

/** `edu-open-app` is the header's event (same name, same detail), typed there. */
export type { EduOpenAppDetail, EduOpenAppEvent } from '../header/header.ts';

/**
 * Colours of the letter tiles, picked by the app code so an app keeps its colour. White on each of them is at least
 * 4.5:1 (the letter is decoration, still it should read well).
 */
const FALLBACK_COLOURS = ['#2f6bc9', '#c2410c', '#2b7a3d', '#6d4bc4', '#b4235a', '#0b6e80', '#a15c00', '#4c5fd5'];
/** In the ink theme every letter tile is grey, as the grey pictures are. */
const INK_FALLBACK = '#5a5a5a';

function codeHash(code: string): number {
  let hash = 0;
  for (const ch of code) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

export function fallbackColour(code: string, theme: string): string {
  return theme === 'ink' ? INK_FALLBACK : (FALLBACK_COLOURS[codeHash(code) % FALLBACK_COLOURS.length] as string);
}

export interface AppTileOptions {
  icon: AppIcon;
  theme: string;
  lang: Lang;
  failures: ImageFailures;
  /** Hides the label visually (it stays the button's accessible name), as in the collapsed side menu. */
  hideLabel?: boolean;
}

/** The accessible text of an unread count: "5 条未读", "99+ 条未读" ('' for none). */
export function unreadText(count: number): string {
  const badge = badgeText(count);
  return badge ? `${badge} ${msg('条未读', { id: 'appTile.unread' })}` : '';
}

/**
 * The inside of an app button: picture (or letter tile) with the badge, then the label; the badge is hidden from
 * assistive technology and its count is read after the label instead.
 */
export function renderAppTile({ icon, theme, lang, failures, hideLabel = false }: AppTileOptions): TemplateResult {
  const label = iconLabel(icon, lang);
  const src = iconImage(icon, theme);
  const failed = !src || failures.has(src);
  const badge = badgeText(icon.unreadCount);
  return html`<span part="picture" class="picture">
      ${
        failed
          ? html`<span
              class="fallback"
              aria-hidden="true"
              style=${styleMap({ backgroundColor: fallbackColour(icon.code, theme) })}
              >${iconFallbackText(label)}</span
            >`
          : html`<img class="image" src=${src} alt="" draggable="false" @error=${() => failures.add(src)} />`
      }
      ${badge ? html`<span part="badge" class="badge" aria-hidden="true">${badge}</span>` : nothing}
    </span>
    <span part="label" class=${hideLabel ? 'label visually-hidden' : 'label'}>${label}</span>${
      badge ? html`<span class="visually-hidden">, ${unreadText(icon.unreadCount)}</span>` : nothing
    }`;
}

/**
 * Styles of the tile's inside. The element sets `--_tile-size` (picture size), `--_tile-font` (letter size) and
 * lays the button out.
 */
export const appTileStyles = css`
  .picture {
    position: relative;
    display: inline-flex;
    flex: none;
    width: var(--_tile-size, 56px);
    height: var(--_tile-size, 56px);
  }

  .image,
  .fallback {
    width: 100%;
    height: 100%;
    border-radius: var(--edu-app-icon-radius, 14px);
    filter: var(--edu-app-icon-filter, none);
  }

  .image {
    object-fit: contain;
    user-select: none;
    -webkit-user-drag: none;
  }

  .fallback {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    color: ${white};
    font-size: var(--_tile-font, 26px);
    font-weight: 600;
    line-height: 1;
    box-shadow: inset 0 -2px 0 ${shade('0.12')};
  }

  .badge {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(40%, -35%);
    min-width: 18px;
    height: 18px;
    padding: 0 5px;
    box-sizing: border-box;
    border-radius: 9px;
    background: var(--edu-badge-background, ${badgeAppRed});
    /* A white ring keeps the count apart from any picture or theme colour. */
    box-shadow: 0 0 0 2px ${white};
    color: var(--edu-badge-color, ${white});
    font-size: 11px;
    font-weight: 600;
    line-height: 18px;
    text-align: center;
    white-space: nowrap;
    pointer-events: none;
  }
`;
