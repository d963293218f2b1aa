/** Login flows and the login and session calls (spec part 1 §2, §4, §5, §7; part 2 §1, §8; DESIGN §6). */
export {
  SESSION_PATHS,
  getMe,
  checkLogin,
  loginWithPassword,
  logoutCall,
  getLoginConfig,
  parseDecorationSet,
  acceptLogin,
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
  getUnitConfig,
  type DecorationSet,
  type SessionDeps,
  type WeChatKind,
  type SocialLoginFields,
  type SocialIdentity,
  type SocialProvider,
  type SocialBindFields,
  type WeChatLoginInfo,
  type WebAuthRequest,
  type ConfigAnswer,
} from './api.ts';
export {
  validateLogin,
  meetsPasswordPolicy,
  meetsPasswordCharset,
  type LoginFields,
  type LoginValidation,
} from './validation.ts';
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
} from './landing.ts';
export { openHelpCentre, type OpenHelpCentreOptions } from './help-centre.ts';
export { safeRedirect, type RedirectPolicy } from './redirect.ts';
export {
  readParam,
  routePath,
  stripParams,
  cleanAddressBar,
  browserAddressBar,
  readBindParams,
  type AddressBar,
  type BindParams,
} from './address.ts';
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
} from './navigation.ts';
export { readLoginAnswer, INVALID_GRANT, type LoginAnswer } from './result.ts';
export {
  runLoginChain,
  expectSocialState,
  SOCIAL_STATE_KEY,
  autoLoginAttempts,
  WECHAT_AUTHORIZE_URL,
  type LoginChainConfig,
  type LoginChainEnv,
} from './chain.ts';
export {
  createLoginController,
  type LoginController,
  type LoginControllerOptions,
  type LoginSubmission,
  type LoginSubmitResult,
} from './controller.ts';
export { browserCredentialBackend } from './remember-secret.ts';
export {
  createRememberStore,
  hasPasswordCredentials,
  type RememberStore,
  type RememberOptions,
  type RememberedLogin,
  type CredentialBackend,
} from './remember.ts';
export { logoutAndLeave, type LogoutOptions } from './logout.ts';
// Passkeys: the calls themselves are in '@edu-portal/core/auth/passkeys.ts', loaded when used (with the WebAuthn
// library); the check whether a browser supports them and the types are here.
export { passkeysSupported } from './passkey-support.ts';
export type { Passkey, PasskeyErrorKind } from './passkeys.ts';
export { runAuthorize, isAuthorizePath, type AuthorizeEnv } from './authorize.ts';
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
} from './startup.ts';
