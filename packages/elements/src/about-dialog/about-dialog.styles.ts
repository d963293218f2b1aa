import { css } from 'lit';
import { focusRing } from '../internal/control-styles.ts';
import {
  colorBorderLight,
  colorBorderLighter,
  colorFill,
  colorPrimaryDark,
  colorText,
  colorTextMuted,
  colorTextSecondary,
  colorWarningLight,
  radius,
  radiusRound,
  textSoft,
  warningAccent,
  warningTextDialog,
  warningTextStrong,
} from '../internal/tokens.ts';

export const aboutDialogStyles = css`
  :host {
    display: contents;
    --_accent: var(--edu-about-accent, ${colorPrimaryDark});
  }

  .brand {
    display: flex;
    align-items: center;
    gap: 16px;
    padding-bottom: 16px;
    border-bottom: 1px solid ${colorBorderLighter};
  }

  .logo,
  ::slotted([slot='logo']) {
    width: 56px;
    height: 56px;
    object-fit: contain;
    flex: none;
  }

  .product {
    font-size: 18px;
    font-weight: 600;
    color: ${colorText};
  }

  .company {
    margin-top: 4px;
    color: ${colorTextSecondary};
  }

  .alert {
    margin: 16px 0 0;
    padding: 10px 14px;
    border-radius: ${radius};
    border-left: 4px solid ${warningAccent};
    background: ${colorWarningLight};
    color: ${warningTextStrong};
  }

  .section {
    margin-top: 16px;
  }

  .heading {
    margin: 0 0 8px;
    font-size: 15px;
    font-weight: 600;
    color: ${colorText};
  }

  .versions {
    max-height: 260px;
    overflow: auto;
    margin: 0;
    padding: 0 4px 0 0;
    list-style: none;
  }

  .version {
    position: relative;
    padding: 0 0 12px 18px;
    border-left: 2px solid ${colorBorderLight};
    margin-left: 5px;
  }

  .version::before {
    content: '';
    position: absolute;
    left: -6px;
    top: 4px;
    width: 10px;
    height: 10px;
    border-radius: ${radiusRound};
    background: var(--_accent);
  }

  .version:last-child {
    border-left-color: transparent;
  }

  .version-head {
    display: flex;
    align-items: baseline;
    gap: 12px;
  }

  .version-number {
    font-weight: 600;
    color: var(--_accent);
  }

  time {
    color: ${colorTextMuted};
    font-size: 13px;
  }

  .notes {
    margin: 6px 0 0;
    padding-left: 1.6em;
    color: ${textSoft};
    list-style: decimal;
  }

  .notes li + li {
    margin-top: 2px;
  }

  .muted {
    margin: 0;
    color: ${colorTextMuted};
  }

  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 32px;
    margin: 16px 0 0;
    padding: 12px 14px;
    border-radius: ${radius};
    background: ${colorFill};
  }

  .facts div {
    display: flex;
    gap: 8px;
  }

  dt {
    color: ${colorTextMuted};
  }

  dd {
    margin: 0;
    color: ${colorText};
    font-weight: 500;
  }

  dd.missing {
    color: ${warningTextDialog};
    font-weight: normal;
  }

  .copyright {
    margin: 16px 0 0;
    color: ${colorTextMuted};
    font-size: 13px;
    text-align: center;
  }

  .link {
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }

  .link:focus-visible {
    ${focusRing}
  }
`;
