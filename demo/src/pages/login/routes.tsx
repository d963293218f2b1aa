// The login routes of the demo host (spec part 1 §2). They stand outside the demo's layout: a login page has the
// unit's own frame, not the portal's header.
import type { RouteObject } from 'react-router';
import { AuthorizePage } from './authorize-page.tsx';
import { BindPage } from './bind-page.tsx';
import { ForgetPasswordPage } from './forget-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { ReloginPage } from './relogin-page.tsx';

export const loginRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'forgetPassword', element: <ForgetPasswordPage /> },
  { path: 'needtologinpagerelogin', element: <ReloginPage /> },
  { path: 'bind', element: <BindPage /> },
  // Any path containing 'authorize' reaches this route: startup moves such addresses to #/authorize.
  { path: 'authorize', element: <AuthorizePage /> },
];
