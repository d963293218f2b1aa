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

export { defineElement } from './internal/define-element.ts';

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
} as const;

export type EduTagName = keyof typeof elementClasses;

/** Defines every element of the package that is not defined yet. */
export function defineElements(): void {
  if (!customElements.get('edu-about-dialog')) customElements.define('edu-about-dialog', EduAboutDialog);
  if (!customElements.get('edu-chart')) customElements.define('edu-chart', EduChart);
  if (!customElements.get('edu-color-picker')) customElements.define('edu-color-picker', EduColorPicker);
  if (!customElements.get('edu-dialog')) customElements.define('edu-dialog', EduDialog);
  if (!customElements.get('edu-empty')) customElements.define('edu-empty', EduEmpty);
  if (!customElements.get('edu-footer')) customElements.define('edu-footer', EduFooter);
  if (!customElements.get('edu-form-dialog')) customElements.define('edu-form-dialog', EduFormDialog);
  if (!customElements.get('edu-header')) customElements.define('edu-header', EduHeader);
  if (!customElements.get('edu-login-box')) customElements.define('edu-login-box', EduLoginBox);
  if (!customElements.get('edu-login-dialog')) customElements.define('edu-login-dialog', EduLoginDialog);
  if (!customElements.get('edu-notice')) customElements.define('edu-notice', EduNotice);
  if (!customElements.get('edu-paged-list')) customElements.define('edu-paged-list', EduPagedList);
  if (!customElements.get('edu-theme-dialog')) customElements.define('edu-theme-dialog', EduThemeDialog);
  if (!customElements.get('edu-viewport')) customElements.define('edu-viewport', EduViewport);
}
