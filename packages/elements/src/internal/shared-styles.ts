import { css } from 'lit';
import { radiusRound } from './tokens.ts';

/** Text for screen readers only: out of sight, still read. */
export const visuallyHiddenStyles = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/** The turn of a `.spinner` (each element sizes and colours its own), slowed for people who prefer less motion. */
export const spinnerMotionStyles = css`
  .spinner {
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
`;

/** A turning ring `.spinner` of 18 px in the current text colour, open on its right: the loading of a whole area. */
export const spinnerRingStyles = [
  spinnerMotionStyles,
  css`
    .spinner {
      width: 18px;
      height: 18px;
      border: 2px solid currentColor;
      border-right-color: transparent;
      border-radius: ${radiusRound};
    }
  `,
];
