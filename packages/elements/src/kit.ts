/**
 * The kit's script API for plain pages, `window.EduPortal`: the core (request client, session, language, theme…),
 * the notice API and `setLanguage`. Importing it makes `<edu-notice>` core's notifier, so messages of the core
 * request client appear as notices. The full bundle exposes it at once; the autoloader loads it when a page awaits
 * `EduPortal.ready`.
 */
import * as core from '@edu-portal/core';
import { setNotifier } from '@edu-portal/core/platform/notify.ts';
import { notice, showNotice } from './notice/notice.ts';

export interface EduPortalKit {
  /** Everything `@edu-portal/core` exports: the request client, session, language, theme, … */
  core: typeof core;
  /** `EduPortal.notice.success('…')`, `.info`, `.warning`, `.error`, `.show({type, message, duration})`, `.closeAll()`. */
  notice: typeof notice;
  /** Switches the language of the page's elements (and of the core) live. */
  setLanguage: typeof core.setLanguage;
}

/**
 * `window.EduPortal`. With the full bundle every field is there at once; with the autoloader only `ready`, which
 * resolves with the kit (`const { core, notice } = await EduPortal.ready` works with both).
 */
export interface EduPortalGlobal extends Partial<EduPortalKit> {
  ready: Promise<EduPortalKit>;
  /** Everything `@edu-portal/elements` exports (full bundle only). */
  elements?: typeof import('./index.ts');
}

declare global {
  interface Window {
    EduPortal: EduPortalGlobal;
  }
}

setNotifier(showNotice);

export const kit: EduPortalKit = { core, notice, setLanguage: core.setLanguage };
