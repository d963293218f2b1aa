import { css } from 'lit';
import { buttonStyles, focusRing } from '../internal/control-styles.ts';
import { visuallyHiddenStyles, spinnerMotionStyles } from '../internal/shared-styles.ts';
import {
  colorPrimary,
  colorTextSecondary,
  colorWarningLight,
  dangerMuted,
  radius,
  warningTextDialog,
} from '../internal/tokens.ts';

export const formDialogStyles = [
  buttonStyles,
  visuallyHiddenStyles,
  spinnerMotionStyles,
  css`
    :host {
      display: contents;
    }

    /* A drawer: the whole height of the window at its edge, the body scrolling between header and footer. */
    edu-dialog.drawer {
      --edu-dialog-body-max-height: none;
    }

    edu-dialog.drawer::part(dialog) {
      height: 100vh;
      max-height: 100vh;
      border-radius: 0;
    }

    edu-dialog.drawer[open]::part(dialog) {
      display: flex;
      flex-direction: column;
    }

    edu-dialog.drawer::part(body) {
      flex: 1;
      min-height: 0;
    }

    .footer-wrap {
      flex: 1;
      min-width: 0;
    }

    .footer {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 12px;
    }

    .spacer {
      flex: 1;
    }

    .add-next {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      color: ${colorTextSecondary};
      cursor: pointer;
    }

    .add-next input {
      width: 16px;
      height: 16px;
      margin: 0;
      accent-color: ${colorPrimary};
    }

    /* Room for the spinner beside the text. */
    .button {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      font-size: 14px;
    }

    .add-next input:focus-visible {
      ${focusRing}
    }

    .button.small {
      min-height: 26px;
      height: 26px;
      padding: 0 10px;
      font-size: 13px;
    }

    .spinner {
      width: 14px;
      height: 14px;
    }

    .error {
      margin: 0 0 10px;
      color: ${dangerMuted};
      font-size: 13px;
    }

    .discard {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
      margin: 0 0 10px;
      padding: 8px 12px;
      border-radius: ${radius};
      background: ${colorWarningLight};
      color: ${warningTextDialog};
      font-size: 13px;
    }

    .discard span {
      flex: 1;
    }
  `,
];
