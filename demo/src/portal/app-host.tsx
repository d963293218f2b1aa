// An app entry page (spec part 1 §2 "Routes", §6): the user's permissions are fetched first (the menu tree, types 2
// and 4 only), the app's route table is filtered with them, and only then the router is built. A route not in the
// menu list shows not-found (home and hello excepted), `/pc_{appCode}_tm` pages are closed to types 1 and 3, and an
// expired module licence blocks the page.
import { useEffect, useMemo, useState } from 'react';
import { createHashRouter, NavLink, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { checkModuleLicence } from '@edu-portal/core/identity/licence.ts';
import { permittedRoutes } from '@edu-portal/core/permissions/routes.ts';
import { permissions } from '@edu-portal/core/permissions/store.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { Permit } from '@edu-portal/react/permit.tsx';
import { EduLicenceDialog } from '@edu-portal/react/wrappers/edu-licence-dialog.ts';
import { iconLabel } from '@edu-portal/core/desktop/icons.ts';
import { DEVELOPMENT } from '../host/site.ts';
import { APP_ROUTES, routePages, type AppRoute } from './app-routes.ts';
import { desktopHome } from './navigation.ts';
import type { AppPage } from './page-kind.ts';
import { PortalShell, type PortalContext } from './portal-shell.tsx';
import { usePortalTexts } from './texts.ts';

function NotFound({ user }: { user: SessionUser }) {
  const t = usePortalTexts();
  return (
    <section className="portal-card portal-not-found" aria-labelledby="app-not-found">
      <h1 id="app-not-found">{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <a className="portal-link" href={desktopHome(user)}>
        {t.backToDesktop}
      </a>
    </section>
  );
}

/** A page of the app: replaced by not-found when the route is not the user's (spec part 1 §2). */
function AppRoutePage({ route, user }: { route: AppRoute | null; user: SessionUser }) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const location = useLocation();
  const access = permissions.routeAccess({
    pagePath: window.location.pathname,
    route: location.pathname,
    routeName: route ? null : 'home',
  });
  if (access === 'not-found') return <NotFound user={user} />;
  return (
    <section className="portal-card" aria-labelledby="app-page-title">
      <h1 id="app-page-title">{route ? route.title[lang] : t.appHome}</h1>
      <p>{t.appIntro}</p>
      <h2>{t.appActions}</h2>
      <div className="portal-actions">
        {/* Each action shows only with its menu code (the spec's `ape`). */}
        <Permit codes={['homework_publish', 'base_teacher', 'edu_course']}>
          <button type="button">{t.actionPublish}</button>
        </Permit>
        <Permit codes={['homework_stat', 'base_area_report', 'edu_area_stat']}>
          <button type="button">{t.actionExport}</button>
        </Permit>
        <Permit codes="base_sys">
          <button type="button">{t.actionManage}</button>
        </Permit>
      </div>
    </section>
  );
}

function AppMenu({ routes }: { routes: readonly AppRoute[] }) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const items = (list: readonly AppRoute[]) => (
    <ul>
      {list.map((route) =>
        route.children?.length ? (
          <li key={route.title.en}>
            <span className="portal-menu-folder">{route.title[lang]}</span>
            {items(route.children)}
          </li>
        ) : (
          <li key={route.path}>
            <NavLink to={route.path}>{route.title[lang]}</NavLink>
          </li>
        ),
      )}
    </ul>
  );
  return (
    <nav className="portal-app-menu" aria-label={t.appMenu}>
      <h2>{t.appMenu}</h2>
      <ul>
        <li>
          <NavLink to="/" end>
            {t.appHome}
          </NavLink>
        </li>
      </ul>
      {items(routes)}
    </nav>
  );
}

function AppLayout({ routes }: { routes: readonly AppRoute[] }) {
  return (
    <div className="portal-app">
      <AppMenu routes={routes} />
      <Outlet />
    </div>
  );
}

/** The router of the permitted table, made once per permission load. */
function buildRouter(routes: readonly AppRoute[], user: SessionUser) {
  const pages = routePages(routes);
  const children: RouteObject[] = [
    { index: true, element: <AppRoutePage route={null} user={user} /> },
    ...pages.map((route) => ({ path: route.path.slice(1), element: <AppRoutePage route={route} user={user} /> })),
    { path: '*', element: <NotFound user={user} /> },
  ];
  return createHashRouter([{ path: '/', element: <AppLayout routes={routes} />, children }]);
}

function AppContent({ app, user, context }: { app: AppPage; user: SessionUser; context: PortalContext }) {
  const lang = useLanguage();
  const [ready, setReady] = useState(false);
  const [licence, setLicence] = useState<'valid' | 'expired' | 'unchecked'>('unchecked');
  const icon = context.icons.find((candidate) => candidate.code === app.code);

  useEffect(() => {
    let live = true;
    setReady(false);
    void permissions.load(user, app.code).then(() => live && setReady(true));
    void checkModuleLicence({ unitId: user.unitId, serverId: app.serverId, development: DEVELOPMENT }).then(
      (state) => live && setLicence(state),
    );
    return () => {
      live = false;
    };
  }, [user, app.code, app.serverId]);

  const router = useMemo(() => {
    if (!ready) return null;
    const table = APP_ROUTES[app.code] ?? [];
    const notFound: AppRoute = { path: '*', title: { 'zh-CN': '', en: '', 'zh-HK': '' } };
    const routes = permittedRoutes(table, (codes) => permissions.can(codes), notFound).filter((r) => r !== notFound);
    return buildRouter(routes, user);
  }, [ready, app.code, user]);

  useEffect(() => {
    if (icon) document.title = iconLabel(icon, lang);
  }, [icon, lang]);

  return (
    <>
      {router && <RouterProvider router={router} />}
      <EduLicenceDialog
        open={licence === 'expired'}
        moduleName={icon ? iconLabel(icon, lang) : ''}
        homeHref={desktopHome(user)}
      />
    </>
  );
}

/** The whole app page: the portal shell around the app's permitted routes. */
export function AppHost({ app }: { app: AppPage }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PortalShell user={user} onDesktop={false} appCode={app.code} reminders={false}>
      {(context) => <AppContent app={app} user={user} context={context} />}
    </PortalShell>
  );
}
