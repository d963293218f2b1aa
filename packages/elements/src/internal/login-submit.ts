// What a login form needs once it is submitted: core's login controller (the password, bind or passkey call, the
// remember record, the success notice, the landing target), what the form then shows, and the navigation a
// successful login makes. Loaded with the first submit or passkey pick, never before (the size budgets): a form that
// is only shown needs none of it.
export { createLoginController } from '@edu-portal/core/auth/controller.ts';
export { applyOutcome } from '@edu-portal/core/auth/navigation.ts';
export { settleLogin } from './login-settle.ts';
