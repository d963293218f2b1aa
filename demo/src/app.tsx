// The demo host's routes. Hash mode, as the spec's router (part 1 §2); unknown paths get the not-found page.
import { createHashRouter, RouterProvider, Outlet, NavLink } from 'react-router';
import { LANGS, isLang } from '@edu-portal/core/i18n/language.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';
import { useTexts } from './i18n.ts';
import { HomePage } from './pages/home.tsx';
import { DialogsPage } from './pages/dialogs.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { SessionPage } from './pages/session.tsx';

const languageNames = { 'zh-CN': '简体中文', en: 'English', 'zh-HK': '繁體中文' } as const;

function Layout() {
  const t = useTexts();
  const lang = useLanguage();
  return (
    <div className="demo-shell">
      <header className="demo-header">
        <span className="demo-brand">{t.appName}</span>
        <nav aria-label={t.appName}>
          <NavLink to="/" end>
            {t.navHome}
          </NavLink>
          <NavLink to="/blocks/dialogs">{t.navDialogs}</NavLink>
          <NavLink to="/session">{t.navSession}</NavLink>
        </nav>
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
      </header>
      <main className="demo-main">
        <Outlet />
      </main>
    </div>
  );
}

const router = createHashRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'blocks/dialogs', element: <DialogsPage /> },
      { path: 'session', element: <SessionPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
