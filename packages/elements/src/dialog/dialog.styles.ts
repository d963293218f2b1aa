import { css } from 'lit';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorPrimaryStrong,
  colorText,
  colorTextSecondary,
  focusOutline,
  radius,
  shade,
  white,
} from '../internal/tokens.ts';

export const dialogStyles = [
  visuallyHiddenStyles,
  css`
    :host {
      display: contents;
    }

    .dialog {
      position: fixed;
      box-sizing: border-box;
      max-width: min(var(--edu-dialog-max-width, 100vw), 100%);
      /* The whole dialog stays inside the window: the placement narrows this inline (below its own top). */
      max-height: 100%;
      height: fit-content;
      margin: 0;
      padding: 0;
      border: 0;
      border-radius: var(--edu-dialog-radius, ${radius});
      background: var(--edu-dialog-background, ${white});
      color: var(--edu-dialog-color, ${colorText});
      box-shadow: var(--edu-dialog-shadow, 0 12px 32px 4px ${shade('0.04')}, 0 8px 20px ${shade('0.08')});
      font: inherit;
      overflow: visible;
      opacity: 1;
      /* The fade keeps the dialog in the top layer and displayed until it has faded out. */
      transition:
        opacity var(--edu-dialog-fade-duration, 200ms) ease,
        overlay var(--edu-dialog-fade-duration, 200ms) allow-discrete,
        display var(--edu-dialog-fade-duration, 200ms) allow-discrete;
    }

    .dialog:not([open]) {
      opacity: 0;
    }

    /* Header and footer keep their size; the body takes what is left and scrolls, so the footer stays on screen. */
    .dialog[open] {
      display: flex;
      flex-direction: column;
    }

    .dialog:focus {
      outline: none;
    }

    /* Rendered inline (not modal, so not in the top layer): the legacy layering of the spec applies. */
    .dialog:not(:modal) {
      z-index: var(--edu-z-dialog, 1500);
    }

    .dialog::backdrop {
      background: var(--edu-dialog-backdrop, ${shade('0.5')});
      opacity: 1;
      transition:
        opacity var(--edu-dialog-fade-duration, 200ms) ease,
        overlay var(--edu-dialog-fade-duration, 200ms) allow-discrete,
        display var(--edu-dialog-fade-duration, 200ms) allow-discrete;
    }

    .dialog:not([open])::backdrop {
      opacity: 0;
    }

    @starting-style {
      .dialog[open],
      .dialog[open]::backdrop {
        opacity: 0;
      }
    }

    @media (prefers-reduced-motion: reduce) {
      .dialog,
      .dialog::backdrop {
        transition: none;
      }
    }

    .header {
      display: flex;
      flex: none;
      align-items: center;
      gap: 8px;
      padding: var(--edu-dialog-header-padding, 16px 16px 10px 20px);
      cursor: move;
      touch-action: none;
      user-select: none;
    }

    :host([no-drag]) .header {
      cursor: auto;
      touch-action: auto;
      user-select: auto;
    }

    .title {
      flex: 1;
      min-width: 0;
      margin: 0;
      font-size: var(--edu-dialog-title-size, 18px);
      font-weight: 500;
      line-height: 24px;
      overflow-wrap: anywhere;
    }

    button {
      display: inline-flex;
      flex: none;
      align-items: center;
      justify-content: center;
      width: 32px;
      height: 32px;
      margin: 0;
      padding: 0;
      border: 0;
      border-radius: ${radius};
      background: transparent;
      color: var(--edu-dialog-icon-color, ${colorTextSecondary});
      font: inherit;
      cursor: pointer;
    }

    button:hover {
      color: ${colorPrimaryStrong};
    }

    button:focus-visible {
      outline: ${focusOutline};
      outline-offset: 1px;
    }

    .move {
      cursor: move;
    }

    svg {
      width: 16px;
      height: 16px;
      fill: currentColor;
    }

    .body {
      flex: 0 1 auto;
      min-height: 0;
      box-sizing: border-box;
      max-height: var(--edu-dialog-body-max-height, calc(100vh - 180px));
      overflow: auto;
      padding: var(--edu-dialog-body-padding, 10px 20px 20px);
    }

    .footer {
      display: flex;
      flex: none;
      flex-wrap: wrap;
      justify-content: flex-end;
      gap: 12px;
      padding: var(--edu-dialog-footer-padding, 10px 20px 20px);
    }

    .footer[hidden] {
      display: none;
    }
  `,
];
