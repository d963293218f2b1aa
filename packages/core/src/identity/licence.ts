/**
 * The module licence rule (spec part 1 §2 "Licence-expired blocking dialog", §6 "Module licence", §8): a blocking
 * dialog when the licence call (`checkModuleLicence` in `api.ts`) says false; not checked in development; a failing
 * call hides it.
 */
import type { Lang } from '../i18n/language.ts';
import { identityText } from './texts.ts';

/** `expired` shows the blocking dialog; `valid` and `unchecked` (development, or the call failed) do not. */
export type LicenceState = 'valid' | 'expired' | 'unchecked';

/** Only an explicit false is "expired": the spec blocks when the call says false, nothing else. */
export function readLicenceAnswer(data: unknown): Exclude<LicenceState, 'unchecked'> {
  return data === false || data === 'false' ? 'expired' : 'valid';
}

/** The dialog's text: 'This module has expired, please contact the administrator!' in the language shown. */
export function licenceExpiredText(lang?: Lang): string {
  return identityText('moduleExpired', {}, lang);
}
