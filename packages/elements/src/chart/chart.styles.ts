import { css } from 'lit';
import { spinnerRingStyles, visuallyHiddenStyles } from '../internal/shared-styles.ts';
import { colorPrimaryStrong, colorTextSecondary, tint } from '../internal/tokens.ts';

export const chartStyles = [
  visuallyHiddenStyles,
  spinnerRingStyles,
  css`
    :host {
      display: block;
      position: relative;
      height: var(--edu-chart-height, 300px);
      min-height: var(--edu-chart-min-height, 120px);
    }

    [hidden] {
      display: none !important;
    }

    .base,
    .canvas {
      position: absolute;
      inset: 0;
    }

    .overlay {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      color: var(--edu-chart-muted-color, ${colorTextSecondary});
      font-size: 14px;
    }

    .loading {
      background: var(--edu-chart-mask, ${tint('0.7')});
      color: ${colorPrimaryStrong};
    }
  `,
];
