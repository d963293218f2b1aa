/**
 * The kit's script API for plain pages, `window.EduPortal`: the core's essentials (request client, session,
 * language, safe URLs), `loadCore()` for the whole core, the notice API and `setLanguage`. Importing it makes
 * `<edu-notice>` core's notifier, so messages of the core request client appear as notices. The full bundle exposes
 * it at once with the whole core as `core`; the autoloader loads it when a page awaits `EduPortal.ready`.
 */
import * as essentials from '@edu-portal/core/essentials.ts';
import { notice, showNotice } from './notice/notice.ts';
import type { OpenLoginDialogOptions } from './login-dialog/login-dialog.ts';

export type EduPortalCore = typeof import('@edu-portal/core');

export interface EduPortalKit {
  /**
   * The request client, session, language and safe-URL rule (`@edu-portal/core/essentials`); with the full bundle
   * the whole core.
   */
  core: typeof essentials;
  /** Everything `@edu-portal/core` exports (login chain, theme, upload, export…), loaded on first call. */
  loadCore(): Promise<EduPortalCore>;
  /** `EduPortal.notice.success('…')`, `.info`, `.warning`, `.error`, `.show({type, message, duration})`, `.closeAll()`. */
  notice: typeof notice;
  /** Switches the language of the page's elements (and of the core) live. */
  setLanguage: typeof essentials.setLanguage;
  /**
   * Opens the login dialog (loaded on first call); resolves true once the user has signed in. A plain page's relogin
   * handler: `core.configureClient({ relogin: () => kit.openLoginDialog() })`.
   */
  openLoginDialog(options?: OpenLoginDialogOptions): Promise<boolean>;
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

essentials.setNotifier(showNotice);

export const kit: EduPortalKit = {
  core: essentials,
  loadCore: () => import('@edu-portal/core'),
  notice,
  setLanguage: essentials.setLanguage,
  openLoginDialog: (options) => import('./login-dialog/login-dialog.ts').then((m) => m.openLoginDialog(options)),
};
