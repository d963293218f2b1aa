/**
 * The module licence check (spec part 1 §2 "Licence-expired blocking dialog", §6 "Module licence", §8): a blocking
 * dialog when the licence call says false; not checked in development; a failing call hides it.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Lang } from '../i18n/language.ts';
import { identityText } from './texts.ts';

export const LICENCE_PATHS = {
  /** `{unitId}`: the unit's licence for the portal itself (the desktop). */
  portal: '/api/base/license/unit_oam',
  /** `{unitId, serverId}`: the unit's licence for one module. */
  module: '/api/base/license/unit',
} as const;

/** `expired` shows the blocking dialog; `valid` and `unchecked` (development, or the call failed) do not. */
export type LicenceState = 'valid' | 'expired' | 'unchecked';

export interface LicenceCheckOptions {
  unitId: string;
  /** The module's server id; without one the portal licence (`unit_oam`) is checked. */
  serverId?: string | null;
  development: boolean;
  client?: Client;
}

/** Only an explicit false is "expired": the spec blocks when the call says false, nothing else. */
export function readLicenceAnswer(data: unknown): Exclude<LicenceState, 'unchecked'> {
  return data === false || data === 'false' ? 'expired' : 'valid';
}

export async function checkModuleLicence({
  unitId,
  serverId,
  development,
  client = defaultClient,
}: LicenceCheckOptions): Promise<LicenceState> {
  if (development || !unitId) return 'unchecked';
  try {
    const envelope = serverId
      ? await client.get(LICENCE_PATHS.module, { unitId, serverId }, { silent: true })
      : await client.get(LICENCE_PATHS.portal, { unitId }, { silent: true });
    return readLicenceAnswer(envelope.data);
  } catch {
    // A failing call hides the dialog (spec §8): an outage must not lock everyone out.
    return 'unchecked';
  }
}

/** The dialog's text: 'This module has expired, please contact the administrator!' in the language shown. */
export function licenceExpiredText(lang?: Lang): string {
  return identityText('moduleExpired', {}, lang);
}
