import { css } from 'lit';
import { visuallyHiddenStyles } from '../internal/shared-styles.ts';
import {
  colorBorder,
  colorDanger,
  colorPrimaryDark,
  colorText,
  colorTextSecondary,
  faceErrorOverlay,
  faceGuide,
  faceSuccessOverlay,
  focusOutline,
  ink,
  radius,
  radiusMd,
  shade,
  white,
} from '../internal/tokens.ts';

export const faceStyles = [
  visuallyHiddenStyles,
  css`
    :host {
      display: inline-block;
      width: var(--edu-face-size, 320px);
      max-width: 100%;
      font-size: 14px;
      line-height: 1.5;
      color: ${colorText};
    }

    .base {
      display: flex;
      flex-direction: column;
      gap: 10px;
    }

    .stage {
      position: relative;
      display: flex;
      align-items: center;
      justify-content: center;
      width: 100%;
      aspect-ratio: 4 / 3;
      overflow: hidden;
      border-radius: ${radiusMd};
      background: ${ink};
      color: ${white};
    }

    video,
    .photo {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      object-fit: cover;
    }

    /* A photo is square (480 × 480) and the stage 4 : 3: shown whole, not cropped top and bottom. */
    .photo {
      object-fit: contain;
    }

    .clock-time {
      display: block;
      font-variant-numeric: tabular-nums;
    }

    /* Mirrored, as people expect to see themselves; the capture is not mirrored. */
    video {
      transform: scaleX(-1);
    }

    .guide {
      position: absolute;
    }

    .guide i {
      position: absolute;
      width: 18%;
      height: 18%;
      border: 3px solid var(--edu-face-guide-color, ${faceGuide});
    }

    .guide i:nth-child(1) {
      top: 0;
      left: 0;
      border-right: none;
      border-bottom: none;
    }

    .guide i:nth-child(2) {
      top: 0;
      right: 0;
      border-left: none;
      border-bottom: none;
    }

    .guide i:nth-child(3) {
      bottom: 0;
      left: 0;
      border-right: none;
      border-top: none;
    }

    .guide i:nth-child(4) {
      right: 0;
      bottom: 0;
      border-left: none;
      border-top: none;
    }

    .count {
      position: absolute;
      font-size: 56px;
      font-weight: 600;
      text-shadow: 0 1px 4px ${shade('60%')};
    }

    .message {
      position: relative;
      margin: 0 12px;
      padding: 8px 12px;
      border-radius: ${radius};
      background: ${shade('65%')};
      color: ${white};
      text-align: center;
    }

    .hint {
      position: absolute;
      bottom: 8px;
      font-size: 12px;
    }

    .ok {
      background: ${faceSuccessOverlay};
    }

    .bad {
      background: ${faceErrorOverlay};
    }

    .retry {
      display: flex;
      flex-direction: column;
      gap: 4px;
      border: none;
      font: inherit;
      cursor: pointer;
    }

    .retry:focus-visible,
    button:focus-visible,
    .upload:focus-within {
      outline: ${focusOutline};
      outline-offset: 2px;
    }

    .time {
      margin: 0;
      color: ${colorTextSecondary};
      font-size: 13px;
    }

    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      justify-content: center;
    }

    .actions button,
    .upload {
      min-width: 72px;
      padding: 7px 15px;
      border: 1px solid ${colorBorder};
      border-radius: ${radius};
      font: inherit;
      cursor: pointer;
    }

    .primary {
      border-color: var(--edu-face-button-background, ${colorPrimaryDark});
      background: var(--edu-face-button-background, ${colorPrimaryDark});
      color: ${white};
    }

    .secondary {
      background: ${white};
      color: ${colorText};
    }

    .actions button:disabled {
      opacity: 0.55;
      cursor: not-allowed;
    }

    .upload input {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
    }

    .upload {
      position: relative;
    }

    .password {
      display: flex;
      flex-direction: column;
      gap: 6px;
      width: 100%;
      box-sizing: border-box;
    }

    .password-title {
      margin: 0;
      font-size: 14px;
    }

    .password label {
      font-size: 13px;
      color: ${colorTextSecondary};
    }

    .password input {
      padding: 7px 10px;
      border: 1px solid ${colorBorder};
      border-radius: ${radius};
      font: inherit;
    }

    .password input:focus-visible {
      outline: ${focusOutline};
      outline-offset: 1px;
    }

    .password input[aria-invalid='true'] {
      border-color: var(--edu-color-danger, ${colorDanger});
    }

    .password-error {
      margin: 0;
      color: var(--edu-color-danger, ${colorDanger});
      font-size: 13px;
    }

    .password-actions {
      display: flex;
      gap: 8px;
      justify-content: center;
    }

    .password-actions button {
      min-width: 72px;
      padding: 7px 15px;
      border: 1px solid ${colorBorder};
      border-radius: ${radius};
      font: inherit;
      cursor: pointer;
    }

    .password-actions button:disabled {
      opacity: 0.55;
      cursor: not-allowed;
    }
  `,
];
