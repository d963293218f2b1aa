// The demo host's routes. Hash mode, as the spec's router (part 1 §2); unknown paths get the not-found page.
import { createHashRouter, RouterProvider, Outlet, NavLink, useMatches, useParams } from 'react-router';
import { LANGS, isLang } from '@edu-portal/core/i18n/language.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { useTexts } from './i18n.ts';
import { page } from './lazy-page.ts';
import { useLoginTexts } from './pages/login/texts.ts';
import { loginRoutes } from './pages/login/routes.tsx';
import { AccountButtons } from './pages/login/account-buttons.tsx';
import { ApiReference, ReferencePage } from './pages/reference/api-reference.tsx';

const desktop = () => import('./portal/desktop-page.tsx');
const settings = () => import('./portal/settings-page.tsx');

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
  const login = useLoginTexts();
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
        <NavLink to="/blocks/form-dialog">{t.navFormDialog}</NavLink>
        <NavLink to="/blocks/color-picker">{t.navColorPicker}</NavLink>
        <NavLink to="/blocks/empty">{t.navEmpty}</NavLink>
        <NavLink to="/blocks/about">{t.navAbout}</NavLink>
        <NavLink to="/blocks/export">{t.navExport}</NavLink>
        <NavLink to="/blocks/paged-list">{t.navPagedList}</NavLink>
        <NavLink to="/blocks/chart">{t.navChart}</NavLink>
        <NavLink to="/blocks/viewport">{t.navViewport}</NavLink>
        <NavLink to="/blocks/upload">{t.navUpload}</NavLink>
        <NavLink to="/blocks/voice">{t.navVoice}</NavLink>
        <NavLink to="/blocks/face">{t.navFace}</NavLink>
        <NavLink to="/blocks/header">{t.navHeader}</NavLink>
        <NavLink to="/reference/edu-dialog">{t.navReference}</NavLink>
        <h2>{t.navPortal}</h2>
        {/* Pages of their own (no catalogue around them): the desktop asks for a login first. */}
        <a href="#/desktop">{t.navDesktop}</a>
        <a href="#/mobile">{t.navMobile}</a>
        <a href="#/desktop/setting">{t.navSettings}</a>
        <a href="/help/">{t.navHelp}</a>
        <h2>{t.navAccount}</h2>
        <NavLink to="/session">{t.navSession}</NavLink>
        <NavLink to="/blocks/login">{login.navLogin}</NavLink>
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
      {
        index: true,
        lazy: page(
          () => import('./pages/home.tsx'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'blocks/dialogs',
        lazy: page(
          () => import('./pages/dialogs.tsx'),
          (m) => m.DialogsPage,
        ),
        handle: shows('edu-dialog', 'edu-notice'),
      },
      {
        path: 'blocks/form-dialog',
        lazy: page(
          () => import('./pages/blocks/form-dialog.tsx'),
          (m) => m.FormDialogPage,
        ),
        handle: shows('edu-form-dialog'),
      },
      {
        path: 'blocks/color-picker',
        lazy: page(
          () => import('./pages/blocks/color-picker.tsx'),
          (m) => m.ColorPickerPage,
        ),
        handle: shows('edu-color-picker'),
      },
      {
        path: 'blocks/empty',
        lazy: page(
          () => import('./pages/blocks/empty.tsx'),
          (m) => m.EmptyPage,
        ),
        handle: shows('edu-empty'),
      },
      {
        path: 'blocks/about',
        lazy: page(
          () => import('./pages/blocks/about.tsx'),
          (m) => m.AboutPage,
        ),
        handle: shows('edu-about-dialog', 'edu-footer'),
      },
      {
        path: 'blocks/export',
        lazy: page(
          () => import('./pages/blocks/export.tsx'),
          (m) => m.ExportPage,
        ),
      },
      {
        path: 'blocks/paged-list',
        lazy: page(
          () => import('./pages/blocks/paged-list.tsx'),
          (m) => m.PagedListPage,
        ),
        handle: shows('edu-paged-list'),
      },
      {
        path: 'blocks/chart',
        lazy: page(
          () => import('./pages/blocks/chart.tsx'),
          (m) => m.ChartPage,
        ),
        handle: shows('edu-chart'),
      },
      {
        path: 'blocks/viewport',
        lazy: page(
          () => import('./pages/blocks/viewport.tsx'),
          (m) => m.ViewportPage,
        ),
        handle: shows('edu-viewport'),
      },
      {
        path: 'blocks/upload',
        lazy: page(
          () => import('./pages/blocks/upload.tsx'),
          (m) => m.UploadPage,
        ),
        handle: shows('edu-upload'),
      },
      {
        path: 'blocks/voice',
        lazy: page(
          () => import('./pages/blocks/voice.tsx'),
          (m) => m.VoicePage,
        ),
        handle: shows('edu-voice-recorder'),
      },
      {
        path: 'blocks/face',
        lazy: page(
          () => import('./pages/blocks/face.tsx'),
          (m) => m.FacePage,
        ),
        handle: shows('edu-face'),
      },
      {
        path: 'blocks/header',
        lazy: page(
          () => import('./pages/blocks/header.tsx'),
          (m) => m.HeaderPage,
        ),
        handle: shows('edu-header', 'edu-theme-dialog'),
      },
      {
        path: 'session',
        lazy: page(
          () => import('./pages/session.tsx'),
          (m) => m.SessionPage,
        ),
      },
      {
        path: 'blocks/login',
        lazy: page(
          () => import('./pages/login/session-demo-page.tsx'),
          (m) => m.SessionDemoPage,
        ),
        handle: shows('edu-login-dialog'),
      },
      { path: 'reference/:tag', element: <ReferenceRoute /> },
      {
        path: '*',
        lazy: page(
          () => import('./pages/not-found.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
  // The portal (spec part 1 §2): the landing desktops show the pop-up to-dos, /desktop/home shows no user messages.
  { path: 'desktop', lazy: page(desktop, (m) => m.LandingDesktop) },
  { path: 'desktop/home', lazy: page(desktop, (m) => m.HomeDesktop) },
  { path: 'areaDesktop', lazy: page(desktop, (m) => m.LandingDesktop) },
  { path: 'areaDesktop/home', lazy: page(desktop, (m) => m.HomeDesktop) },
  // The personal settings (exempt from the login redirect: a signed-out visitor may choose the language).
  { path: 'desktop/setting', lazy: page(settings, (m) => m.SettingsPage) },
  { path: 'areaDesktop/setting', lazy: page(settings, (m) => m.SettingsPage) },
  {
    path: 'mobile',
    lazy: page(
      () => import('./portal/mobile-desktop-page.tsx'),
      (m) => m.MobileDesktopPage,
    ),
  },
  {
    path: 'help',
    lazy: page(
      () => import('./portal/help-page.tsx'),
      (m) => m.HelpPage,
    ),
  },
  ...loginRoutes,
]);

export function App() {
  return <RouterProvider router={router} />;
}
