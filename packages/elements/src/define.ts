/**
 * Registration of every `<edu-…>` element. Importing an element module defines nothing (side-effect-free class
 * exports); `defineElements()` does, once, and leaves alone a tag that another copy of the package defined first.
 */
import { EduAboutDialog } from './about-dialog/about-dialog.ts';
import { EduChart } from './chart/chart.ts';
import { EduColorPicker } from './color-picker/color-picker.ts';
import { EduDialog } from './dialog/dialog.ts';
import { EduEmpty } from './empty/empty.ts';
import { EduFooter } from './footer/footer.ts';
import { EduFormDialog } from './form-dialog/form-dialog.ts';
import { EduHeader } from './header/header.ts';
import { EduLoginBox } from './login-box/login-box.ts';
import { EduLoginDialog } from './login-dialog/login-dialog.ts';
import { EduNotice } from './notice/notice.ts';
import { EduPagedList } from './paged-list/paged-list.ts';
import { EduThemeDialog } from './theme-dialog/theme-dialog.ts';
import { EduViewport } from './viewport/viewport.ts';
import { EduChildDialog } from './child-dialog/child-dialog.ts';
import { EduDownloadDialog } from './download-dialog/download-dialog.ts';
import { EduLicenceDialog } from './licence-dialog/licence-dialog.ts';
import { EduDesktop } from './desktop/desktop.ts';
import { EduSideMenu } from './side-menu/side-menu.ts';
import { EduMessageDialog } from './message-dialog/message-dialog.ts';
import { EduModuleExpiryDialog } from './module-expiry/module-expiry.ts';
import { EduTodoPanel } from './todo-panel/todo-panel.ts';
import { EduThemeBackground } from './theme-background/theme-background.ts';
import { EduUpload } from './upload/upload.ts';
import { EduVoiceRecorder } from './voice-recorder/voice-recorder.ts';
import { EduFace } from './face/face.ts';

import { defineElement } from './internal/define-element.ts';

export { defineElement };

/** Tag → class of every element of the package. */
export const elementClasses = {
  'edu-about-dialog': EduAboutDialog,
  'edu-chart': EduChart,
  'edu-color-picker': EduColorPicker,
  'edu-dialog': EduDialog,
  'edu-empty': EduEmpty,
  'edu-footer': EduFooter,
  'edu-form-dialog': EduFormDialog,
  'edu-header': EduHeader,
  'edu-login-box': EduLoginBox,
  'edu-login-dialog': EduLoginDialog,
  'edu-notice': EduNotice,
  'edu-paged-list': EduPagedList,
  'edu-theme-dialog': EduThemeDialog,
  'edu-viewport': EduViewport,
  'edu-child-dialog': EduChildDialog,
  'edu-download-dialog': EduDownloadDialog,
  'edu-licence-dialog': EduLicenceDialog,
  'edu-desktop': EduDesktop,
  'edu-side-menu': EduSideMenu,
  'edu-message-dialog': EduMessageDialog,
  'edu-module-expiry-dialog': EduModuleExpiryDialog,
  'edu-todo-panel': EduTodoPanel,
  'edu-theme-background': EduThemeBackground,
  'edu-upload': EduUpload,
  'edu-face': EduFace,
  'edu-voice-recorder': EduVoiceRecorder,
} as const;

export type EduTagName = keyof typeof elementClasses;

/** Defines every element of the package that is not defined yet. */
export function defineElements(): void {
  for (const [tag, element] of Object.entries(elementClasses)) defineElement(tag, element);
}
