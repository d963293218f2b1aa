/** Responsive class of a page width (spec part 1 §4 "Theme"): over 1024 pc, over 400 ipad, otherwise mobile. */
import { IPAD_MIN_EXCLUSIVE_PX, PC_MIN_EXCLUSIVE_PX, type ResponsiveClass } from './constants.ts';

export function responsiveClass(width: number): ResponsiveClass {
  if (width > PC_MIN_EXCLUSIVE_PX) return 'pc';
  if (width > IPAD_MIN_EXCLUSIVE_PX) return 'ipad';
  return 'mobile';
}
