import { css } from 'lit';
import { dialogFrame } from '../internal/dialog-host.ts';
import { spinnerMotionStyles, visuallyHiddenStyles } from '../internal/shared-styles.ts';
import { importanceStyles, messageButtonStyles, messageMetaStyles } from './message-parts.ts';
import {
  colorBorderLighter,
  colorDangerLight,
  colorPrimary,
  colorPrimary7,
  colorPrimaryDark,
  colorText,
  colorTextMuted,
  colorTextSecondary,
  dangerStrong,
  importanceRed,
  radius,
  radiusRound,
  radiusXs,
} from '../internal/tokens.ts';

export const messageDialogStyles = [
  dialogFrame('--edu-message-dialog-width', '600px'),
  visuallyHiddenStyles,
  spinnerMotionStyles,
  importanceStyles,
  messageButtonStyles,
  messageMetaStyles,
  css`
    .status {
      display: flex;
      align-items: center;
      gap: 8px;
      margin: 0;
      color: ${colorTextSecondary};
    }

    .status.busy {
      padding: 4px 0 12px;
    }

    .spinner {
      width: 14px;
      height: 14px;
      border: 2px solid ${colorPrimary7};
      border-top-color: ${colorPrimary};
      border-radius: ${radiusRound};
      box-sizing: border-box;
    }

    .error {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 12px;
      margin-bottom: 12px;
      padding: 10px 14px;
      border-left: 4px solid ${importanceRed};
      border-radius: ${radius};
      background: ${colorDangerLight};
      color: ${dangerStrong};
    }

    .error .retry {
      flex: none;
    }

    .list {
      margin: 0;
      padding: 0;
      list-style: none;
    }

    .row {
      display: flex;
      align-items: flex-start;
      gap: 12px;
      padding: 12px 4px;
      border-bottom: 1px solid ${colorBorderLighter};
    }

    .row:last-child {
      border-bottom: 0;
    }

    .main {
      flex: 1;
      min-width: 0;
    }

    .text {
      display: block;
      width: 100%;
      margin: 0;
      padding: 2px 0;
      border: 0;
      border-radius: ${radiusXs};
      background: none;
      color: ${colorText};
      font: inherit;
      line-height: 1.5;
      text-align: start;
      overflow-wrap: anywhere;
      cursor: pointer;
    }

    /* The message's own line breaks, and only those (not the template's). */
    .lines {
      white-space: pre-line;
    }

    .text:hover {
      color: ${colorPrimaryDark};
      text-decoration: underline;
    }

    .untitled {
      color: ${colorTextMuted};
    }

    .read {
      flex: none;
      min-height: 28px;
      padding: 3px 10px;
      font-size: 13px;
    }

    edu-empty {
      --edu-empty-padding: 24px 0;
      --edu-empty-image-size: 120px;
    }
  `,
];
