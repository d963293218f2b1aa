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
