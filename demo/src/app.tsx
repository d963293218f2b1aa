// The demo host's routes. Hash mode, as the spec's router (part 1 §2); unknown paths get the not-found page.
import { createHashRouter, RouterProvider, Outlet, NavLink, useMatches, useParams } from 'react-router';
import { LANGS, isLang } from '@edu-portal/core/i18n/language.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { useTexts } from './i18n.ts';
import { HomePage } from './pages/home.tsx';
import { DialogsPage } from './pages/dialogs.tsx';
import { AboutNavLink, AboutPage } from './pages/blocks/about.tsx';
import { ColorPickerNavLink, ColorPickerPage } from './pages/blocks/color-picker.tsx';
import { EmptyNavLink, EmptyPage } from './pages/blocks/empty.tsx';
import { FormDialogNavLink, FormDialogPage } from './pages/blocks/form-dialog.tsx';
import { HeaderNavLink, HeaderPage } from './pages/blocks/header.tsx';
import { ExportNavLink, ExportPage } from './pages/blocks/export.tsx';
import { ChartNavLink, ChartPage } from './pages/blocks/chart.tsx';
import { PagedListNavLink, PagedListPage } from './pages/blocks/paged-list.tsx';
import { ViewportNavLink, ViewportPage } from './pages/blocks/viewport.tsx';
import { UploadNavLink, UploadPage } from './pages/blocks/upload.tsx';
import { VoiceNavLink, VoicePage } from './pages/blocks/voice.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ApiReference, ReferencePage } from './pages/reference/api-reference.tsx';
import { DesktopPage } from './portal/desktop-page.tsx';
import { HelpPage } from './portal/help-page.tsx';
import { MobileDesktopPage } from './portal/mobile-desktop-page.tsx';
import { SettingsNavLink, SettingsPage } from './portal/settings-page.tsx';
import { SessionPage } from './pages/session.tsx';
import { AccountButtons } from './pages/login/account-buttons.tsx';
import { loginRoutes } from './pages/login/routes.tsx';
import { LoginNavLink, SessionDemoPage } from './pages/login/session-demo-page.tsx';

const languageNames = { 'zh-CN': '简体中文', en: 'English', 'zh-HK': '繁體中文' } as const;

/** A catalogue route's `handle`: the elements the page shows, whose API reference follows the page. */
interface PageHandle {
  elements: string[];
}
const shows = (...elements: string[]): PageHandle => ({ elements });

/** The API reference of the elements the current page shows, below it (from the route's `handle`). */
function PageReferences() {
  const matches = useMatches();
  const tags = matches.flatMap((m) => (m.handle as PageHandle | undefined)?.elements ?? []);
  return (
    <>
      {tags.map((tag) => (
        <ApiReference key={tag} tag={tag} />
      ))}
    </>
  );
}

function ReferenceRoute() {
  const { tag = '' } = useParams();
  return <ReferencePage tag={tag} />;
}

function Layout() {
  const t = useTexts();
  const lang = useLanguage();
  return (
    <div className="demo-shell">
      <header className="demo-header">
        <span className="demo-brand">{t.appName}</span>
        <span className="demo-spacer" />
        <label className="demo-lang">
          {t.language}
          <select
            value={lang}
            onChange={(e) => {
              if (isLang(e.target.value)) chooseLanguage(e.target.value);
            }}
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
        </label>
        <AccountButtons />
      </header>
      <nav className="demo-nav" aria-label={t.navMenu}>
        <NavLink to="/" end>
          {t.navHome}
        </NavLink>
        <h2>{t.navBlocks}</h2>
        <NavLink to="/blocks/dialogs">{t.navDialogs}</NavLink>
        <FormDialogNavLink />
        <ColorPickerNavLink />
        <EmptyNavLink />
        <AboutNavLink />
        <ExportNavLink />
        <PagedListNavLink />
        <ChartNavLink />
        <ViewportNavLink />
        <UploadNavLink />
        <VoiceNavLink />
        <HeaderNavLink />
        <NavLink to="/reference/edu-dialog">{t.navReference}</NavLink>
        <h2>{t.navPortal}</h2>
        {/* Pages of their own (no catalogue around them): the desktop asks for a login first. */}
        <a href="#/desktop">{t.navDesktop}</a>
        <a href="#/mobile">{t.navMobile}</a>
        <SettingsNavLink />
        <a href="/help/">{t.navHelp}</a>
        <h2>{t.navAccount}</h2>
        <NavLink to="/session">{t.navSession}</NavLink>
        <LoginNavLink />
      </nav>
      <main className="demo-main">
        <Outlet />
        <PageReferences />
      </main>
    </div>
  );
}

const router = createHashRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'blocks/dialogs', element: <DialogsPage />, handle: shows('edu-dialog', 'edu-notice') },
      { path: 'blocks/form-dialog', element: <FormDialogPage />, handle: shows('edu-form-dialog') },
      { path: 'blocks/color-picker', element: <ColorPickerPage />, handle: shows('edu-color-picker') },
      { path: 'blocks/empty', element: <EmptyPage />, handle: shows('edu-empty') },
      { path: 'blocks/about', element: <AboutPage />, handle: shows('edu-about-dialog', 'edu-footer') },
      { path: 'blocks/export', element: <ExportPage /> },
      { path: 'blocks/paged-list', element: <PagedListPage />, handle: shows('edu-paged-list') },
      { path: 'blocks/chart', element: <ChartPage />, handle: shows('edu-chart') },
      { path: 'blocks/viewport', element: <ViewportPage />, handle: shows('edu-viewport') },
      { path: 'blocks/upload', element: <UploadPage />, handle: shows('edu-upload') },
      { path: 'blocks/voice', element: <VoicePage />, handle: shows('edu-voice-recorder') },
      { path: 'blocks/header', element: <HeaderPage />, handle: shows('edu-header', 'edu-theme-dialog') },
      { path: 'session', element: <SessionPage /> },
      { path: 'blocks/login', element: <SessionDemoPage />, handle: shows('edu-login-dialog') },
      { path: 'reference/:tag', element: <ReferenceRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The portal (spec part 1 §2): the landing desktops show the pop-up to-dos, /desktop/home shows no user messages.
  { path: 'desktop', element: <DesktopPage reminders /> },
  { path: 'desktop/home', element: <DesktopPage reminders={false} /> },
  { path: 'areaDesktop', element: <DesktopPage reminders /> },
  { path: 'areaDesktop/home', element: <DesktopPage reminders={false} /> },
  // The personal settings (exempt from the login redirect: a signed-out visitor may choose the language).
  { path: 'desktop/setting', element: <SettingsPage /> },
  { path: 'areaDesktop/setting', element: <SettingsPage /> },
  { path: 'mobile', element: <MobileDesktopPage /> },
  { path: 'help', element: <HelpPage /> },
  ...loginRoutes,
]);

export function App() {
  return <RouterProvider router={router} />;
}
