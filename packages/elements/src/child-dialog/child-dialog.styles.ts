import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import { spinnerMotionStyles } from '../internal/shared-styles.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  black,
  colorBorder,
  colorBorderLighter,
  colorFill,
  colorPrimary8,
  colorPrimary9,
  colorPrimaryDark,
  colorText,
  colorTextMuted,
  colorTextSecondary,
  radius,
  radiusRound,
  radiusSm,
  white,
} from '../internal/tokens.ts';

export const childDialogStyles = [
  dialogFrame('--edu-child-dialog-width', '600px'),
  spinnerMotionStyles,
  css`
    /* A required choice: no close button (Escape is off on the dialog itself). */
    edu-dialog.blocking::part(close) {
      display: none;
    }

    table {
      width: 100%;
      border-collapse: collapse;
      font-size: 14px;
      color: ${colorText};
    }

    caption {
      caption-side: top;
      padding: 0 0 12px;
      text-align: left;
      color: ${colorTextSecondary};
    }

    th,
    td {
      padding: 10px 12px;
      border-bottom: 1px solid ${colorBorderLighter};
      text-align: left;
      vertical-align: middle;
    }

    thead th {
      background: ${colorFill};
      font-weight: 600;
      color: ${colorTextSecondary};
      white-space: nowrap;
    }

    tbody th {
      font-weight: 400;
    }

    tbody tr:hover {
      background: ${colorFill};
    }

    tbody tr.current {
      background: ${colorPrimary9};
    }

    .action {
      width: 1%;
      text-align: right;
      white-space: nowrap;
    }

    .person {
      display: inline-flex;
      align-items: center;
      gap: 10px;
    }

    .avatar {
      flex: none;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 32px;
      height: 32px;
      border-radius: ${radiusRound};
      background: ${colorPrimary8};
      color: ${colorPrimaryDark};
      font-size: 15px;
      font-weight: 600;
    }

    .name {
      font-weight: 600;
    }

    /* A phone (360–390 px): the table fits the dialog in every language; the initial's circle makes room. */
    @media (max-width: 480px) {
      th,
      td {
        padding: 8px 6px;
      }

      thead th {
        white-space: normal;
      }

      .avatar {
        display: none;
      }

      .person {
        flex-wrap: wrap;
        gap: 4px;
      }

      .enter {
        padding: 0 10px;
      }
    }

    .tag {
      display: inline-block;
      padding: 0 6px;
      border: 1px solid ${colorPrimaryDark};
      border-radius: ${radiusSm};
      font-size: 12px;
      line-height: 18px;
      color: ${colorPrimaryDark};
      background: ${white};
    }

    .enter {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      height: 30px;
      box-sizing: border-box;
      padding: 0 16px;
      border: 1px solid ${colorPrimaryDark};
      border-radius: ${radius};
      background: ${colorPrimaryDark};
      color: ${white};
      font: inherit;
      font-size: 13px;
      cursor: pointer;
    }

    .enter:hover:not(:disabled):not([aria-disabled='true']) {
      /* Darker, not lighter: white text keeps 4.5:1. */
      background: color-mix(in srgb, ${colorPrimaryDark} 82%, ${black});
    }

    .enter:focus-visible {
      ${focusRing}
    }

    .enter:disabled,
    .enter[aria-disabled='true']:not(.pending) {
      border-color: ${colorBorder};
      background: ${colorFill};
      color: ${colorTextMuted};
      cursor: not-allowed;
    }

    .enter.pending {
      cursor: progress;
    }

    .spinner {
      width: 14px;
      height: 14px;
    }
  `,
];
