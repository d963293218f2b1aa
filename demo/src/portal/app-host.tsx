// An app entry page (spec part 1 §2 "Routes", §6): the user's permissions are fetched first (the menu tree, types 2
// and 4 only), the app's route table is filtered with them, and only then the router is built. A route not in the
// menu list shows not-found (home and hello excepted), `/pc_{appCode}_tm` pages are closed to types 1 and 3, and an
// expired module licence blocks the page.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { HashRouter, NavLink, Outlet, useLocation, useRoutes, type RouteObject } from '../router.tsx';
import { client } from '@edu-portal/core/http/client.ts';
import { getDictionary, subscribeDictionary, t as packText } from '@edu-portal/core/i18n/dictionary.ts';
import { loadLanguagePack } from '@edu-portal/core/i18n/packs.ts';
import { checkModuleLicence } from '@edu-portal/core/identity/api.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { permittedRoutes } from '@edu-portal/core/permissions/routes.ts';
import { permissions } from '@edu-portal/core/permissions/store.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { useLanguage, useSession } from '@edu-portal/react/hooks.ts';
import { EduLicenceDialog } from '@edu-portal/react/wrappers/edu-licence-dialog.ts';
import { iconLabel } from '@edu-portal/core/desktop/icons.ts';
import { DEVELOPMENT, ROOT_PATH } from '../host/site.ts';
import { APP_ENTRIES, APP_ROUTES, routePages, type AppRoute } from './app-routes.ts';
import { AppItem } from './app-item.tsx';
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

/** The demo operations: each needs one of its menu codes (the spec's `ape`), and the server checks it again. */
const ACTIONS = [
  { key: 'actionPublish', codes: ['homework_publish', 'base_teacher', 'edu_course'] },
  { key: 'actionExport', codes: ['homework_stat', 'base_area_report', 'edu_area_stat'] },
  { key: 'actionManage', codes: ['base_sys'] },
] as const;

function AppAction({ appCode, label, codes }: { appCode: string; label: string; codes: readonly string[] }) {
  const t = usePortalTexts();
  const run = async () => {
    // The first code the user holds names the operation; the server refuses it without that code.
    const code = codes.find((candidate) => permissions.can(candidate));
    if (!code) return;
    const answer = await client.post<boolean>('/api/base/resource/user/operation', { appCode, code });
    if (answer.data === true) notify({ type: 'success', message: `${t.actionDone}${label}` });
  };
  return (
    <button type="button" onClick={() => void run().catch(() => undefined)}>
      {label}
    </button>
  );
}

/** The actions the user may use, under their heading; no heading when there is none (deny by default). */
function AppActions({ appCode }: { appCode: string }) {
  const t = usePortalTexts();
  // Snapshots are replaced on every change, so this re-renders after each load or reset.
  useSyncExternalStore(permissions.subscribe, permissions.getSnapshot);
  const shown = ACTIONS.filter((action) => permissions.can(action.codes));
  if (shown.length === 0) return null;
  return (
    <>
      <h2>{t.appActions}</h2>
      <div className="portal-actions">
        {shown.map((action) => (
          <AppAction key={action.key} appCode={appCode} label={t[action.key]} codes={action.codes} />
        ))}
      </div>
    </>
  );
}

/**
 * An app's own texts (spec part 2 §4 "Language-pack loading"): the Chinese source here, English and traditional
 * Chinese from the app's language pack (`/pages/{code}/lang/{lang}-{code}.json`, loaded by `AppContent`).
 */
const APP_OWN_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  homework: {
    intro: '在这里为任教班级布置作业、批改已提交的作业，并查看各班完成情况。（本段文字是作业应用自己的。）',
    // Parents and students read what they can do there, not the teacher's work.
    introFamily: '在这里查看布置的作业、提交情况和老师的批改意见。（本段文字是作业应用自己的。）',
  },
};

/** An app's own text in the language in force (its pack's, else the Chinese source), or null when it has none. */
function useAppText(appCode: string, name: string): string | null {
  useLanguage();
  useSyncExternalStore(subscribeDictionary, getDictionary);
  const source = APP_OWN_TEXTS[appCode]?.[name];
  return source === undefined ? null : packText(`${appCode}.${name}`, source);
}

/**
 * A page of the app: replaced by not-found when the route is not the user's (spec part 1 §2). `entry`: one of the
 * app's message and to-do pages (`APP_ENTRIES`), open like home; it shows its item rather than the app's intro.
 */
function AppRoutePage({
  route,
  user,
  appCode,
  entry = false,
}: {
  route: AppRoute | null;
  user: SessionUser;
  appCode: string;
  entry?: boolean;
}) {
  const t = usePortalTexts();
  const lang = useLanguage();
  const location = useLocation();
  // Teachers (and type 4) set the work; everyone else (parents, students, area officers) follows it.
  const teaching = user.userType === 2 || user.userType === 4;
  const intro = useAppText(appCode, teaching ? 'intro' : 'introFamily');
  const access = permissions.routeAccess({
    pagePath: window.location.pathname,
    route: location.pathname,
    routeName: route ? null : 'home',
    openPaths: (APP_ENTRIES[appCode] ?? []).map((page) => page.path),
  });
  if (access === 'not-found') return <NotFound user={user} />;
  return (
    <section className="portal-card" aria-labelledby="app-page-title">
      <h1 id="app-page-title">{route ? route.title[lang] : t.appHome}</h1>
      {!entry && <p>{intro ?? t.appIntro}</p>}
      {route && <AppItem required={entry} />}
      {!entry && <AppActions appCode={appCode} />}
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

/** The routes of the permitted table, made once per permission load. */
function buildRoutes(routes: readonly AppRoute[], user: SessionUser, appCode: string): RouteObject[] {
  const pages = routePages(routes);
  const children: RouteObject[] = [
    { index: true, element: <AppRoutePage route={null} user={user} appCode={appCode} /> },
    ...pages.map((route) => ({
      path: route.path.slice(1),
      element: <AppRoutePage route={route} user={user} appCode={appCode} />,
    })),
    // The pages messages and to-dos lead to; a path that is also a permitted menu page keeps the menu's entry.
    ...(APP_ENTRIES[appCode] ?? [])
      .filter((page) => !pages.some((menuPage) => menuPage.path === page.path))
      .map((page) => ({
        path: page.path.slice(1),
        element: <AppRoutePage route={page} user={user} appCode={appCode} entry />,
      })),
    { path: '*', element: <NotFound user={user} /> },
  ];
  return [{ path: '/', element: <AppLayout routes={routes} />, children }];
}

function Routed({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
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

  const routes = useMemo(() => {
    if (!ready) return null;
    const table = APP_ROUTES[app.code] ?? [];
    const notFound: AppRoute = { path: '*', title: { 'zh-CN': '', en: '', 'zh-HK': '' } };
    const permitted = permittedRoutes(table, (codes) => permissions.can(codes), notFound).filter((r) => r !== notFound);
    return buildRoutes(permitted, user, app.code);
  }, [ready, app.code, user]);

  // The app's language pack, for the language in force (zh-CN has none). Only an app with texts of its own has a
  // pack; asking every app for one logged a 404 on each page in en and zh-HK.
  useEffect(() => {
    if (!APP_OWN_TEXTS[app.code]) return;
    void loadLanguagePack({ code: app.code, appCode: app.code, rootPath: ROOT_PATH, skipCommon: true });
  }, [app.code, lang]);

  useEffect(() => {
    if (icon) document.title = iconLabel(icon, lang);
  }, [icon, lang]);

  return (
    <>
      {routes && (
        <HashRouter>
          <Routed routes={routes} />
        </HashRouter>
      )}
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
