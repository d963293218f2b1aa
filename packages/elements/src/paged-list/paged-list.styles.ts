import { css } from 'lit';
import { spinnerRingStyles, visuallyHiddenStyles } from '../internal/shared-styles.ts';
import { focusRing } from '../internal/control-styles.ts';
import {
  colorBorder,
  colorPrimaryDark,
  colorPrimaryStrong,
  colorText,
  colorTextSecondary,
  fillGrey,
  radius,
  tint,
  white,
} from '../internal/tokens.ts';

export const pagedListStyles = [
  visuallyHiddenStyles,
  spinnerRingStyles,
  css`
    :host {
      display: block;
      color: var(--edu-paged-list-color, ${colorText});
      font-size: 14px;
    }

    [hidden] {
      display: none !important;
    }

    .body {
      position: relative;
    }

    /* A class rather than :has(): the list's own rows change often, and :has() would be re-checked on each change. */
    .body.reserve {
      min-height: var(--edu-paged-list-min-height, 120px);
    }

    .empty {
      padding: 32px 0;
      text-align: center;
      color: var(--edu-paged-list-muted-color, ${colorTextSecondary});
    }

    .loading {
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      background: var(--edu-paged-list-mask, ${tint('0.7')});
      color: ${colorPrimaryStrong};
    }

    /*
     * Centred in the list, but kept in the visible part of a list taller than the window: the user who paged at the
     * bottom of a long list sees it without scrolling.
     */
    .indicator {
      position: sticky;
      top: 40%;
      bottom: 40%;
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 8px 12px;
    }

    .pagination {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--edu-paged-list-gap, 8px);
      padding: 12px 0 4px;
    }

    .total {
      color: var(--edu-paged-list-muted-color, ${colorTextSecondary});
    }

    .sizes,
    .jumper input {
      box-sizing: border-box;
      height: var(--edu-paged-list-button-size, 32px);
      padding: 0 8px;
      border: 1px solid var(--edu-paged-list-border-color, ${colorBorder});
      border-radius: ${radius};
      background: ${white};
      color: inherit;
      font: inherit;
    }

    .jumper {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      color: var(--edu-paged-list-muted-color, ${colorTextSecondary});
    }

    .jumper input {
      width: 56px;
      text-align: center;
    }

    .pager {
      display: flex;
      flex-wrap: wrap;
      gap: 4px;
      margin: 0;
      padding: 0;
      list-style: none;
    }

    .arrow,
    .page {
      box-sizing: border-box;
      min-width: var(--edu-paged-list-button-size, 32px);
      height: var(--edu-paged-list-button-size, 32px);
      padding: 0 6px;
      border: 0;
      border-radius: ${radius};
      background: ${fillGrey};
      color: inherit;
      font: inherit;
      font-weight: 600;
      cursor: pointer;
      display: inline-flex;
      align-items: center;
      justify-content: center;
    }

    .arrow svg {
      width: 14px;
      height: 14px;
      fill: currentColor;
    }

    .arrow:hover:not(:disabled),
    .page:hover:not(:disabled) {
      color: ${colorPrimaryStrong};
    }

    /* The darker variant keeps white digits readable (4.5:1) on any theme colour the core computes. */
    .page[aria-current='page'] {
      background: ${colorPrimaryDark};
      color: ${white};
    }

    .page[aria-current='page']:hover:not(:disabled) {
      color: ${white};
    }

    .arrow:disabled,
    .page:disabled {
      cursor: not-allowed;
      color: var(--edu-paged-list-muted-color, ${colorTextSecondary});
      background: ${fillGrey};
    }

    .arrow:focus-visible,
    .page:focus-visible,
    .sizes:focus-visible,
    .jumper input:focus-visible {
      ${focusRing}
    }

    /* The "more" buttons show dots, and arrows while hovered or focused, as users know them from Element Plus. */
    .more .arrows {
      display: none;
    }

    .more:hover .dots,
    .more:focus-visible .dots {
      display: none;
    }

    .more:hover .arrows,
    .more:focus-visible .arrows {
      display: inline;
    }
  `,
];
