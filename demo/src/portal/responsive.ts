// The responsive class of spec part 1 §4 "Theme" (over 1024 px pc, over 400 px ipad, otherwise mobile), kept on the
// root element as `pc`, `ipad` or `mobile` so page styles can follow it.
import { responsiveClass } from '@edu-portal/core/theme/responsive.ts';
import type { ResponsiveClass } from '@edu-portal/core/theme/constants.ts';

const CLASSES: readonly ResponsiveClass[] = ['pc', 'ipad', 'mobile'];

export function watchResponsiveClass(root: HTMLElement = document.documentElement): () => void {
  const update = () => {
    const current = responsiveClass(window.innerWidth);
    for (const name of CLASSES) root.classList.toggle(name, name === current);
  };
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}
