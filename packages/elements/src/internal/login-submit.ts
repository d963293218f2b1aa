// What a login form needs once it is submitted: core's login controller (the password or bind call, the remember
// record, the success notice, the landing target) and the navigation a successful login makes. Loaded with the first
// submit, never before (size budgets): a form that is only shown needs none of it.
export { createLoginController } from '@edu-portal/core/auth/controller.ts';
export { applyOutcome } from '@edu-portal/core/auth/navigation.ts';
