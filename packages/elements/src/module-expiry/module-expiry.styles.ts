import { css } from 'lit';
import { colorPrimary9 } from '../internal/tokens.ts';

export const moduleExpiryStyles = css`
  :host {
    display: contents;
  }

  edu-dialog {
    --edu-dialog-width: var(--edu-module-expiry-width, 560px);
  }

  table {
    width: 100%;
    border-collapse: collapse;
    color: #303133;
    font-size: 14px;
  }

  caption {
    padding-bottom: 8px;
    color: #606266;
    text-align: start;
  }

  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid #ebeef5;
    text-align: start;
    vertical-align: middle;
  }

  thead th {
    /* Stays in view while the dialog's body scrolls a long table. */
    position: sticky;
    top: 0;
    background: ${colorPrimary9};
    color: #303133;
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
    border-radius: 4px;
    font-size: 12px;
    line-height: 20px;
  }

  .status.expired {
    border-color: #fbc4c4;
    background: #fef0f0;
    color: #b3100c;
  }

  .status.expiring {
    border-color: #f5dab1;
    background: #fdf6ec;
    color: #8a4b00;
  }

  .status.in-use {
    border-color: #c2e7b0;
    background: #f0f9eb;
    color: #2b6c0e;
  }

  edu-empty {
    --edu-empty-padding: 24px 0;
    --edu-empty-image-size: 120px;
  }

  .note {
    margin: 16px 0 0;
    color: #606266;
  }
`;
