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
  WireSessionUser,
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

// Version info (spec part 2 §3, §5, §7, §8).
export {
  VERSION_SEGMENT_DIGITS,
  versionKey,
  compareVersions,
  findVersionMismatches,
  type VersionMismatch,
} from './version/compare.ts';
export {
  versionUrls,
  loadVersionInfo,
  fromWireVersions,
  toWireVersions,
  versionNoteText,
  copyrightYears,
  type VersionInfo,
  type VersionInfoOptions,
  type VersionRecord,
  type VersionNote,
  type WireVersionRecord,
  type PackageInfo,
  type ServerVersionInfo,
} from './version/info.ts';

// Scroll-load helper (spec part 2 §9: threshold 10 px, step 15).
export {
  SCROLL_LOAD_THRESHOLD_PX,
  SCROLL_STEP,
  distanceToBottom,
  isNearBottom,
  createScrollLoad,
  createStepReveal,
  type ScrollLoad,
  type ScrollLoadOptions,
  type StepReveal,
  type StepRevealOptions,
} from './scroll/scroll-load.ts';

// Validation patterns, file pick, formatting, export and downloads (spec part 2 §5, §7, §8, §9). The two password
// rules are exported above with login validation; `validate/patterns.ts` re-exports them for module users.
export {
  ID_CARD_PATTERN,
  PHONE_PATTERN,
  EMAIL_PATTERN,
  CONTACT_PATTERN,
  REJECTED_EXTENSIONS,
  NOT_ALLOWED_UPLOAD_EXTENSIONS,
  IMAGE_EXTENSIONS,
  AUDIO_VIDEO_EXTENSIONS,
  isIdCardNumber,
  isStrictIdCardNumber,
  isPhoneNumber,
  isEmail,
  isContact,
  fileExtension,
  isRejectedFile,
  isUploadAllowed,
  isImageFile,
  isAudioVideoFile,
  stripLeadingZeros,
} from './validate/patterns.ts';
export { fieldError, type FieldRule, type FieldRuleOptions } from './validate/rules.ts';
export {
  checkPickedFile,
  pickFile,
  type FileCheck,
  type FileCheckOptions,
  type FileProblem,
  type PickFileOptions,
} from './validate/file-pick.ts';
export { NUMBER_SUFFIXES, formatNumberSuffix } from './format/number.ts';
export {
  JUST_NOW_SECONDS,
  toEpochMs,
  formatShortDate,
  formatRelativeTime,
  type TimeInput,
  type RelativeTimeOptions,
} from './format/relative-time.ts';
export {
  DOWNLOAD_FORM_REMOVE_MS,
  DOWNLOAD_FRAME_TTL_MS,
  LANGUAGE_PARAM,
  downloadByForm,
  downloadByGet,
  downloadUrl,
  type DownloadFields,
  type DownloadHandle,
  type DownloadOptions,
  type DownloadTarget,
  type FieldValue,
} from './export/download.ts';
export {
  TABLE_TO_XLS_PATH,
  EXPORT_LOADING_RESET_MS,
  EXPORT_SKIP_ATTRIBUTE,
  neutralizeFormula,
  cellText,
  findExportTable,
  exportRows,
  tableToTextHtml,
  exportTable,
  type ExportTableOptions,
  type ExportHandle,
} from './export/table.ts';

// Viewport loader (spec part 2 §2, §3, §4, §7).
export {
  VIEWPORT_REGISTRY,
  ViewportError,
  isViewportName,
  readViewportParams,
  manifestUrl,
  resolveAppUrl,
  manifestEntry,
  fetchManifest,
  clearManifestCache,
  loadScript,
  loadStyle,
  registeredMount,
  loadViewportApp,
  toViewportHandle,
  type ViewportManifest,
  type ViewportParams,
  type ViewportContext,
  type ViewportHandle,
  type ViewportMount,
  type ViewportErrorKind,
  type ViewportOptions,
  type ViewportEntry,
} from './viewport/viewport.ts';

// Portal shell: permissions (spec part 1 §2, §6; part 2 §2, §6).
export {
  ROUTE_RESOURCE_TYPE,
  fromWireMenuTree,
  withoutAreaPart,
  buildCodeKeys,
  codeList,
  hasAnyCode,
  normalizeRoute,
  menuRoutes,
  type MenuNode,
  type WireMenuNode,
  type CodeKeys,
} from './permissions/menu.ts';
export {
  MENU_TREE_USER_TYPES,
  TM_CLOSED_USER_TYPES,
  DEFAULT_OPEN_ROUTES,
  loadsMenuTree,
  filterRoutes,
  permittedRoutes,
  tmPageAppCode,
  routeAccess,
  type PermissionRoute,
  type CodeCheck,
  type RouteAccessInput,
  type RouteAccess,
} from './permissions/routes.ts';
export {
  createPermissionStore,
  permissions,
  type PermissionStatus,
  type PermissionSnapshot,
  type PermissionStore,
  type PermissionStoreOptions,
} from './permissions/store.ts';
export { PERMISSION_PATHS, getMenuTree, hasRole, isAdmin } from './permissions/api.ts';

// Portal shell: desktop, header and left menu (spec part 1 §2, §3, §6, §9).
export {
  parseUserTypes,
  fromWireIcon,
  fromWireIconGroups,
  isSchoolUnit,
  SCHOOL_ONLY_APP_CODES,
  isIconVisible,
  isGroupedDesktop,
  visibleIcons,
  desktopIcons,
  canReorderIcons,
  mergeUnreadCounts,
  mergeGroupUnreadCounts,
  iconLabel,
  iconImage,
  iconFallbackText,
  type AppIcon,
  type IconGroup,
  type IconUser,
  type DesktopIcons,
} from './desktop/icons.ts';
export { titleFontSize, badgeText, headerIcons, headerPanelWidth } from './desktop/header.ts';
export { moveItem, moveBy, moveIconInGroup, iconOrder } from './desktop/reorder.ts';
export {
  recentAppsKey,
  normalizeRecentApps,
  readRecentApps,
  recordRecentApp,
  mergeRecentApps,
  recentIcons,
  type RecentApp,
} from './desktop/recent.ts';
export {
  DEFAULT_LEFT_MENU,
  leftMenuKey,
  readLeftMenu,
  writeLeftMenu,
  toggleLeftMenu,
  toggleLeftMenuLock,
  updateLeftMenu,
  type LeftMenuState,
} from './desktop/left-menu.ts';
export {
  DESKTOP_PATHS,
  DESKTOP_APP_TYPE,
  getAppIconGroups,
  saveIconOrder,
  getUnreadCodeCounts,
  getUnhandledCounts,
  parseThemeSetting,
  getThemeSetting,
  saveThemeSetting,
  appAccessRecord,
  recordAppAccess,
  getRecentApps,
  iconEntryUrl,
  type UnreadCodeCount,
  type UnhandledCounts,
  type ThemeSetting,
  type ThemeSaveScope,
} from './desktop/api.ts';

// Portal shell: messages, module expiry and the pop-up reminders (spec part 1 §2, §3, §4, §7).
export {
  MODULE_IN_USE,
  MODULE_EXPIRING,
  MODULE_EXPIRED,
  moduleExpiryStatus,
  sortModuleExpiry,
  parseModuleExpiry,
  type ModuleExpiryStatus,
  type ModuleExpiry,
  type ModuleExpiryOptions,
} from './messages/expiry.ts';
export {
  OPEN_WAY_MODULE_EXPIRY,
  importanceLevel,
  importanceColor,
  fromWireMessage,
  fromWireMessages,
  fromWirePopupItem,
  fromWirePopupPage,
  messageAction,
  type ImportanceLevel,
  type DesktopMessage,
  type PopupItem,
  type PopupPage,
  type MessageAction,
} from './messages/message.ts';
export {
  systemClock,
  POPUP_SUPPRESSED_KEY,
  isPopupSuppressed,
  createPopupReminder,
  type Clock,
  type PopupSnapshot,
  type PopupReminderOptions,
  type PopupReminder,
} from './messages/popup.ts';
export {
  MESSAGE_PATHS,
  getUnreadMessages,
  markAllMessagesRead,
  markMessageRead,
  getPopupPage,
  handlePopupItem,
  parseMessageConfig,
  getMessageConfig,
  getInsideModules,
  moduleNames,
  type MessageConfig,
  type InsideModule,
} from './messages/api.ts';

// Portal shell: identity switch, children, licence, language dropdown, theme dialog (spec part 1 §2, §4–§6).
export {
  fromWirePairedIdentity,
  identityOptions,
  hasIdentitySwitch,
  canSwitchIdentity,
  identitySwitchTarget,
  type PairedIdentity,
  type IdentityOption,
  type IdentitySwitchContext,
} from './identity/switch.ts';
export {
  canSelectChild,
  rememberedChildKey,
  readRememberedChild,
  rememberChild,
  shouldOpenChildSelection,
  childToSelect,
  type ChildSelectionContext,
} from './identity/children.ts';
export {
  LICENCE_PATHS,
  readLicenceAnswer,
  checkModuleLicence,
  licenceExpiredText,
  type LicenceState,
  type LicenceCheckOptions,
} from './identity/licence.ts';
export {
  LANGUAGE_NAMES,
  languageOptions,
  changeLanguage,
  languageFromSetting,
  type LanguageOption,
  type ChangeLanguageOptions,
} from './identity/language.ts';
export {
  THEME_GROUPS,
  THEME_STYLESHEET_ID,
  themeGroupOf,
  isValidCustomColor,
  showsLayoutChoice,
  initialThemeDraft,
  chooseDraftTheme,
  chooseDraftLayout,
  draftLayout,
  themeStylesheetUrl,
  applyThemeStylesheet,
  saveThemeChoice,
  currentThemeChoice,
  adoptThemeSetting,
  type ThemeGroup,
  type ThemeOption,
  type ThemeDraft,
  type SaveThemeOptions,
  type SaveThemeResult,
  type AdoptThemeOptions,
} from './identity/theme.ts';
export {
  IDENTITY_PATHS,
  getPairedIdentity,
  switchIdentity,
  getChildren,
  getCurrentChild,
  setCurrentChild,
  loadParentContext,
  selectChild,
  type IdentityDeps,
  type SwitchResult,
  type ChildSelectResult,
} from './identity/api.ts';
