import { css } from 'lit';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorBorderStrong,
  colorPrimary8,
  colorPrimaryStrong,
  colorText,
  dangerSoft,
  focusOutline,
  radius,
  radiusRound,
  voiceHint,
  voiceIdle,
  white,
} from '../internal/tokens.ts';

export const voiceRecorderStyles = [
  visuallyHiddenStyles,
  css`
    :host {
      display: inline-block;
      /* A fixed width, so the button does not move as the texts under it change. */
      width: var(--edu-voice-width, 20em);
      max-width: 100%;
      font-size: 14px;
      line-height: 1.5;
      color: ${colorText};
    }

    .base {
      position: relative;
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 8px;
      text-align: center;
    }

    .mic {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: var(--edu-voice-size, 64px);
      height: var(--edu-voice-size, 64px);
      padding: 0;
      border: none;
      border-radius: ${radiusRound};
      color: ${white};
      background: ${colorPrimaryStrong};
      cursor: pointer;
      touch-action: none;
      user-select: none;
      -webkit-user-select: none;
      -webkit-touch-callout: none;
      transition:
        transform 0.15s,
        box-shadow 0.15s;
    }

    .mic svg {
      width: 50%;
      height: 50%;
    }

    .mic:focus-visible {
      outline: ${focusOutline};
      outline-offset: 3px;
    }

    .mic[aria-pressed='true'] {
      transform: scale(1.1);
      box-shadow: 0 0 0 8px ${colorPrimary8};
    }

    .mic[aria-disabled='true'] {
      cursor: not-allowed;
      background: ${voiceIdle};
    }

    .status {
      min-height: 1.5em;
      color: ${voiceHint};
      font-variant-numeric: tabular-nums;
    }

    /* Beside the button, out of the flow: showing it while holding moves nothing below the recorder. */
    .cancel {
      position: absolute;
      top: calc(var(--edu-voice-size, 64px) / 2);
      left: calc(50% + var(--edu-voice-size, 64px) / 2 + 16px);
      translate: 0 -50%;
      padding: 4px 12px;
      border: 1px solid ${colorBorderStrong};
      border-radius: ${radius};
      color: ${colorText};
      background: ${white};
      font: inherit;
      cursor: pointer;
    }

    .text,
    .error {
      max-width: 100%;
      margin: 0;
      overflow-wrap: anywhere;
    }

    /* One line is kept for the live text, so its first words do not push the page down. */
    .text {
      min-height: 1.5em;
      font-size: 16px;
    }

    .error {
      color: var(--edu-voice-error-color, ${dangerSoft});
    }

    [hidden] {
      display: none !important;
    }

    @media (prefers-reduced-motion: reduce) {
      .mic {
        transition: none;
      }
    }
  `,
];
