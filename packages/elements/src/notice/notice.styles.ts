import { css } from 'lit';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorDanger,
  colorDangerLight,
  colorSuccess,
  colorWarningLight,
  dangerBorder,
  fillGrey,
  infoBorder,
  infoText,
  radius,
  shade,
  successBorder,
  successLight,
  warningBorder,
  warningText,
} from '../internal/tokens.ts';

export const noticeStyles = [
  visuallyHiddenStyles,
  css`
    /* The host is a manual popover: it sits in the top layer, above open dialogs, without a z-index. */
    :host {
      position: fixed;
      inset: var(--edu-notice-top, 20px) 0 auto 0;
      box-sizing: border-box;
      width: max-content;
      max-width: calc(100vw - 32px);
      height: auto;
      margin: 0 auto;
      padding: 0;
      border: 0;
      background: transparent;
      color: inherit;
      overflow: visible;
      /* Only the notices take the pointer; the gaps between them leave the page clickable. */
      pointer-events: none;
      /* Used only where popovers are missing and the stack is rendered inline. */
      z-index: var(--edu-z-notice, 10000);
    }

    .stack {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: var(--edu-notice-gap, 16px);
    }

    .notice {
      position: relative;
      box-sizing: border-box;
      display: flex;
      align-items: center;
      gap: 10px;
      min-width: var(--edu-notice-min-width, 300px);
      max-width: 100%;
      padding: 11px 8px 11px 16px;
      border: 1px solid var(--_border);
      border-radius: var(--edu-notice-radius, ${radius});
      background: var(--_background);
      color: var(--_color);
      box-shadow: var(--edu-notice-shadow, 0 4px 12px ${shade('0.08')});
      font-size: 14px;
      line-height: 20px;
      pointer-events: auto;
      opacity: 1;
      translate: 0 0;
      transition:
        opacity 200ms ease,
        translate 200ms ease;
    }

    @starting-style {
      .notice {
        opacity: 0;
        translate: 0 -12px;
      }
    }

    .notice.closing {
      opacity: 0;
      translate: 0 -12px;
    }

    @media (prefers-reduced-motion: reduce) {
      .notice {
        transition: none;
      }
    }

    .success {
      --_color: var(--edu-notice-success-color, ${colorSuccess});
      --_background: var(--edu-notice-success-background, ${successLight});
      --_border: var(--edu-notice-success-border, ${successBorder});
    }

    .info {
      --_color: var(--edu-notice-info-color, ${infoText});
      --_background: var(--edu-notice-info-background, ${fillGrey});
      --_border: var(--edu-notice-info-border, ${infoBorder});
    }

    .warning {
      --_color: var(--edu-notice-warning-color, ${warningText});
      --_background: var(--edu-notice-warning-background, ${colorWarningLight});
      --_border: var(--edu-notice-warning-border, ${warningBorder});
    }

    .error {
      --_color: var(--edu-notice-error-color, ${colorDanger});
      --_background: var(--edu-notice-error-background, ${colorDangerLight});
      --_border: var(--edu-notice-error-border, ${dangerBorder});
    }

    .icon {
      display: inline-flex;
      flex: none;
    }

    svg {
      width: 16px;
      height: 16px;
      fill: currentColor;
    }

    .message {
      flex: 1;
      margin: 0;
      white-space: pre-line;
      overflow-wrap: anywhere;
    }

    button {
      display: inline-flex;
      flex: none;
      align-items: center;
      justify-content: center;
      width: 24px;
      height: 24px;
      margin: 0;
      padding: 0;
      border: 0;
      border-radius: ${radius};
      background: transparent;
      color: inherit;
      cursor: pointer;
      opacity: 0.75;
    }

    button:hover,
    button:focus-visible {
      opacity: 1;
    }

    button:focus-visible {
      outline: 2px solid currentColor;
      outline-offset: 1px;
    }
  `,
];
