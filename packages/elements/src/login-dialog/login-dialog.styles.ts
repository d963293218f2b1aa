import { css } from 'lit';
import { loginFormStyles } from '../internal/login-form.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  colorBorder,
  colorBorderStrong,
  colorPrimary8,
  colorPrimaryDark,
  colorText,
  colorWarningLight,
  loginLabel,
  radius,
  radiusRound,
  warningTextLogin,
  white,
} from '../internal/tokens.ts';

export const loginDialogStyles = [
  loginFormStyles,
  css`
    :host {
      --_qr-size: 140px;
      display: contents;
    }

    edu-dialog {
      /* Spec part 1 §9 / part 2 §9: the login dialog's layer, used only when it is rendered inline (DESIGN §6). */
      --edu-z-dialog: var(--edu-z-login-dialog, 2500);
    }

    .reason {
      margin: 0 0 14px;
      padding: 8px 12px;
      border-radius: ${radius};
      background: ${colorWarningLight};
      color: ${warningTextLogin};
      font-size: 14px;
      line-height: 1.5;
    }

    .social {
      margin-top: 18px;
    }

    .divider {
      display: flex;
      align-items: center;
      gap: 10px;
      margin: 0 0 12px;
      color: ${loginLabel};
      font-size: 13px;
    }

    .divider::before,
    .divider::after {
      content: '';
      flex: 1;
      border-top: 1px solid ${colorBorder};
    }

    .icons {
      display: flex;
      justify-content: center;
      gap: 14px;
    }

    .icon {
      display: grid;
      place-items: center;
      width: 40px;
      height: 40px;
      padding: 0;
      border: 1px solid ${colorBorderStrong};
      border-radius: ${radiusRound};
      background: ${white};
      color: ${colorText};
      font: inherit;
      font-size: 12px;
      cursor: pointer;
    }

    .icon img {
      width: 24px;
      height: 24px;
    }

    .icon[aria-pressed='true'] {
      border-color: ${colorPrimaryDark};
      box-shadow: 0 0 0 2px ${colorPrimary8};
    }

    .icon:focus-visible,
    .refresh:focus-visible {
      ${focusRing}
    }

    .qr {
      display: grid;
      justify-items: center;
      gap: 6px;
      margin: 14px 0 0;
      text-align: center;
      font-size: 14px;
    }
  `,
];
