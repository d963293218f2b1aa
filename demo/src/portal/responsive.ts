// The responsive class of spec part 1 §4 "Theme" (over 1024 px pc, over 400 px ipad, otherwise mobile), kept on the
// root element as `pc`, `ipad` or `mobile` so page styles can follow it.
import { useSyncExternalStore } from 'react';
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

/** The responsive class now, following resizes (React). */
export function useResponsiveClass(): ResponsiveClass {
  return useSyncExternalStore(subscribeResize, () => responsiveClass(window.innerWidth));
}

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
