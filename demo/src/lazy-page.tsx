// A route's page loaded on first visit: its own chunk with the elements it renders, so a page ships only what it
// uses (size budgets). `element: page(() => import('./x.tsx'), (m) => m.XPage)` in a route.
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

export function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ReactElement {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
