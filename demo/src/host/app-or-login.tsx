// Login chain on an app entry page: the page's own router knows only the app's routes, so while the address is a
// login route (the chain, the client's relogin redirect or a signed-out check sent the visitor to
// `#/login?redirect_uri=…` in the same document) the host's routes render instead (loaded then, in their own
// chunk), and the login page's way back leads to the app page again.
import { Suspense, lazy, useSyncExternalStore, type ComponentType } from 'react';
import type { AppPage } from '../portal/page-kind.ts';
import { isLoginRoute } from './site.ts';
import { StartupPending } from './startup-view.tsx';

const HostRoutes = lazy(() => import('../app.tsx').then(({ App }) => ({ default: App })));

function subscribeAddress(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  addEventListener('popstate', onChange);
  return () => {
    removeEventListener('hashchange', onChange);
    removeEventListener('popstate', onChange);
  };
}

export function AppOrLogin({ app, AppHost }: { app: AppPage; AppHost: ComponentType<{ app: AppPage }> }) {
  const loginRoute = useSyncExternalStore(subscribeAddress, () => isLoginRoute());
  if (!loginRoute) return <AppHost app={app} />;
  return (
    <Suspense fallback={<StartupPending />}>
      <HostRoutes />
    </Suspense>
  );
}
