import { css } from 'lit';
import { loginFormStyles } from '../internal/login-form.ts';
import { focusRing } from '../internal/control-styles.ts';
import { colorPrimary9, colorPrimaryDark } from '../internal/tokens.ts';

export const loginBoxStyles = [
  loginFormStyles,
  css`
    :host {
      display: block;
      box-sizing: border-box;
      width: var(--edu-login-box-width, 380px);
      max-width: 100%;
      color: #303133;
      font: inherit;
    }

    .box {
      box-sizing: border-box;
      padding: var(--edu-login-box-padding, 28px 32px 24px);
      border-radius: var(--edu-login-box-radius, 8px);
      background: var(--edu-login-box-background, #fff);
      box-shadow: var(--edu-login-box-shadow, 0 8px 28px rgb(0 0 0 / 0.12));
    }

    .heading {
      margin: 0 0 16px;
      font-size: var(--edu-login-heading-size, 22px);
      font-weight: 600;
      color: #1f2d3d;
    }

    .intro {
      margin: -6px 0 16px;
      font-size: 14px;
      line-height: 1.5;
      color: #4c5566;
    }

    .tabs {
      display: flex;
      gap: 4px;
      margin: 0 0 18px;
      border-bottom: 1px solid #dcdfe6;
    }

    .tab {
      flex: 1;
      padding: 8px 4px 10px;
      border: 0;
      border-bottom: 3px solid transparent;
      margin-bottom: -1px;
      background: none;
      color: #4c5566;
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
      border: 1px solid #c0c4cc;
      border-radius: 16px;
      background: #fff;
      color: #303133;
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

    /* The blank square shown while the QR encoder loads. */
    span.qr-code {
      display: inline-block;
      box-sizing: border-box;
    }

    .qr-code {
      width: var(--edu-login-qr-size, 188px);
      height: var(--edu-login-qr-size, 188px);
      border: 1px solid #e4e7ed;
    }

    .qr figcaption {
      font-size: 14px;
      color: #303133;
    }

    .qr-link {
      font-size: 13px;
      overflow-wrap: anywhere;
    }

    .refresh {
      border: 0;
      background: none;
      padding: 2px 4px;
      color: var(--edu-login-link-color, #2a5db0);
      font: inherit;
      font-size: 13px;
      text-decoration: underline;
      cursor: pointer;
    }

    .empty {
      margin: 24px 0;
      text-align: center;
      color: #4c5566;
      font-size: 14px;
    }
  `,
];
