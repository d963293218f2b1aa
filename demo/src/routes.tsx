// The demo host's routes. Hash mode, as the spec's router (part 1 §2); unknown paths get the not-found page. Every
// page is its own chunk (size budgets); the catalogue's frame too, so the login page and the portal never load it.
import type { RouteObject } from './router.tsx';
import { page } from './lazy-page.tsx';
import { loginRoutes } from './pages/login/routes.tsx';

const catalogue = () => import('./catalogue-layout.tsx');
const desktop = () => import('./portal/desktop-page.tsx');
const settings = () => import('./portal/settings-page.tsx');

/** A catalogue route's `handle`: the elements the page shows, whose API reference follows the page. */
export interface PageHandle {
  elements: string[];
}
const shows = (...elements: string[]): PageHandle => ({ elements });

export const routes: RouteObject[] = [
  {
    element: page(catalogue, (m) => m.CatalogueLayout),
    children: [
      {
        index: true,
        element: page(
          () => import('./pages/home.tsx'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'blocks/dialogs',
        element: page(
          () => import('./pages/dialogs.tsx'),
          (m) => m.DialogsPage,
        ),
        handle: shows('edu-dialog', 'edu-notice'),
      },
      {
        path: 'blocks/form-dialog',
        element: page(
          () => import('./pages/blocks/form-dialog.tsx'),
          (m) => m.FormDialogPage,
        ),
        handle: shows('edu-form-dialog'),
      },
      {
        path: 'blocks/color-picker',
        element: page(
          () => import('./pages/blocks/color-picker.tsx'),
          (m) => m.ColorPickerPage,
        ),
        handle: shows('edu-color-picker'),
      },
      {
        path: 'blocks/empty',
        element: page(
          () => import('./pages/blocks/empty.tsx'),
          (m) => m.EmptyPage,
        ),
        handle: shows('edu-empty'),
      },
      {
        path: 'blocks/about',
        element: page(
          () => import('./pages/blocks/about.tsx'),
          (m) => m.AboutPage,
        ),
        handle: shows('edu-about-dialog', 'edu-footer'),
      },
      {
        path: 'blocks/export',
        element: page(
          () => import('./pages/blocks/export.tsx'),
          (m) => m.ExportPage,
        ),
      },
      {
        path: 'blocks/paged-list',
        element: page(
          () => import('./pages/blocks/paged-list.tsx'),
          (m) => m.PagedListPage,
        ),
        handle: shows('edu-paged-list'),
      },
      {
        path: 'blocks/chart',
        element: page(
          () => import('./pages/blocks/chart.tsx'),
          (m) => m.ChartPage,
        ),
        handle: shows('edu-chart'),
      },
      {
        path: 'blocks/viewport',
        element: page(
          () => import('./pages/blocks/viewport.tsx'),
          (m) => m.ViewportPage,
        ),
        handle: shows('edu-viewport'),
      },
      {
        path: 'blocks/upload',
        element: page(
          () => import('./pages/blocks/upload.tsx'),
          (m) => m.UploadPage,
        ),
        handle: shows('edu-upload'),
      },
      {
        path: 'blocks/voice',
        element: page(
          () => import('./pages/blocks/voice.tsx'),
          (m) => m.VoicePage,
        ),
        handle: shows('edu-voice-recorder'),
      },
      {
        path: 'blocks/face',
        element: page(
          () => import('./pages/blocks/face.tsx'),
          (m) => m.FacePage,
        ),
        handle: shows('edu-face'),
      },
      {
        path: 'blocks/header',
        element: page(
          () => import('./pages/blocks/header.tsx'),
          (m) => m.HeaderPage,
        ),
        handle: shows('edu-header', 'edu-theme-dialog'),
      },
      {
        path: 'session',
        element: page(
          () => import('./pages/session.tsx'),
          (m) => m.SessionPage,
        ),
      },
      {
        path: 'blocks/login',
        element: page(
          () => import('./pages/login/session-demo-page.tsx'),
          (m) => m.SessionDemoPage,
        ),
        handle: shows('edu-login-dialog'),
      },
      { path: 'reference/:tag', element: page(catalogue, (m) => m.ReferenceRoute) },
      {
        path: '*',
        element: page(
          () => import('./pages/not-found.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
  // The portal (spec part 1 §2): the landing desktops show the pop-up to-dos, /desktop/home shows no user messages.
  { path: 'desktop', element: page(desktop, (m) => m.LandingDesktop) },
  { path: 'desktop/home', element: page(desktop, (m) => m.HomeDesktop) },
  { path: 'areaDesktop', element: page(desktop, (m) => m.LandingDesktop) },
  { path: 'areaDesktop/home', element: page(desktop, (m) => m.HomeDesktop) },
  // The personal settings (exempt from the login redirect: a signed-out visitor may choose the language).
  { path: 'desktop/setting', element: page(settings, (m) => m.SettingsPage) },
  { path: 'areaDesktop/setting', element: page(settings, (m) => m.SettingsPage) },
  {
    path: 'mobile',
    element: page(
      () => import('./portal/mobile-desktop-page.tsx'),
      (m) => m.MobileDesktopPage,
    ),
  },
  {
    path: 'help',
    element: page(
      () => import('./portal/help-page.tsx'),
      (m) => m.HelpPage,
    ),
  },
  ...loginRoutes,
];
