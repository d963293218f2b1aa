// The demo host's entry: routes core notices to <edu-notice> (each page defines the elements it renders), follows the
// session's theme, starts the host (start checks, language, the login chain, the login dialog as relogin handler,
// the zoom warning; see host/startup.ts) and renders the routes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNotifier } from '@edu-portal/core/platform/notify.ts';
import { showNotice } from '@edu-portal/elements/notice/notice.ts';
import { initLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { subscribeLanguage } from '@edu-portal/core/i18n/language.ts';
import { followSessionTheme } from '@edu-portal/core/theme/follow.ts';
// Server texts in traditional Chinese for zh-HK (opencc-js, loaded only when zh-HK is chosen).
import '@edu-portal/core/traditional.ts';
// Before the routes: a production path becomes its hash route first.
import './host/route-from-path.ts';
import { appPageForPath } from './portal/page-kind.ts';
import { watchResponsiveClass } from './portal/responsive.ts';
import { startHost } from './host/startup.ts';
import { AppOrLogin } from './host/app-or-login.tsx';
import { StartupFailed, StartupPending } from './host/startup-view.tsx';
// The demo's colours and the kit's token defaults first: every other stylesheet reads them.
import './theme.css';
import './styles.css';

setNotifier(showNotice);
// The page shows the session store's theme: the one kept from the last visit now, each saved one as it is saved.
followSessionTheme();
document.documentElement.lang = initLanguage();
subscribeLanguage((lang) => (document.documentElement.lang = lang));

watchResponsiveClass();

// An app entry page builds its own router once the user's permissions are in; every other page is the host's. An app
// page whose address is a login route (a signed-out visitor or an expired session was sent to `#/login?redirect_uri=`
// in the same document) shows the host's login page, whose sign-in lands back on the app page.
const appPage = appPageForPath(location.pathname);
const root = createRoot(document.getElementById('root')!);
root.render(<StartupPending />);
// The app pages' host and the catalogue's routes load beside the start checks, each in its own chunk.
const view = appPage
  ? import('./portal/app-host.tsx').then(({ AppHost }) => <AppOrLogin app={appPage} AppHost={AppHost} />)
  : import('./app.tsx').then(({ App }) => <App />);
Promise.all([startHost(), view]).then(
  ([, page]) => root.render(<StrictMode>{page}</StrictMode>),
  (error: unknown) => root.render(<StartupFailed error={error} />),
);
