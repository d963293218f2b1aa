import { css } from 'lit';

export const themeBackgroundStyles = css`
  :host {
    position: fixed;
    inset: 0;
    z-index: var(--edu-theme-background-z-index, -1);
    display: block;
    pointer-events: none;
    contain: strict;
  }

  :host(:not(:state(drawn))) {
    display: none;
  }

  canvas {
    display: block;
    width: 100%;
    height: 100%;
  }
`;
