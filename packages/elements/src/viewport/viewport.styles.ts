import { css } from 'lit';
import { spinnerRingStyles } from '../internal/shared-styles.ts';
import { focusRing } from '../internal/control-styles.ts';
import { colorDanger, colorDangerLight, colorPrimary, colorTextSecondary, radius, white } from '../internal/tokens.ts';

export const viewportStyles = [
  spinnerRingStyles,
  css`
    :host {
      display: block;
    }

    /* Only the current app's container is shown, whatever the app's own stylesheet says about its display. */
    ::slotted([hidden]) {
      display: none !important;
    }

    .loading {
      display: flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      min-height: var(--edu-viewport-min-height, 160px);
      color: var(--edu-viewport-muted-color, ${colorTextSecondary});
    }

    .spinner {
      color: ${colorPrimary};
    }

    .error {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 12px;
      padding: 12px 16px;
      border-radius: ${radius};
      color: var(--edu-viewport-error-color, ${colorDanger});
      background: var(--edu-viewport-error-background, ${colorDangerLight});
    }

    .error button {
      font: inherit;
      padding: 4px 12px;
      border: 1px solid currentColor;
      border-radius: ${radius};
      background: ${white};
      color: inherit;
      cursor: pointer;
    }

    .error button:focus-visible {
      ${focusRing}
    }
  `,
];
