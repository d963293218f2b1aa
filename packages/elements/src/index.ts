/**
 * @edu-portal/elements: the Lit elements of the kit. Importing this module defines every `<edu-…>` element and
 * makes `<edu-notice>` core's notifier, so messages of the core request client appear as notices.
 * For side-effect-free imports use the element modules (`@edu-portal/elements/dialog/dialog.ts`) and `define.ts`.
 */
import { setNotifier } from '@edu-portal/core/platform/notify.ts';
import { defineElements } from './define.ts';
import { showNotice } from './notice/notice.ts';

export { EduDialog, positionConverter } from './dialog/dialog.ts';
export type { DialogPlacement, DialogInset, DialogInsets, DialogPosition } from './dialog/dialog.ts';
export {
  EduFormDialog,
  type FormDialogMode,
  type FormDialogVariant,
  type FormDialogValidation,
  type FormDialogValidationContext,
  type FormDialogValidator,
  type EduFormSubmitDetail,
  type EduFormSubmitEvent,
  type EduFormRequestCloseDetail,
  type FormValues,
} from './form-dialog/form-dialog.ts';
export {
  EduColorPicker,
  DEFAULT_COLOR,
  FONT_SIZES,
  FONT_FAMILIES,
  type ColorSwatch,
  type ColorPickerPlacement,
  type EduColorChangeDetail,
  type EduColorChangeEvent,
} from './color-picker/color-picker.ts';
export { EduEmpty, type EmptyType } from './empty/empty.ts';
export { EduAboutDialog, ABOUT_DIALOG_WIDTH, missingVersionText, mismatchText } from './about-dialog/about-dialog.ts';
export { EduFooter, type FooterMessage, type RecordFiling } from './footer/footer.ts';
export { EduLoginBox, type LoginBoxMode } from './login-box/login-box.ts';
export {
  EduLoginDialog,
  openLoginDialog,
  type OpenLoginDialogOptions,
  type LoginDialogAction,
  type LoginDialogReason,
  type EduLoginDialogCloseDetail,
} from './login-dialog/login-dialog.ts';
export type {
  LoginSuccessOutcome,
  EduLoginDetail,
  EduLoginSubmitDetail,
  EduLoginFailedDetail,
  EduForgotPasswordDetail,
  EduLoginEvent,
  EduLoginSubmitEvent,
  EduLoginFailedEvent,
  EduForgotPasswordEvent,
} from './internal/login-form.ts';
export {
  EduNotice,
  DEFAULT_NOTICE_DURATION,
  showNotice,
  closeAllNotices,
  notice,
  type NoticeHandle,
  type Notice,
  type NoticeType,
} from './notice/notice.ts';
export type {
  EduCloseSource,
  EduCloseDetail,
  EduRequestCloseDetail,
  EduCloseEvent,
  EduRequestCloseEvent,
  EduOpenEvent,
} from './internal/events.ts';
export {
  EduPagedList,
  DEFAULT_PAGED_LAYOUT,
  type PageApi,
  type PagedMethod,
  type PageResult,
  type PagedLayoutItem,
  type PagedRender,
  type PagedState,
  type EduPageChangeDetail,
  type EduPageChangeEvent,
  type EduPageLoadEvent,
  type EduPageErrorEvent,
} from './paged-list/paged-list.ts';
export {
  EduChart,
  CHART_THEME_NAMES,
  CHART_RESIZE_THROTTLE_MS,
  type ChartTheme,
  type EduChartClickDetail,
  type EduChartClickEvent,
  type EduChartReadyEvent,
} from './chart/chart.ts';
export {
  EduViewport,
  type EduViewportErrorKind,
  type EduAppLoadDetail,
  type EduAppErrorDetail,
  type EduAppLoadEvent,
  type EduAppErrorEvent,
} from './viewport/viewport.ts';
export {
  EduHeader,
  type HeaderUser,
  type EduSwitchIdentityDetail,
  type EduChangeLanguageDetail,
  type EduOpenAppDetail,
  type EduSwitchIdentityEvent,
  type EduChangeLanguageEvent,
  type EduOpenAppEvent,
} from './header/header.ts';
export { EduThemeDialog, type EduThemeConfirmDetail, type EduThemeConfirmEvent } from './theme-dialog/theme-dialog.ts';
export { EduChildDialog, type EduChildSelectDetail, type EduChildSelectEvent } from './child-dialog/child-dialog.ts';
export { EduDownloadDialog, safeLinkUrl } from './download-dialog/download-dialog.ts';
export { EduLicenceDialog } from './licence-dialog/licence-dialog.ts';
export { EduDesktop, type EduReorderDetail, type EduReorderEvent } from './desktop/desktop.ts';
export { EduSideMenu, type EduSideMenuChangeDetail, type EduSideMenuChangeEvent } from './side-menu/side-menu.ts';
export {
  EduMessageDialog,
  type EduMessageDetail,
  type EduMessageOpenEvent,
  type EduMessageReadEvent,
} from './message-dialog/message-dialog.ts';
export type { ModuleNames } from './message-dialog/message-parts.ts';
export { EduModuleExpiryDialog } from './module-expiry/module-expiry.ts';
export { EduTodoPanel, type EduTodoOpenDetail, type EduTodoOpenEvent } from './todo-panel/todo-panel.ts';
export {
  EduThemeBackground,
  BACKGROUND_THEMES,
  isBackgroundTheme,
  type BackgroundTheme,
} from './theme-background/theme-background.ts';
export {
  EduUpload,
  formatBytes,
  type EduStoredFile,
  type EduUploadProgressDetail,
  type EduUploadProgressEvent,
  type EduUploadSuccessDetail,
  type EduUploadSuccessEvent,
  type EduUploadErrorDetail,
  type EduUploadErrorEvent,
} from './upload/upload.ts';
export {
  EduVoiceRecorder,
  type VoicePhase,
  type VoiceErrorKind,
  type VoiceResultDetail,
  type VoiceErrorDetail,
  type EduVoiceResultEvent,
  type EduVoiceErrorEvent,
} from './voice-recorder/voice-recorder.ts';
export { permit, ape, type PermitCodes } from './permit/permit.ts';
export { defineElements, defineElement, elementClasses, type EduTagName } from './define.ts';
export { ensureLocalization, currentLocale, localeReady } from './internal/localize.ts';
export {
  registerOverlay,
  unregisterOverlay,
  subscribeOverlays,
  openOverlays,
  topOverlay,
  topModal,
  isTopOverlay,
  type Overlay,
  type OverlayKind,
} from './internal/overlay-stack.ts';
export { lockScroll, unlockScroll, scrollLockCount } from './internal/scroll-lock.ts';

defineElements();
setNotifier(showNotice);
