/**
 * Single sign-on clients and external apps (docs/decisions.md "Single sign-on (`shiyue_webauth`, reference
 * server)"): every query of `sso_clients` and `external_apps`.
 */
import type { ServerContext } from '../context.ts';

export interface SsoClientRow {
  client_id: string;
  name: string;
  en_name: string;
  secret_hash: string;
  redirect_uris: string;
  scopes: string;
}

export function createSsoRepository(ctx: ServerContext) {
  const { db } = ctx;
  return {
    /** A registered client by id. */
    client(clientId: string): SsoClientRow | undefined {
      return db.prepare('SELECT * FROM sso_clients WHERE client_id = ?').get(clientId) as SsoClientRow | undefined;
    },

    /** The login address of an external app, or undefined when there is no such app. */
    externalAppLoginUrl(appCode: string): string | undefined {
      const row = db.prepare('SELECT login_url FROM external_apps WHERE app_code = ?').get(appCode) as
        { login_url: string } | undefined;
      return row?.login_url;
    },
  };
}
