import { css } from 'lit';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import { importanceStyles, messageButtonStyles, messageMetaStyles } from '../message-dialog/message-parts.ts';
import {
  colorBorderLight,
  colorBorderLighter,
  colorPrimaryDark,
  colorText,
  colorTextMuted,
  colorTextSecondary,
  radius,
  radiusMd,
  radiusXl,
  shade,
  tint,
  white,
} from '../internal/tokens.ts';

export const todoPanelStyles = [
  visuallyHiddenStyles,
  importanceStyles,
  messageButtonStyles,
  messageMetaStyles,
  css`
    :host {
      display: contents;
    }

    /* A manual popover in the top layer (the z-index counts only where popovers are missing): the UA's centring
       is undone and the corner set again. */
    .panel {
      position: fixed;
      inset: auto var(--edu-todo-panel-offset, 16px) var(--edu-todo-panel-offset, 16px) auto;
      margin: 0;
      padding: 0;
      z-index: var(--edu-z-popup, 10000);
      display: flex;
      flex-direction: column;
      box-sizing: border-box;
      width: min(var(--edu-todo-panel-width, 340px), calc(100vw - 2 * var(--edu-todo-panel-offset, 16px)));
      max-height: calc(100vh - 2 * var(--edu-todo-panel-offset, 16px));
      border: 1px solid ${colorBorderLight};
      border-radius: ${radiusMd};
      background: ${white};
      box-shadow: 0 6px 24px ${shade('0.16')};
      color: ${colorText};
      font-size: 14px;
      line-height: 1.5;
      overflow: hidden;
    }

    .header {
      display: flex;
      flex: none;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      padding: 8px 8px 8px 16px;
      background: ${colorPrimaryDark};
      color: ${white};
    }

    .title {
      display: flex;
      align-items: center;
      gap: 8px;
      margin: 0;
      font-size: 15px;
      font-weight: 600;
    }

    .count {
      min-width: 20px;
      padding: 0 6px;
      border-radius: ${radiusXl};
      background: ${white};
      color: ${colorPrimaryDark};
      font-size: 12px;
      line-height: 20px;
      text-align: center;
      box-sizing: border-box;
    }

    .close {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 32px;
      height: 32px;
      padding: 0;
      border: 0;
      border-radius: ${radius};
      background: none;
      color: ${white};
      cursor: pointer;
    }

    .close svg {
      width: 14px;
      height: 14px;
      fill: currentColor;
    }

    .close:hover {
      background: ${tint('0.16')};
    }

    .close:focus-visible {
      outline: 2px solid ${white};
      outline-offset: -2px;
    }

    .list {
      flex: 1;
      margin: 0;
      padding: 0 16px;
      overflow-y: auto;
      list-style: none;
    }

    .item {
      display: flex;
      align-items: flex-start;
      gap: 10px;
      padding: 12px 0;
      border-bottom: 1px solid ${colorBorderLighter};
    }

    .item:last-child {
      border-bottom: 0;
    }

    .main {
      flex: 1;
      min-width: 0;
    }

    .item-title {
      margin: 0;
      font-weight: 600;
      overflow-wrap: anywhere;
    }

    .untitled {
      color: ${colorTextMuted};
      font-weight: 400;
    }

    .content {
      margin: 2px 0 0;
      color: ${colorTextSecondary};
      overflow-wrap: anywhere;
      white-space: pre-line;
    }

    .item-actions {
      display: flex;
      justify-content: flex-end;
      gap: 8px;
      margin-top: 8px;
    }

    .item-actions .button {
      min-height: 28px;
      padding: 3px 12px;
      font-size: 13px;
    }

    .pager {
      display: flex;
      flex: none;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      padding: 8px 16px 12px;
      border-top: 1px solid ${colorBorderLighter};
    }

    .pager .button {
      min-height: 28px;
      padding: 3px 12px;
      font-size: 13px;
    }

    .pages {
      color: ${colorTextSecondary};
      font-variant-numeric: tabular-nums;
    }

    @media (forced-colors: active) {
      .panel {
        border-color: CanvasText;
      }
    }
  `,
];
