import { css } from 'lit';
import {
  colorBorder,
  colorFill,
  colorPrimary,
  colorText,
  colorTextSecondary,
  iconGrey,
  radius,
  radiusSm,
  radiusXs,
  selectedFill,
  shade,
  white,
} from '../internal/tokens.ts';

export const colorPickerStyles = css`
  :host {
    display: inline-block;
    vertical-align: middle;
    --_border: var(--edu-color-picker-border-color, ${colorBorder});
    --_primary: ${colorPrimary};
    --_swatch: var(--edu-color-picker-swatch-size, 18px);
  }

  .trigger {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    height: 32px;
    box-sizing: border-box;
    padding: 0 8px;
    border: 1px solid var(--_border);
    border-radius: ${radius};
    background: ${white};
    color: ${colorText};
    font: inherit;
    cursor: pointer;
  }

  .trigger:hover:not(:disabled) {
    border-color: var(--_primary);
  }

  .trigger:focus-visible,
  .default:focus-visible,
  .swatch:focus-visible,
  .more:focus-within,
  select:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
  }

  .trigger:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .preview {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    width: 20px;
    line-height: 1;
  }

  .letter {
    font-size: 15px;
    font-weight: 600;
  }

  /* Drawn by CSS, so the sample letter (in the chosen font) is no part of the button's text or name. */
  .letter::before {
    content: 'A';
  }

  .bar {
    width: 20px;
    height: 4px;
    margin-top: 2px;
    /* A white bar stays visible. */
    box-shadow: inset 0 0 0 1px ${shade('0.15')};
  }

  /* A theme colour is no text colour: the trigger shows a plain swatch, no sample letter. */
  :host([mode='theme']) .letter {
    display: none;
  }

  :host([mode='theme']) .bar {
    height: 18px;
    margin-top: 0;
    border-radius: ${radiusSm};
  }

  .size {
    font-size: 12px;
    color: ${colorTextSecondary};
  }

  .caret svg {
    width: 10px;
    height: 10px;
    fill: ${iconGrey};
  }

  .panel {
    /* A popover in the top layer: placed by script, so the UA's centring is undone. */
    position: fixed;
    inset: auto;
    margin: 0;
    box-sizing: border-box;
    width: max-content;
    max-width: calc(100vw - 16px);
    overflow: auto;
    padding: 10px 12px 12px;
    border: 1px solid var(--_border);
    border-radius: ${radius};
    background: var(--edu-color-picker-panel-background, ${white});
    color: ${colorText};
    box-shadow: var(--edu-color-picker-panel-shadow, 0 6px 16px ${shade('0.12')});
    font-size: 13px;
    z-index: var(--edu-z-popup, 10000);
  }

  .fonts {
    display: flex;
    gap: 12px;
    margin-bottom: 10px;
  }

  .field {
    display: flex;
    align-items: center;
    gap: 6px;
  }

  select {
    height: 28px;
    font: inherit;
    border: 1px solid var(--_border);
    border-radius: ${radius};
    background: ${white};
  }

  .default {
    display: flex;
    align-items: center;
    gap: 8px;
    width: 100%;
    box-sizing: border-box;
    padding: 4px 8px;
    border: 1px solid var(--_border);
    border-radius: ${radiusSm};
    background: ${white};
    font: inherit;
    color: inherit;
    cursor: pointer;
  }

  .default:hover,
  .default.checked {
    border-color: var(--_primary);
    background: ${selectedFill};
  }

  .chip {
    width: 14px;
    height: 14px;
    border-radius: ${radiusXs};
  }

  .group-label {
    margin: 10px 0 6px;
    color: ${colorTextSecondary};
  }

  .grid {
    display: grid;
    grid-template-columns: repeat(var(--columns, 10), var(--_swatch));
    gap: 2px 4px;
  }

  .swatch {
    width: var(--_swatch);
    height: var(--_swatch);
    box-sizing: border-box;
    background: var(--swatch);
    border: 1px solid ${shade('0.12')};
    cursor: pointer;
  }

  /* The base row stands apart from its tints and shades, as in the office suites. */
  .base-row {
    margin-bottom: 4px;
  }

  .swatch:hover {
    outline: 1px solid ${colorTextSecondary};
    outline-offset: 1px;
  }

  .swatch[aria-checked='true'] {
    box-shadow:
      0 0 0 2px ${white},
      0 0 0 3px var(--_primary);
  }

  .more {
    display: flex;
    align-items: center;
    gap: 8px;
    margin-top: 10px;
    padding: 4px 8px;
    border-radius: ${radiusSm};
    cursor: pointer;
  }

  .more:hover {
    background: ${colorFill};
  }

  .more input {
    width: 22px;
    height: 22px;
    padding: 0;
    border: 0;
    background: none;
    cursor: pointer;
  }

  .more input:focus-visible {
    outline: none;
  }

  .more-icon svg {
    width: 16px;
    height: 16px;
    fill: ${colorTextSecondary};
    display: block;
  }

  @media (forced-colors: active) {
    .swatch {
      forced-color-adjust: none;
    }
    .swatch[aria-checked='true'] {
      outline: 2px solid Highlight;
    }
  }

  .note:empty {
    display: none;
  }

  .note {
    display: block;
    margin-top: 4px;
    font-size: 12px;
    color: ${colorTextSecondary};
  }
`;
