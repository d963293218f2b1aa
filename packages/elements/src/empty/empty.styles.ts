import { css } from 'lit';
import { colorTextMuted } from '../internal/tokens.ts';

export const emptyStyles = css`
  :host {
    display: block;
    color: var(--edu-empty-color, ${colorTextMuted});
    font-size: var(--edu-empty-font-size, 14px);
    line-height: 1.5;
  }

  .base {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    padding: var(--edu-empty-padding, 40px 0);
    text-align: center;
  }

  .image {
    width: var(--edu-empty-image-size, 160px);
    max-width: 100%;
  }

  .image svg {
    display: block;
    width: 100%;
    height: auto;
  }

  .description {
    margin: 16px 0 0;
  }

  .extra:not([hidden]) {
    margin-top: 20px;
  }
`;
