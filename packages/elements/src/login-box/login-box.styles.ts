import { css } from 'lit';
import { loginFormStyles } from '../internal/login-form.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  colorBorder,
  colorBorderStrong,
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  ink,
  loginLabel,
  radiusLg,
  shade,
  white,
} from '../internal/tokens.ts';

export const loginBoxStyles = [
  loginFormStyles,
  css`
    :host {
      --_qr-size: 188px;
      display: block;
      box-sizing: border-box;
      width: var(--edu-login-box-width, 380px);
      max-width: 100%;
      color: ${colorText};
      font: inherit;
    }

    .box {
      box-sizing: border-box;
      padding: var(--edu-login-box-padding, 28px 32px 24px);
      border-radius: var(--edu-login-box-radius, ${radiusLg});
      background: var(--edu-login-box-background, ${white});
      box-shadow: var(--edu-login-box-shadow, 0 8px 28px ${shade('0.12')});
    }

    .heading {
      margin: 0 0 16px;
      font-size: var(--edu-login-heading-size, 22px);
      font-weight: 600;
      color: ${ink};
    }

    .intro {
      margin: -6px 0 16px;
      font-size: 14px;
      line-height: 1.5;
      color: ${loginLabel};
    }

    .tabs {
      display: flex;
      gap: 4px;
      margin: 0 0 18px;
      border-bottom: 1px solid ${colorBorder};
    }

    .tab {
      flex: 1;
      padding: 8px 4px 10px;
      border: 0;
      border-bottom: 3px solid transparent;
      margin-bottom: -1px;
      background: none;
      color: ${loginLabel};
      font: inherit;
      font-size: 15px;
      cursor: pointer;
    }

    .tab[aria-selected='true'] {
      color: ${colorPrimaryDark};
      border-bottom-color: ${colorPrimaryDark};
      font-weight: 600;
    }

    .tab:focus-visible,
    .provider:focus-visible,
    .refresh:focus-visible {
      ${focusRing}
    }

    .providers {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: 8px;
      margin: 0 0 12px;
    }

    .provider {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      padding: 5px 12px;
      border: 1px solid ${colorBorderStrong};
      border-radius: 16px;
      background: ${white};
      color: ${colorText};
      font: inherit;
      font-size: 14px;
      cursor: pointer;
    }

    .provider[aria-pressed='true'] {
      border-color: ${colorPrimaryDark};
      color: ${colorPrimaryDark};
      background: ${colorPrimary9};
    }

    .provider img {
      width: 20px;
      height: 20px;
    }

    .qr {
      display: grid;
      justify-items: center;
      gap: 8px;
      margin: 0;
      text-align: center;
    }

    .qr figcaption {
      font-size: 14px;
      color: ${colorText};
    }

    .empty {
      margin: 24px 0;
      text-align: center;
      color: ${loginLabel};
      font-size: 14px;
    }
  `,
];
