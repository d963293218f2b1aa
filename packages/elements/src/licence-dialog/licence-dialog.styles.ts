import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  black,
  colorPrimaryDark,
  colorText,
  colorTextSecondary,
  dangerIcon,
  radius,
  white,
} from '../internal/tokens.ts';

export const licenceDialogStyles = [
  dialogFrame('--edu-licence-dialog-width', '420px'),
  css`
    edu-dialog {
      --edu-dialog-top: 25%;
    }

    /* Blocking: no close button (Escape and the backdrop are off on the dialog itself). */
    edu-dialog.blocking::part(close) {
      display: none;
    }

    edu-dialog.blocking::part(header) {
      cursor: default;
    }

    .content {
      display: flex;
      align-items: flex-start;
      gap: 14px;
      padding: 4px 0;
    }

    .icon {
      flex: none;
      width: 40px;
      height: 40px;
      color: var(--edu-licence-dialog-icon-color, ${dangerIcon});
    }

    .icon svg {
      display: block;
      width: 100%;
      height: 100%;
    }

    .text {
      min-width: 0;
    }

    .message {
      margin: 8px 0 0;
      font-size: 15px;
      line-height: 1.6;
      color: ${colorText};
    }

    .module {
      margin: 6px 0 0;
      font-size: 13px;
      color: ${colorTextSecondary};
    }

    .module .name {
      font-weight: 600;
      color: ${colorText};
    }

    .actions {
      display: flex;
      justify-content: flex-end;
    }

    .home {
      display: inline-flex;
      align-items: center;
      height: 32px;
      box-sizing: border-box;
      padding: 0 16px;
      border: 1px solid ${colorPrimaryDark};
      border-radius: ${radius};
      background: ${colorPrimaryDark};
      color: ${white};
      font-size: 14px;
      text-decoration: none;
    }

    .home:hover {
      /* Darker, not lighter: white text keeps 4.5:1. */
      background: color-mix(in srgb, ${colorPrimaryDark} 82%, ${black});
      border-color: color-mix(in srgb, ${colorPrimaryDark} 82%, ${black});
    }

    .home:focus-visible {
      ${focusRing}
    }
  `,
];
