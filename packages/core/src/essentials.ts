/**
 * The part of @edu-portal/core a plain page needs before anything else (size budgets): the request client, the session,
 * the language and the safe-URL rule. `EduPortal.ready` on the autoloader gives this as `core`, and `loadCore()` the
 * whole core when a page needs more (login chain, upload, export…), so a page that only calls the server never pays
 * for the rest. Every name here is also exported by the package's main entry.
 */
export * from './http/index.ts';
export * from './session/index.ts';
export {
  LANGS,
  DEFAULT_LANG,
  isLang,
  getLanguage,
  setLanguage,
  subscribeLanguage,
  type Lang,
} from './i18n/language.ts';
export { setNotifier, notify, type Notice, type NoticeType, type Notifier } from './platform/notify.ts';
export { safeUrl, httpOrigin, type SafeUrlPolicy } from './platform/safe-url.ts';
