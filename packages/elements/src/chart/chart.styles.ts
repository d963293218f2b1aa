import { css } from 'lit';

export const chartStyles = css`
  :host {
    display: block;
    position: relative;
    height: var(--edu-chart-height, 300px);
    min-height: var(--edu-chart-min-height, 120px);
  }

  :host([hidden]) {
    display: none;
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
    color: var(--edu-chart-muted-color, #606266);
    font-size: 14px;
  }

  .loading {
    background: var(--edu-chart-mask, rgb(255 255 255 / 0.7));
    color: var(--edu-color-primary, #457cd6);
  }

  .spinner {
    width: 18px;
    height: 18px;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.4s;
    }
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
