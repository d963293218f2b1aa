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
export { detectDevice, detectMessagingClient, type Device } from './platform/device.ts';
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
  acceptLogin,
  type DecorationSet,
  type SessionDeps,
} from './api/session.ts';
export {
  LOGIN_PATHS,
  socialLoginPath,
  socialAppInfoPath,
  loginWithUserClient,
  reloginWithAccessToken,
  loginWithTicket,
  socialLogin,
  socialIdentity,
  getWeChatLoginInfo,
  getSocialProviders,
  getSocialInfo,
  bindSocialAccount,
  webAuthorize,
  type WeChatKind,
  type SocialLoginFields,
  type SocialIdentity,
  type SocialProvider,
  type SocialBindFields,
  type WeChatLoginInfo,
  type WebAuthRequest,
} from './api/login.ts';

// Login flows (spec part 1 §2, §4, §5; part 2 §1, §8; DESIGN §6).
export {
  validateLogin,
  meetsPasswordPolicy,
  meetsPasswordCharset,
  type LoginFields,
  type LoginValidation,
} from './auth/validation.ts';
export {
  isAreaUnit,
  idPathFor,
  deployPathFor,
  homeTarget,
  redirectEntryApp,
  redirectEntryTarget,
  specialUnitTarget,
  landingTarget,
  bindPageUrl,
  isLoginRedirectExempt,
  appEntryUrl,
  helpCentreLink,
  type LandingUser,
  type LandingContext,
  type BindPageParams,
  type AppEntry,
  type HelpCentreParams,
  type HelpCentreLink,
} from './auth/landing.ts';
export { safeRedirect, type RedirectPolicy } from './auth/redirect.ts';
export {
  readParam,
  routePath,
  stripParams,
  cleanAddressBar,
  browserAddressBar,
  type AddressBar,
} from './auth/address.ts';
export {
  loginPageUrl,
  isLoginPage,
  loginTarget,
  signedInTarget,
  resolveSiteOptions,
  outcomeUrl,
  applyOutcome,
  openLink,
  type LoginOutcome,
  type LoginVia,
  type LoginSiteOptions,
  type Navigator,
  type LinkOpener,
} from './auth/navigation.ts';
export { readLoginAnswer, INVALID_GRANT, type LoginAnswer } from './auth/result.ts';
export {
  runLoginChain,
  expectSocialState,
  SOCIAL_STATE_KEY,
  autoLoginAttempts,
  WECHAT_AUTHORIZE_URL,
  type LoginChainConfig,
  type LoginChainEnv,
} from './auth/chain.ts';
export {
  createLoginController,
  readBindParams,
  type BindParams,
  type LoginController,
  type LoginControllerOptions,
  type LoginSubmission,
  type LoginSubmitResult,
} from './auth/controller.ts';
export {
  createRememberStore,
  browserCredentialBackend,
  type RememberStore,
  type RememberOptions,
  type RememberedLogin,
  type CredentialBackend,
} from './auth/remember.ts';
export { logoutAndLeave, type LogoutOptions } from './auth/logout.ts';
export { runAuthorize, isAuthorizePath, type AuthorizeEnv } from './auth/authorize.ts';
export {
  StartupError,
  checkAppStart,
  assertAppStart,
  internetExplorerVersion,
  needsOldBrowserWarning,
  zoomPercent,
  isZoomOutOfRange,
  zoomWarning,
  warnIfZoomed,
  showSwitchAccount,
  type StartupProblem,
  type AppStartConfig,
  type ZoomInput,
} from './auth/startup.ts';

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
