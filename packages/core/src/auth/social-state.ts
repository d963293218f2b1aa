/**
 * The state of a social login this tab started, on its own so a login form can record it without loading the login
 * chain that checks it (size budgets).
 */
import { writeString } from '../platform/storage.ts';

/** sessionStorage: the state of the social login this tab started, compared when the provider comes back. */
export const SOCIAL_STATE_KEY = 'edu_social_state';

/**
 * Records the state of a social login this page starts (the WeChat step does; the login box's QR login should),
 * so that a code coming back with another state (a login link planted by someone else) is refused.
 */
export function expectSocialState(state: string): void {
  writeString('session', SOCIAL_STATE_KEY, state);
}
