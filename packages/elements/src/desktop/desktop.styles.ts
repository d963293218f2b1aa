import { css } from 'lit';
import { spinnerMotionStyles, visuallyHiddenStyles } from '../internal/shared-styles.ts';
import { appTileStyles } from './app-tile.ts';
import {
  colorDanger,
  colorDangerLight,
  colorPrimary,
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  colorTextSecondary,
  dangerBorderStrong,
  inkShade,
  panelBorder,
  primaryHaze,
  radius,
  radiusLg,
  radiusXl,
  radiusXs,
  tint,
  white,
} from '../internal/tokens.ts';

export const desktopStyles = [
  visuallyHiddenStyles,
  spinnerMotionStyles,
  appTileStyles,
  css`
    :host {
      display: block;
      font-size: 14px;
      color: var(--edu-app-icon-label-color, ${colorText});
      --_primary: ${colorPrimary};
      --_tile-size: 56px;
      --_tile-font: 26px;
    }

    .base {
      display: flex;
      flex-direction: column;
      gap: 16px;
      padding: var(--edu-desktop-padding, 16px);
      background: var(--edu-desktop-background, transparent);
    }

    .group {
      padding: 14px 16px 12px;
      border: var(--edu-desktop-panel-border, 1px solid ${panelBorder});
      border-radius: 12px;
      background: var(--edu-desktop-panel-background, ${white});
      box-shadow: var(--edu-desktop-panel-shadow, 0 4px 16px ${inkShade('0.06')});
    }

    .group.untitled {
      padding-top: 12px;
    }

    .heading {
      display: flex;
      align-items: center;
      gap: 8px;
      margin: 0 0 8px;
      color: var(--edu-desktop-group-title-color, ${colorText});
      font-size: 15px;
      font-weight: 600;
      line-height: 1.4;
    }

    .heading:not(.visually-hidden)::before {
      content: '';
      width: 4px;
      height: 14px;
      border-radius: ${radiusXs};
      background: var(--_primary);
    }

    .grid {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(var(--edu-desktop-tile-width, 104px), 1fr));
      gap: 4px;
      margin: 0;
      padding: 0;
      list-style: none;
    }

    li {
      position: relative;
      display: flex;
      min-width: 0;
    }

    .app {
      position: relative;
      display: flex;
      flex: 1;
      flex-direction: column;
      align-items: center;
      gap: 8px;
      min-width: 0;
      padding: 12px 6px 10px;
      border: 0;
      border-radius: ${radiusXl};
      background: transparent;
      color: inherit;
      font: inherit;
      cursor: pointer;
      -webkit-tap-highlight-color: transparent;
      transition: background-color 0.15s ease;
    }

    .app:hover {
      background: var(--edu-app-icon-hover-background, ${primaryHaze});
    }

    .app:hover .picture {
      transform: translateY(-2px);
    }

    .picture {
      transition: transform 0.15s ease;
    }

    .app:focus-visible {
      outline: 2px solid var(--_primary);
      outline-offset: -2px;
    }

    .movable {
      user-select: none;
      touch-action: none;
    }

    .label {
      display: -webkit-box;
      max-width: 100%;
      overflow: hidden;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      font-size: 13px;
      line-height: 18px;
      text-align: center;
      word-break: break-word;
      text-shadow: var(--edu-app-icon-label-shadow, none);
    }

    /* Dragging: the tile follows the pointer; a bar shows where it lands. */
    .base.dragging .app {
      cursor: grabbing;
    }

    li.dragging {
      z-index: 2;
    }

    li.dragging .app {
      background: var(--edu-desktop-panel-background, ${white});
      box-shadow: 0 8px 24px ${inkShade('0.18')};
      opacity: 0.92;
    }

    li.drop-before::before,
    li.drop-after::after {
      content: '';
      position: absolute;
      top: 8px;
      bottom: 8px;
      width: 3px;
      border-radius: ${radiusXs};
      background: var(--_primary);
      box-shadow: 0 0 0 2px ${tint('0.8')};
    }

    li.drop-before::before {
      left: -3px;
    }

    li.drop-after::after {
      right: -3px;
    }

    li.drop-before .app,
    li.drop-after .app {
      background: var(--edu-app-icon-hover-background, ${primaryHaze});
    }

    .status {
      display: flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      margin: 0;
      padding: 24px 16px;
      color: ${colorTextSecondary};
    }

    .spinner {
      width: 18px;
      height: 18px;
      color: var(--_primary);
    }

    .error {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: center;
      gap: 12px;
      padding: 12px 16px;
      border: 1px solid ${dangerBorderStrong};
      border-radius: ${radiusLg};
      background: ${colorDangerLight};
      color: ${colorDanger};
    }

    .retry {
      padding: 5px 14px;
      border: 1px solid var(--_primary);
      border-radius: ${radius};
      background: ${white};
      color: ${colorPrimaryDark};
      font: inherit;
      cursor: pointer;
    }

    .retry:hover {
      background: ${colorPrimary9};
    }

    .retry:focus-visible {
      outline: 2px solid var(--_primary);
      outline-offset: 2px;
    }

    @media (prefers-reduced-motion: reduce) {
      .app,
      .picture {
        transition: none;
      }

      .app:hover .picture {
        transform: none;
      }
    }
  `,
];
