import { css } from 'lit';

export const headerStyles = css`
  :host {
    display: block;
    position: relative;
    color: var(--edu-header-color, #fff);
    background: var(--edu-header-background, #2b5797);
    font-size: 14px;
  }

  :host([hidden]) {
    display: none;
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
    overflow: hidden;
    list-style: none;
    margin: 0;
    padding: 0;
  }

  .spacer {
    flex: 1 1 auto;
  }

  .tools {
    display: flex;
    align-items: center;
    gap: 4px;
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
    border-radius: 4px;
    background: transparent;
    cursor: pointer;
  }

  .app {
    flex-direction: column;
    height: 52px;
    font-size: 12px;
  }

  .apps .app {
    width: 62px;
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
    background: rgb(255 255 255 / 0.18);
  }

  .tool:focus-visible,
  .app:focus-visible,
  .item:focus-visible {
    outline: 2px solid var(--edu-header-focus-color, #fff);
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

  .fallback {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    background: rgb(255 255 255 / 0.25);
    font-weight: 600;
  }

  .badge {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(35%, -20%);
    min-width: 16px;
    height: 16px;
    padding: 0 4px;
    box-sizing: border-box;
    border-radius: 8px;
    background: var(--edu-header-badge-background, #c8161d);
    /* A white ring keeps the count visible on any header colour, red themes included. */
    box-shadow: 0 0 0 1.5px #fff;
    color: #fff;
    font-size: 11px;
    line-height: 16px;
    text-align: center;
  }

  .welcome {
    white-space: nowrap;
  }

  .menu-wrap {
    position: relative;
  }

  .menu,
  .panel {
    position: absolute;
    top: calc(100% + 4px);
    right: 0;
    z-index: var(--edu-z-popup, 10000);
    margin: 0;
    padding: 4px 0;
    list-style: none;
    background: var(--edu-header-panel-background, #fff);
    color: var(--edu-header-panel-color, #303133);
    border-radius: 4px;
    box-shadow: 0 2px 12px rgb(0 0 0 / 0.15);
    min-width: 140px;
  }

  .panel {
    top: var(--edu-header-height, 60px);
    right: 16px;
    max-width: 100vw;
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
    background: #f2f3f5;
  }

  .panel .app:focus-visible,
  .item:focus-visible {
    outline-color: var(--edu-color-primary, #457cd6);
  }

  .panel .fallback {
    background: var(--edu-color-primary, #457cd6);
    color: #fff;
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
    color: var(--edu-color-primary, #457cd6);
    background: #f2f3f5;
  }

  .actions {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }

  .actions button {
    padding: 6px 16px;
    border: 1px solid #dcdfe6;
    border-radius: 4px;
    background: #fff;
    color: #303133;
    cursor: pointer;
  }

  .actions button.primary {
    background: var(--edu-color-primary, #457cd6);
    border-color: var(--edu-color-primary, #457cd6);
    color: #fff;
  }

  edu-dialog {
    --edu-dialog-width: 420px;
    color: #303133;
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
