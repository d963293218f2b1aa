import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import {
  colorBorderLighter,
  colorDangerLight,
  colorPrimary9,
  colorText,
  colorTextSecondary,
  colorWarningLight,
  dangerBorderStrong,
  dangerText,
  radius,
  successBorderStrong,
  successLight,
  successText,
  warningBorderStrong,
  warningTextExpiring,
} from '../internal/tokens.ts';

export const moduleExpiryStyles = [
  dialogFrame('--edu-module-expiry-width', '560px'),
  css`
    table {
      width: 100%;
      border-collapse: collapse;
      color: ${colorText};
      font-size: 14px;
    }

    caption {
      padding-bottom: 8px;
      color: ${colorTextSecondary};
      text-align: start;
    }

    th,
    td {
      padding: 10px 12px;
      border-bottom: 1px solid ${colorBorderLighter};
      text-align: start;
      vertical-align: middle;
    }

    thead th {
      /* Stays in view while the dialog's body scrolls a long table. */
      position: sticky;
      top: 0;
      background: ${colorPrimary9};
      color: ${colorText};
      font-weight: 600;
      white-space: nowrap;
    }

    tbody th {
      font-weight: 400;
      overflow-wrap: anywhere;
    }

    td {
      white-space: nowrap;
      font-variant-numeric: tabular-nums;
    }

    .status {
      display: inline-block;
      padding: 1px 8px;
      border: 1px solid;
      border-radius: ${radius};
      font-size: 12px;
      line-height: 20px;
    }

    .status.expired {
      border-color: ${dangerBorderStrong};
      background: ${colorDangerLight};
      color: ${dangerText};
    }

    .status.expiring {
      border-color: ${warningBorderStrong};
      background: ${colorWarningLight};
      color: ${warningTextExpiring};
    }

    .status.in-use {
      border-color: ${successBorderStrong};
      background: ${successLight};
      color: ${successText};
    }

    edu-empty {
      --edu-empty-padding: 24px 0;
      --edu-empty-image-size: 120px;
    }

    .note {
      margin: 16px 0 0;
      color: ${colorTextSecondary};
    }
  `,
];
