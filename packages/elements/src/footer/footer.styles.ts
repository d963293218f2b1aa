import { css } from 'lit';
import { focusRing } from '../internal/control-styles.ts';
import { colorPrimaryStrong, colorTextMuted, radiusXs, textSoft } from '../internal/tokens.ts';

export const footerStyles = css`
  :host {
    display: block;
    color: var(--edu-footer-color, ${colorTextMuted});
    background: var(--edu-footer-background, transparent);
    font-size: var(--edu-footer-font-size, 12px);
    line-height: 1.6;
  }

  .base {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 4px;
    padding: var(--edu-footer-padding, 16px 24px);
    text-align: center;
  }

  .line {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: 4px 16px;
    margin: 0;
    padding: 0;
  }

  .line:empty {
    display: none;
  }

  .filings {
    list-style: none;
  }

  .filing a,
  .filing span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }

  a,
  .action {
    color: var(--edu-footer-link-color, ${textSoft});
    text-decoration: none;
  }

  a:hover,
  .action:hover {
    color: ${colorPrimaryStrong};
    text-decoration: underline;
  }

  .action {
    padding: 0;
    border: 0;
    background: none;
    font: inherit;
    cursor: pointer;
  }

  a:focus-visible,
  .action:focus-visible {
    ${focusRing}
    border-radius: ${radiusXs};
  }

  .badge {
    width: 16px;
    height: 16px;
    object-fit: contain;
  }
`;
