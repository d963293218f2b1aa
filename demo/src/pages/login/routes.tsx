// The login routes of the demo host (spec part 1 §2). They stand outside the demo's layout: a login page has the
// unit's own frame, not the portal's header. Each page is its own chunk, so the portal never loads them (size budgets).
import { page } from '../../lazy-page.tsx';
import type { RouteObject } from '../../router.tsx';

export const loginRoutes: RouteObject[] = [
  {
    path: 'login',
    element: page(
      () => import('./login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'forgetPassword',
    element: page(
      () => import('./forget-password-page.tsx'),
      (m) => m.ForgetPasswordPage,
    ),
  },
  {
    path: 'needtologinpagerelogin',
    element: page(
      () => import('./relogin-page.tsx'),
      (m) => m.ReloginPage,
    ),
  },
  {
    path: 'bind',
    element: page(
      () => import('./bind-page.tsx'),
      (m) => m.BindPage,
    ),
  },
  // Any path containing 'authorize' reaches this route: startup moves such addresses to #/authorize.
  {
    path: 'authorize',
    element: page(
      () => import('./authorize-page.tsx'),
      (m) => m.AuthorizePage,
    ),
  },
];
