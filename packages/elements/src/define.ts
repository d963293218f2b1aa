/**
 * Registration of every `<edu-…>` element. Importing an element module defines nothing (side-effect-free class
 * exports); `defineElements()` does, once, and leaves alone a tag that another copy of the package defined first.
 */
import { EduDialog } from './dialog/dialog.ts';
import { EduNotice } from './notice/notice.ts';

export { defineElement } from './internal/define-element.ts';

/** Tag → class of every element of the package. */
export const elementClasses = {
  'edu-dialog': EduDialog,
  'edu-notice': EduNotice,
} as const;

export type EduTagName = keyof typeof elementClasses;

/** Defines every element of the package that is not defined yet. */
export function defineElements(): void {
  if (!customElements.get('edu-dialog')) customElements.define('edu-dialog', EduDialog);
  if (!customElements.get('edu-notice')) customElements.define('edu-notice', EduNotice);
}
