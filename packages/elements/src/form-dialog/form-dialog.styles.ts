import { css } from 'lit';
import { visuallyHiddenStyles, spinnerMotionStyles } from '../internal/shared-styles.ts';

export const formDialogStyles = [
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
      color: #606266;
      cursor: pointer;
    }

    .add-next input {
      width: 16px;
      height: 16px;
      margin: 0;
      accent-color: var(--edu-color-primary, #457cd6);
    }

    .button {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      height: 32px;
      box-sizing: border-box;
      padding: 0 15px;
      border: 1px solid #dcdfe6;
      border-radius: 4px;
      background: #fff;
      color: #606266;
      font: inherit;
      font-size: 14px;
      cursor: pointer;
    }

    .button:hover {
      color: var(--edu-color-primary, #457cd6);
      border-color: var(--edu-color-primary-6, #b5cbef);
      background: var(--edu-color-primary-9, #ecf2fb);
    }

    .button.primary {
      /* The default theme's dark tint: white text on it keeps 4.5:1. */
      border-color: var(--edu-color-primary-dark, #3763ab);
      background: var(--edu-color-primary-dark, #3763ab);
      color: #fff;
    }

    .button.primary:hover {
      background: var(--edu-color-primary, #457cd6);
      border-color: var(--edu-color-primary, #457cd6);
      color: #fff;
    }

    .button[aria-disabled='true'] {
      cursor: progress;
      opacity: 0.75;
    }

    .button:focus-visible,
    .add-next input:focus-visible {
      outline: 2px solid var(--edu-color-primary, #457cd6);
      outline-offset: 2px;
    }

    .button.small {
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
      color: #c45656;
      font-size: 13px;
    }

    .discard {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
      margin: 0 0 10px;
      padding: 8px 12px;
      border-radius: 4px;
      background: #fdf6ec;
      color: #8a5a00;
      font-size: 13px;
    }

    .discard span {
      flex: 1;
    }
  `,
];
