// The catalogue's frame: header with the language and account, the navigation, the page, and the API reference of
// the elements the page shows. Loaded with the first catalogue page, never by the login page or the portal (size budgets).
import { NavLink, Outlet, matchRoutes, useLocation, useParams } from './router.tsx';
import { useTexts } from './i18n.ts';
import { LanguageMenu } from './language-menu.tsx';
import { useLoginTexts } from './pages/login/texts.ts';
import { AccountButtons } from './pages/login/account-buttons.tsx';
import { ApiReference, ReferencePage } from './pages/reference/api-reference.tsx';
import { routes, type PageHandle } from './routes.tsx';

/** The API reference of the elements the current page shows, below it (from the route's `handle`). */
function PageReferences() {
  const matches = matchRoutes(routes, useLocation()) ?? [];
  const tags = matches.flatMap((m) => (m.route.handle as PageHandle | undefined)?.elements ?? []);
  return (
    <>
      {tags.map((tag) => (
        <ApiReference key={tag} tag={tag} />
      ))}
    </>
  );
}

export function ReferenceRoute() {
  const { tag = '' } = useParams();
  return <ReferencePage tag={tag} />;
}

export function CatalogueLayout() {
  const t = useTexts();
  const login = useLoginTexts();
  return (
    <div className="demo-shell">
      <header className="demo-header">
        <span className="demo-brand">{t.appName}</span>
        <span className="demo-spacer" />
        <LanguageMenu label={t.language} className="demo-lang" />
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
