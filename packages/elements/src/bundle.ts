/**
 * Entry of the drop-in bundle `dist/edu-elements.js` for plain (legacy) pages: one `<script type="module">` defines
 * every element, installs `<edu-notice>` as core's notifier, and exposes the core and the notice API on
 * `window.EduPortal` for inline scripts.
 */
import * as core from '@edu-portal/core';
import * as elements from './index.ts';

export interface EduPortalGlobal {
  /** Everything `@edu-portal/core` exports: the request client, session, language, theme, … */
  core: typeof core;
  /** Everything `@edu-portal/elements` exports. */
  elements: typeof elements;
  /** `EduPortal.notice.success('…')`, `.info`, `.warning`, `.error`, `.show({type, message, duration})`, `.closeAll()`. */
  notice: typeof elements.notice;
  /** Switches the language of the page's elements (and of the core) live. */
  setLanguage: typeof core.setLanguage;
}

declare global {
  interface Window {
    EduPortal: EduPortalGlobal;
  }
}

const api: EduPortalGlobal = {
  core,
  elements,
  notice: elements.notice,
  setLanguage: core.setLanguage,
};

// A second bundle on the page keeps the first one's object rather than swapping it under running scripts.
window.EduPortal ??= api;

export { core, elements };
export const notice = elements.notice;
