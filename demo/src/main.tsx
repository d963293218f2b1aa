// The demo host's entry: registers every element (which also routes core notices to <edu-notice>), starts the host
// (start checks, language, the login chain, the login dialog as relogin handler, the zoom warning; see
// host/startup.ts) and renders the routes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@edu-portal/elements';
import { initLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { subscribeLanguage } from '@edu-portal/core/i18n/language.ts';
// Before the routes: a production path becomes its hash route first.
import './host/route-from-path.ts';
import { App } from './app.tsx';
import { AppHost } from './portal/app-host.tsx';
import { appPageForPath } from './portal/page-kind.ts';
import { watchResponsiveClass } from './portal/responsive.ts';
import { startHost } from './host/startup.ts';
import { StartupFailed, StartupPending } from './host/startup-view.tsx';
import './styles.css';

document.documentElement.lang = initLanguage();
subscribeLanguage((lang) => (document.documentElement.lang = lang));

watchResponsiveClass();

// An app entry page builds its own router once the user's permissions are in; every other page is the host's.
const appPage = appPageForPath(location.pathname);
const root = createRoot(document.getElementById('root')!);
root.render(<StartupPending />);
startHost().then(
  () => root.render(<StrictMode>{appPage ? <AppHost app={appPage} /> : <App />}</StrictMode>),
  (error: unknown) => root.render(<StartupFailed error={error} />),
);
