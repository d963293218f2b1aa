import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  colorBorder,
  colorBorderLight,
  colorFill,
  colorPrimary,
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  colorTextSecondary,
  radiusLg,
  radiusXl,
  shade,
  white,
} from '../internal/tokens.ts';

export const downloadDialogStyles = [
  dialogFrame('--edu-download-dialog-width', '560px'),
  css`
    .cards {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
      gap: 16px;
    }

    .card {
      display: flex;
      align-items: flex-start;
      gap: 14px;
      min-height: 112px;
      box-sizing: border-box;
      padding: 18px 16px;
      border: 1px solid ${colorBorder};
      border-radius: ${radiusLg};
      background: ${white};
      color: ${colorText};
      text-decoration: none;
      transition:
        border-color 0.15s ease,
        background-color 0.15s ease,
        box-shadow 0.15s ease;
    }

    a.card:hover {
      border-color: ${colorPrimary};
      background: ${colorPrimary9};
      box-shadow: 0 4px 12px ${shade('0.08')};
    }

    a.card:focus-visible {
      ${focusRing}
    }

    .card.disabled {
      border-style: dashed;
      background: ${colorFill};
      cursor: not-allowed;
    }

    .icon {
      flex: none;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 48px;
      height: 48px;
      border-radius: ${radiusXl};
      background: ${colorPrimary9};
      color: ${colorPrimaryDark};
    }

    .icon svg {
      width: 30px;
      height: 30px;
    }

    .card.disabled .icon {
      background: ${colorBorderLight};
      color: ${colorTextSecondary};
    }

    .text {
      display: flex;
      flex-direction: column;
      gap: 6px;
      min-width: 0;
    }

    .title {
      font-size: 16px;
      font-weight: 600;
      color: ${colorText};
    }

    .description {
      font-size: 13px;
      line-height: 1.5;
      color: ${colorTextSecondary};
    }

    .action {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      margin-top: 2px;
      font-size: 13px;
      font-weight: 600;
      color: ${colorPrimaryDark};
    }

    .action .arrow {
      width: 16px;
      height: 16px;
    }

    .size {
      font-weight: 400;
      color: ${colorTextSecondary};
    }

    .action.unavailable {
      font-weight: 400;
      color: ${colorTextSecondary};
    }

    .meta {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 16px;
      margin: 16px 0 0;
      font-size: 13px;
      color: ${colorTextSecondary};
    }
  `,
];
