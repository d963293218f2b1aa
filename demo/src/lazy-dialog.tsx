// A dialog whose module loads the first time it opens (size budgets): a page does not pay for dialogs the user may never
// open (the theme dialog with its colour picker, downloads). Once opened it stays mounted, so closing and opening
// again keep the element and its state, as an eager dialog would.
import { lazy, Suspense, useState, type ComponentType, type JSX } from 'react';

export function lazyDialog<P extends { open?: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    // Updating this component's own state while rendering is React's way to derive "has ever been open".
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return LazyDialog;
}
