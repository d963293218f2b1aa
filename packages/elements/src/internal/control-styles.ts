/**
 * Styles of the controls the elements share, written once: the focus ring and the plain and primary buttons of
 * dialogs and panels (the header's logout confirmation, the theme, form, message and module-expiry dialogs, the
 * to-do panel). Colours come from the token sheet.
 */
import { css } from 'lit';
import {
  colorBorder,
  colorBorderLight,
  colorFill,
  colorPrimary6,
  colorPrimary9,
  colorPrimaryDark,
  colorPrimaryStrong,
  colorText,
  colorTextMuted,
  focusOutline,
  radius,
  white,
} from './tokens.ts';

/** The keyboard focus ring, as declarations to put inside a `:focus-visible` rule. */
export const focusRing = css`
  outline: ${focusOutline};
  outline-offset: 2px;
`;

/**
 * Buttons: `class="button"`, or any button in an `.actions` row; `primary` for the one main action. The hovered
 * plain button takes the dark shade for its text (the theme colour itself on its 90 % tint reads below 4.5:1).
 */
export const buttonStyles = css`
  .button,
  .actions button {
    box-sizing: border-box;
    min-height: 32px;
    padding: 5px 15px;
    border: 1px solid ${colorBorder};
    border-radius: ${radius};
    background: ${white};
    color: ${colorText};
    font: inherit;
    line-height: 20px;
    cursor: pointer;
    white-space: nowrap;
  }

  .button:hover:not(:disabled),
  .actions button:hover:not(:disabled) {
    border-color: ${colorPrimary6};
    background: ${colorPrimary9};
    color: ${colorPrimaryDark};
  }

  .button.primary,
  .actions button.primary {
    border-color: ${colorPrimaryDark};
    background: ${colorPrimaryDark};
    color: ${white};
  }

  .button.primary:hover:not(:disabled),
  .actions button.primary:hover:not(:disabled) {
    border-color: ${colorPrimaryStrong};
    background: ${colorPrimaryStrong};
    color: ${white};
  }

  .button:disabled,
  .actions button:disabled {
    cursor: not-allowed;
    border-color: ${colorBorderLight};
    background: ${colorFill};
    color: ${colorTextMuted};
  }

  .button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.75;
  }

  .button:focus-visible,
  .actions button:focus-visible {
    ${focusRing}
  }

  .actions {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
`;
