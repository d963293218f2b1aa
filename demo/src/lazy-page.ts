// A route's page loaded on first visit: its own chunk with the elements it renders, so a page ships only what it
// uses (issue 15). `page(() => import('./x.tsx'), (m) => m.XPage)` is a route's `lazy`.
import type { ComponentType } from 'react';

export const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await load()) });
