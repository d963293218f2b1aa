import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import {
  colorBorder,
  colorPrimary,
  colorPrimaryDark,
  colorText,
  focusOutline,
  radius,
  white,
} from '../internal/tokens.ts';

export const themeDialogStyles = [
  dialogFrame('--edu-theme-dialog-width', '560px'),
  css`
    fieldset {
      margin: 0 0 12px;
      padding: 0;
      border: 0;
      min-width: 0;
    }

    legend {
      margin-bottom: 8px;
      padding: 0;
      font-weight: 600;
      color: var(--edu-theme-dialog-legend-color, ${colorText});
    }

    .options {
      display: flex;
      flex-wrap: wrap;
      gap: 12px;
    }

    .option {
      position: relative;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 4px;
      cursor: pointer;
      font-size: 13px;
      color: ${colorText};
    }

    .option input {
      position: absolute;
      opacity: 0;
      width: 1px;
      height: 1px;
      margin: 0;
    }

    .swatch {
      display: block;
      width: var(--edu-theme-dialog-swatch-size, 64px);
      height: calc(var(--edu-theme-dialog-swatch-size, 64px) * 0.625);
      border-radius: ${radius};
      border: 2px solid transparent;
      box-shadow: 0 0 0 1px ${colorBorder};
      box-sizing: border-box;
    }

    .option input:checked + .swatch {
      border-color: ${colorPrimary};
      box-shadow:
        0 0 0 2px ${white},
        0 0 0 4px ${colorPrimary};
    }

    .option input:focus-visible + .swatch {
      outline: ${focusOutline};
      outline-offset: 4px;
    }

    .custom {
      display: flex;
      align-items: center;
      gap: 12px;
    }

    .layouts {
      display: flex;
      gap: 16px;
    }

    .layouts label,
    .sync {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      cursor: pointer;
      color: ${colorText};
    }

    /* The confirm button keeps one colour of its own: the dialog previews themes, so it does not follow them. */
    .actions button.primary,
    .actions button.primary:hover:not(:disabled) {
      background: var(--edu-theme-dialog-confirm-background, ${colorPrimaryDark});
      border-color: var(--edu-theme-dialog-confirm-background, ${colorPrimaryDark});
    }
  `,
];
