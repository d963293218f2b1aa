import { css } from 'lit';
import {
  badgeRed,
  colorBorderLighter,
  colorPrimary,
  colorPrimaryDark,
  colorPrimaryStrong,
  colorText,
  colorTextSecondary,
  fillHover,
  radius,
  radiusLg,
  radiusMd,
  radiusRound,
  shade,
  tint,
  white,
} from '../internal/tokens.ts';

export const headerStyles = css`
  :host {
    display: block;
    position: relative;
    color: var(--edu-header-color, ${white});
    background: var(--edu-header-background, ${colorPrimaryDark});
    font-size: 14px;
  }

  .base {
    display: flex;
    align-items: center;
    gap: 12px;
    height: var(--edu-header-height, 60px);
    padding: 0 16px;
    box-sizing: border-box;
  }

  /* The unit keeps its name up to 30 % of the bar; the icons get what is left. */
  .unit {
    display: flex;
    align-items: center;
    gap: 8px;
    min-width: 0;
    max-width: 30%;
    flex: 0 0 auto;
  }

  .logo {
    width: var(--edu-header-logo-size, 40px);
    height: var(--edu-header-logo-size, 40px);
    object-fit: contain;
    flex: none;
  }

  .logo svg {
    width: 100%;
    height: 100%;
  }

  .title {
    min-width: 0;
    margin: 0;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    line-height: 1.2;
  }

  .apps {
    display: flex;
    align-items: center;
    gap: 4px;
    flex: 1 1 0;
    min-width: 0;
    /* Icons that do not fit are cut off; the padding leaves room for the counts above the chips. */
    overflow: hidden;
    list-style: none;
    margin: 0;
    padding: 4px 0;
  }

  .spacer {
    flex: 1 1 auto;
  }

  /* The tools shrink only through the names in them (welcome, child): every button keeps its size and stays on
     screen, whatever the length of a name. */
  .tools {
    display: flex;
    align-items: center;
    gap: 4px;
    flex: 0 1 auto;
    min-width: 0;
  }

  .tools > *:not(.welcome) {
    flex: none;
  }

  button,
  select {
    font: inherit;
    color: inherit;
  }

  .tool,
  .app {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 4px;
    min-width: 32px;
    height: 32px;
    padding: 0 6px;
    border: 0;
    border-radius: ${radius};
    background: transparent;
    cursor: pointer;
  }

  .app {
    flex-direction: column;
    height: 48px;
    font-size: 12px;
  }

  .glyph {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
  }

  .apps .glyph {
    width: 26px;
    height: 26px;
    border-radius: ${radiusMd};
    background: ${white};
  }

  /* The width the header measured for the label (62 px at least) is the whole button's, padding included. */
  .apps .app {
    width: 62px;
    box-sizing: border-box;
    gap: 2px;
  }

  /* Lower than elsewhere: the list cuts off what rises above its padding. */
  .apps .badge {
    transform: translate(55%, -30%);
  }

  .apps .label {
    max-width: 100%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .tool:hover,
  .app:hover,
  .tool[aria-expanded='true'] {
    background: ${tint('0.18')};
  }

  .tool:focus-visible,
  .app:focus-visible,
  .item:focus-visible {
    outline: 2px solid var(--edu-header-focus-color, ${white});
    outline-offset: 1px;
  }

  .tool svg {
    width: 18px;
    height: 18px;
    fill: currentColor;
  }

  .icon {
    width: 24px;
    height: 24px;
    object-fit: contain;
  }

  .apps .icon {
    width: 18px;
    height: 18px;
  }

  /* Ink is black and white: the header's pictures have no grey variant, so they are greyed here. */
  .grey .icon {
    filter: grayscale(1);
  }

  .fallback {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 24px;
    height: 24px;
    border-radius: ${radiusRound};
    background: ${tint('0.25')};
    font-weight: 600;
  }

  .apps .fallback {
    width: 100%;
    height: 100%;
    border-radius: inherit;
    background: none;
    color: ${colorPrimaryDark};
  }

  .badge {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(55%, -45%);
    min-width: 16px;
    height: 16px;
    padding: 0 4px;
    box-sizing: border-box;
    border-radius: ${radiusLg};
    /* White on the bar, so a count shows on every header colour, red themes included; red on white panels. */
    background: var(--edu-header-badge-background, ${white});
    box-shadow: 0 1px 2px ${shade('0.3')};
    color: var(--edu-header-badge-color, ${badgeRed});
    font-weight: 600;
    font-size: 11px;
    line-height: 16px;
    text-align: center;
  }

  /* A long real name is cut with an ellipsis (the whole name on hover) within a bounded width. */
  .welcome {
    flex: 0 1 auto;
    min-width: 0;
    max-width: var(--edu-header-name-max-width, 240px);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    /* Text beside bordered buttons (the slotted "download client") and icons needs more room than the tools' 4 px. */
    margin-inline: 8px 4px;
  }

  .child .child-name {
    max-width: var(--edu-header-name-max-width, 240px);
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  /* Manual popovers in the top layer, placed beside their anchor by the popup controller (position: fixed), so the
     bar clips none of them; the z-index counts only where popovers are missing. */
  .menu,
  .panel,
  .drawer {
    position: fixed;
    inset: auto;
    z-index: var(--edu-z-popup, 10000);
    margin: 0;
    border: 0;
    padding: 4px 0;
    list-style: none;
    background: var(--edu-header-panel-background, ${white});
    color: var(--edu-header-panel-color, ${colorText});
    border-radius: ${radius};
    box-shadow: 0 2px 12px ${shade('0.15')};
    min-width: 140px;
  }

  .panel {
    max-width: calc(100vw - 16px);
    box-sizing: border-box;
    padding: 12px;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }

  .panel .app {
    width: 80px;
    height: 72px;
    color: inherit;
  }

  .panel .app:hover {
    background: ${fillHover};
  }

  .panel .app:focus-visible,
  .item:focus-visible {
    outline-color: ${colorPrimary};
  }

  .panel .fallback {
    background: ${colorPrimaryDark};
    color: ${white};
  }

  .panel .badge {
    background: ${badgeRed};
    color: ${white};
    box-shadow: 0 0 0 1.5px ${white};
  }

  /* The tools menu of a narrow bar: every tool with its name, then the identities and the languages. */
  .drawer {
    padding: 8px 0;
    width: min(300px, calc(100vw - 16px));
    box-sizing: border-box;
    overflow-y: auto;
  }

  .drawer-welcome {
    margin: 0;
    padding: 4px 16px 8px;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .drawer-extra {
    padding: 0 16px 4px;
  }

  .drawer-extra ::slotted(*) {
    /* The bar's own button styles assume white text on the bar; here it is the panel's. */
    color: inherit !important;
  }

  .drawer-list {
    list-style: none;
    margin: 0;
    padding: 0;
  }

  .drawer-heading {
    margin: 8px 0 0;
    padding: 6px 16px 2px;
    border-top: 1px solid ${colorBorderLighter};
    font-size: 12px;
    color: ${colorTextSecondary};
  }

  .item.drawer-item {
    display: flex;
    align-items: center;
    gap: 10px;
  }

  .drawer-item svg {
    width: 18px;
    height: 18px;
    flex: none;
    fill: currentColor;
  }

  .drawer .item {
    white-space: normal;
    min-height: 40px;
  }

  /* A narrow bar: the unit name takes what the bell and the menu button leave it. */
  .compact {
    gap: 8px;
    padding: 0 12px;
  }

  .compact .unit {
    max-width: none;
    flex: 1 1 auto;
  }

  /* On a phone the unit's name takes two lines, then is cut; the menu shows it whole. */
  .compact .title {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    white-space: normal;
    overflow-wrap: anywhere;
  }

  .compact .spacer {
    display: none;
  }

  .compact .tools {
    flex: none;
  }

  .item {
    display: block;
    width: 100%;
    padding: 6px 16px;
    border: 0;
    background: transparent;
    text-align: start;
    white-space: nowrap;
    cursor: pointer;
    color: inherit;
  }

  .item:hover,
  .item[aria-current='true'] {
    color: ${colorPrimaryStrong};
    background: ${fillHover};
  }

  edu-dialog {
    --edu-dialog-width: 420px;
    color: ${colorText};
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
