import { css } from 'lit';
import { buttonStyles, focusRing } from '../internal/control-styles.ts';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorBorder,
  colorBorderLighter,
  colorPrimary,
  colorPrimary9,
  colorPrimaryDark,
  colorSuccess,
  colorText,
  colorTextSecondary,
  dangerSoft,
  fillFaint,
  radiusMd,
  radiusSm,
} from '../internal/tokens.ts';

export const uploadStyles = [
  buttonStyles,
  visuallyHiddenStyles,
  css`
    :host {
      display: block;
      --_border: var(--edu-upload-border-color, ${colorBorder});
      color: ${colorText};
      font-size: 14px;
    }

    .zone {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 8px;
      padding: 20px 16px;
      border: 1px dashed var(--_border);
      border-radius: ${radiusMd};
      background: ${fillFaint};
      text-align: center;
    }

    .zone.dragging {
      border-color: ${colorPrimary};
      background: ${colorPrimary9};
    }

    .prompt,
    .rules {
      margin: 0;
      color: ${colorTextSecondary};
    }

    .rules {
      font-size: 12px;
    }

    .picks {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      justify-content: center;
    }

    button:focus-visible {
      ${focusRing}
    }

    .queue {
      margin: 12px 0 0;
      padding: 0;
      list-style: none;
    }

    .item {
      display: grid;
      gap: 4px;
      padding: 8px 0;
      border-bottom: 1px solid ${colorBorderLighter};
      /* A queue of a thousand files lays out only the rows in view. */
      content-visibility: auto;
      contain-intrinsic-size: auto 84px;
    }

    .line {
      display: flex;
      gap: 8px;
      justify-content: space-between;
      align-items: baseline;
      min-width: 0;
    }

    .name {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }

    .size,
    .rate,
    .status {
      color: ${colorTextSecondary};
      font-size: 12px;
      white-space: nowrap;
    }

    .status.error {
      color: ${dangerSoft};
      white-space: normal;
    }

    .bar {
      height: 6px;
      border-radius: ${radiusSm};
      background: ${colorBorderLighter};
      overflow: hidden;
    }

    .bar.hash {
      height: 3px;
    }

    .fill {
      height: 100%;
      background: ${colorPrimaryDark};
      transition: width 0.2s linear;
    }

    .item[data-state='done'] .fill {
      background: ${colorSuccess};
    }

    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 6px;
    }

    .actions button {
      min-height: 28px;
      padding: 3px 10px;
    }

    @media (prefers-reduced-motion: reduce) {
      .fill {
        transition: none;
      }
    }
  `,
];
