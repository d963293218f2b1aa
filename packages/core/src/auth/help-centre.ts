/**
 * Opening the help centre (spec part 1 §2: a new window on the desktop, the same window on mobile, with redUrl,
 * accessToken, unitId and an optional key). The `accessToken` is a handover token: 5 minutes, one `relogin`
 * (handover tokens), so the one stored with the user may be spent or stale when the link is followed. The help
 * centre therefore gets a fresh one, asked of the spec's current-user call (`me`) as it opens, and never stored.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRecord } from '../platform/guards.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import { getMe } from './api.ts';
import { helpCentreLink, type HelpCentreParams } from './landing.ts';

export interface OpenHelpCentreOptions extends Omit<HelpCentreParams, 'accessToken'> {
  client?: Client;
  session?: SessionStore;
  /** The window the help centre opens from; default `window`. */
  view?: Window;
}

/** A fresh handover token from `me`; the stored one when `me` gives none (the help centre then asks for a login). */
async function freshHandoverToken(client: Client, session: SessionStore): Promise<string> {
  const stored = session.getSnapshot().user?.accessToken ?? '';
  try {
    const envelope = await getMe(client);
    const token = isRecord(envelope.data) ? envelope.data['accessToken'] : undefined;
    return envelope.status === 200 && typeof token === 'string' && token ? token : stored;
  } catch {
    return stored;
  }
}

/**
 * Opens the help centre with a fresh handover token. The new window is opened at once (while the click still
 * counts as the user's, so no popup blocker stops it), without an opener, and sent to the help centre when the
 * token has come. Returns false, having done nothing, when the address is not safe or no window could be opened:
 * the caller's link then opens it with the stored token.
 */
export function openHelpCentre({
  client = defaultClient,
  session = defaultSession,
  view = window,
  ...params
}: OpenHelpCentreOptions): boolean {
  const probe = helpCentreLink({ ...params, accessToken: '' });
  if (!probe) return false;
  const target = probe.target === '_blank' ? view.open('', '_blank') : view;
  if (!target) return false;
  if (target !== view) target.opener = null;
  void freshHandoverToken(client, session).then((accessToken) => {
    const link = helpCentreLink({ ...params, accessToken });
    if (!link) return;
    // The new window's blank page is not kept in its history; the same window keeps the way back to the portal.
    if (target === view) view.location.assign(link.url);
    else target.location.replace(link.url);
  });
  return true;
}
