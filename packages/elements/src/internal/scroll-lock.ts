/**
 * Reference-counted scroll lock on `<html>`. The page must not move when the lock comes and goes: hiding the
 * overflow removes the scrollbar and widens the page (shoelace#1132, #1894), so the scrollbar's gutter is kept with
 * `scrollbar-gutter: stable`, or with the same width of padding where that property is missing (Safari < 18.2).
 * `--edu-scroll-lock-size` tells fixed-position page furniture how wide the gutter is.
 */
import { pageSingleton } from './page-singleton.ts';

interface LockState {
  readonly holders: Set<object>;
  restore: (() => void) | null;
}

const state = pageSingleton<LockState>('scroll-lock.v1', () => ({ holders: new Set(), restore: null }));

/** Width of the page's vertical scrollbar (0 for overlay scrollbars and when there is nothing to scroll). */
export function scrollbarWidth(): number {
  return Math.max(0, window.innerWidth - document.documentElement.clientWidth);
}

function apply(): () => void {
  const html = document.documentElement;
  const style = html.style;
  // Measured before the overflow is hidden: afterwards the scrollbar, and with it the width, is gone.
  const gutter = scrollbarWidth();
  const saved = {
    overflow: style.overflow,
    scrollbarGutter: style.getPropertyValue('scrollbar-gutter'),
    paddingRight: style.paddingRight,
  };
  if (gutter > 0) {
    if (CSS.supports('scrollbar-gutter', 'stable')) {
      if (!getComputedStyle(html).getPropertyValue('scrollbar-gutter').includes('stable')) {
        style.setProperty('scrollbar-gutter', 'stable');
      }
    } else {
      const padding = parseFloat(getComputedStyle(html).paddingRight) || 0;
      style.paddingRight = `${padding + gutter}px`;
    }
  }
  style.setProperty('--edu-scroll-lock-size', `${gutter}px`);
  style.overflow = 'hidden';
  html.setAttribute('data-edu-scroll-lock', '');
  return () => {
    style.overflow = saved.overflow;
    style.paddingRight = saved.paddingRight;
    if (saved.scrollbarGutter) style.setProperty('scrollbar-gutter', saved.scrollbarGutter);
    else style.removeProperty('scrollbar-gutter');
    style.removeProperty('--edu-scroll-lock-size');
    html.removeAttribute('data-edu-scroll-lock');
  };
}

/** Locks page scrolling on behalf of `holder`; the page scrolls again when every holder has unlocked. */
export function lockScroll(holder: object): void {
  if (state.holders.has(holder)) return;
  state.holders.add(holder);
  if (state.holders.size === 1) state.restore = apply();
}

export function unlockScroll(holder: object): void {
  if (!state.holders.delete(holder)) return;
  if (state.holders.size === 0) {
    state.restore?.();
    state.restore = null;
  }
}

/** How many holders keep the page locked. */
export function scrollLockCount(): number {
  return state.holders.size;
}
