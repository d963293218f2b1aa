// A table that may scroll sideways (a narrow window, a long language): the scroll region is focusable and named, so
// a keyboard user can scroll it with the arrow keys (axe `scrollable-region-focusable`).
import type { ReactNode } from 'react';

export function ScrollX({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="demo-scroll-x" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
