import { css } from 'lit';
import { appTileStyles } from '../desktop/app-tile.ts';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorPrimary,
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  inkShade,
  radiusLg,
  radiusMd,
  radiusXs,
  shade,
  white,
} from '../internal/tokens.ts';

export const sideMenuStyles = [
  visuallyHiddenStyles,
  appTileStyles,
  css`
    :host {
      display: block;
      box-sizing: border-box;
      width: var(--edu-side-menu-width, 200px);
      height: 100%;
      overflow: hidden;
      background: var(--edu-side-menu-background, ${white});
      color: var(--edu-side-menu-color, ${colorText});
      border-right: 1px solid ${shade('0.06')};
      box-shadow: 2px 0 8px ${inkShade('0.04')};
      font-size: 14px;
      transition: width 0.2s ease;
      --_primary: ${colorPrimary};
      --_tile-size: 28px;
      --_tile-font: 15px;
    }

    :host([collapsed]) {
      width: var(--edu-side-menu-collapsed-width, 64px);
    }

    .base {
      display: flex;
      flex-direction: column;
      height: 100%;
    }

    .controls {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 4px;
      padding: 8px 10px;
      border-bottom: 1px solid ${shade('0.06')};
    }

    :host([collapsed]) .controls {
      flex-direction: column;
      padding: 8px 0;
    }

    .toggle,
    .lock {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 36px;
      height: 32px;
      padding: 0;
      border: 0;
      border-radius: ${radiusMd};
      background: transparent;
      color: inherit;
      cursor: pointer;
    }

    .toggle svg,
    .lock svg {
      width: 20px;
      height: 20px;
      fill: currentColor;
    }

    .toggle:hover,
    .lock:hover {
      background: ${shade('0.05')};
    }

    .toggle[aria-disabled='true'] {
      cursor: not-allowed;
      opacity: 0.45;
    }

    .toggle[aria-disabled='true']:hover {
      background: transparent;
    }

    .lock[aria-pressed='true'] {
      background: var(--edu-side-menu-active-background, ${colorPrimary9});
      color: ${colorPrimaryDark};
    }

    .list {
      flex: 1;
      min-height: 0;
      margin: 0;
      padding: 8px;
      overflow: hidden auto;
      list-style: none;
    }

    :host([collapsed]) .list {
      padding: 8px 6px;
    }

    .app {
      position: relative;
      display: flex;
      align-items: center;
      gap: 12px;
      width: 100%;
      min-height: 44px;
      margin: 2px 0;
      padding: 6px 10px;
      box-sizing: border-box;
      border: 0;
      border-radius: ${radiusLg};
      background: transparent;
      color: inherit;
      font: inherit;
      text-align: start;
      cursor: pointer;
    }

    :host([collapsed]) .app {
      justify-content: center;
      padding: 8px 0;
    }

    .app:hover {
      background: ${shade('0.04')};
    }

    .app[aria-current='page'] {
      background: var(--edu-side-menu-active-background, ${colorPrimary9});
      font-weight: 600;
    }

    .app[aria-current='page']::before {
      content: '';
      position: absolute;
      left: 0;
      top: 10px;
      bottom: 10px;
      width: 3px;
      border-radius: ${radiusXs};
      background: var(--_primary);
    }

    .app:focus-visible,
    .toggle:focus-visible,
    .lock:focus-visible {
      outline: 2px solid var(--_primary);
      outline-offset: -2px;
    }

    /* A long name (English) takes two lines, then an ellipsis; the whole name is the button's tooltip. */
    .label {
      display: -webkit-box;
      min-width: 0;
      overflow: hidden;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow-wrap: anywhere;
    }

    .fallback {
      border-radius: calc(var(--edu-app-icon-radius, 14px) / 2);
    }

    .image {
      border-radius: calc(var(--edu-app-icon-radius, 14px) / 2);
    }

    .badge {
      min-width: 16px;
      height: 16px;
      padding: 0 4px;
      font-size: 10px;
      line-height: 16px;
      transform: translate(45%, -40%);
    }

    @media (prefers-reduced-motion: reduce) {
      :host {
        transition: none;
      }
    }
  `,
];
