/** Public API of @edu-portal/core: the framework-free core shared by elements, React hosts and legacy pages. */

// Constants (spec part 1 §9, part 2 §9) and storage keys.
export * from './constants.ts';

// Platform: the one notifier hook, safe storage, device, MD5.
export { setNotifier, notify, type Notice, type NoticeType, type Notifier } from './platform/notify.ts';
export {
  readString,
  writeString,
  removeKey,
  clearArea,
  readJson,
  writeJson,
  type StorageArea,
} from './platform/storage.ts';
export { detectDevice, type Device } from './platform/device.ts';
export { md5Hex } from './platform/md5.ts';

// Requests.
export {
  createClient,
  client,
  configureClient,
  request,
  defaultClientOptions,
  METHODS,
  type Client,
  type ClientOptions,
  type Method,
  type RequestOptions,
  type JsonOptions,
  type Relogin,
  type ReloginHandler,
} from './http/client.ts';
export { decodeEnvelope, envelopeMessage, type Envelope } from './http/envelope.ts';
export { RequestError, isRequestError, type RequestErrorKind, type FieldError } from './http/errors.ts';
export { verifySignature, newSignature } from './http/signature.ts';

// Session.
export { createSessionStore, session, type SessionStore, type ThemeChoice } from './session/store.ts';
export type {
  SessionSnapshot,
  SessionUser,
  Child,
  ParentContext,
  UnitFlags,
  CampusUnit,
  LoginStatus,
  LoginMessage,
} from './session/types.ts';

// Wire mapping and session calls.
export {
  WIRE_NAMES,
  fromWireUser,
  toWireUser,
  fromWireChildren,
  parseCampusUnits,
  type WireUser,
  type WireChild,
  type WireSessionRecord,
} from './api/user.ts';
export {
  SESSION_PATHS,
  getMe,
  checkLogin,
  loginWithPassword,
  logoutCall,
  getLoginConfig,
  parseDecorationSet,
  type DecorationSet,
} from './api/session.ts';

// Language.
export {
  LANGS,
  DEFAULT_LANG,
  isLang,
  getLanguage,
  setLanguage,
  subscribeLanguage,
  type Lang,
} from './i18n/language.ts';
export {
  resolveLanguage,
  readChosenLanguage,
  initLanguage,
  chooseLanguage,
  type LanguageSources,
} from './i18n/resolve.ts';
export { pickBilingual, BILINGUAL_SEPARATOR } from './i18n/bilingual.ts';
export {
  t,
  mergeDictionary,
  getDictionary,
  clearDictionary,
  subscribeDictionary,
  type Dictionary,
} from './i18n/dictionary.ts';
export {
  loadLanguagePack,
  commonPackUrl,
  modulePackUrl,
  packRootPath,
  type LanguagePackOptions,
} from './i18n/packs.ts';
export { coreText, type CoreTextKey } from './i18n/messages.ts';

// Theme.
export * from './theme/constants.ts';
export {
  isNamedTheme,
  isThemeValue,
  isLayout,
  resolveTheme,
  resolveLayout,
  themePrimaryColor,
  themePalette,
  themeCustomProperties,
  applyTheme,
  type ThemePalette,
} from './theme/theme.ts';
export { responsiveClass } from './theme/responsive.ts';
export { readStoredTheme, writeStoredTheme, type StoredTheme } from './theme/storage.ts';
export { parseHex, mix, toHex, type Rgb } from './theme/color.ts';
