// The login routes of the demo host (spec part 1 §2). They stand outside the demo's layout: a login page has the
// unit's own frame, not the portal's header.
import type { RouteObject } from 'react-router';
import { page } from '../../lazy-page.ts';

export const loginRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: page(
      () => import('./login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'forgetPassword',
    lazy: page(
      () => import('./forget-password-page.tsx'),
      (m) => m.ForgetPasswordPage,
    ),
  },
  {
    path: 'needtologinpagerelogin',
    lazy: page(
      () => import('./relogin-page.tsx'),
      (m) => m.ReloginPage,
    ),
  },
  {
    path: 'bind',
    lazy: page(
      () => import('./bind-page.tsx'),
      (m) => m.BindPage,
    ),
  },
  // Any path containing 'authorize' reaches this route: startup moves such addresses to #/authorize.
  {
    path: 'authorize',
    lazy: page(
      () => import('./authorize-page.tsx'),
      (m) => m.AuthorizePage,
    ),
  },
];
