/**
 * The single-sign-on authorisation route (spec part 1 §2: any path containing 'authorize', whose query must carry
 * `client_id`; §7 `POST /api/uaa/shiyue_webauth`; §8 'Missing client_id, please go back and try again!').
 */
import { webAuthorize } from './api.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { envelopeMessage } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { isRecord } from '../platform/guards.ts';
import { readParam, routePath } from './address.ts';
import { loginPageUrl, type LoginOutcome } from './navigation.ts';
import { safeUrl } from '../platform/safe-url.ts';
import { authText } from './texts.ts';

/** True for the authorisation route: any path (or hash route) containing 'authorize'. */
export function isAuthorizePath(url: string): boolean {
  try {
    return new URL(url).pathname.includes('authorize') || routePath(url).includes('authorize');
  } catch {
    return false;
  }
}

export interface AuthorizeEnv {
  /** Default `location.href`. */
  url?: string;
  client?: Client;
  /** Default: the client's `loginPath`. */
  loginPath?: string;
}

/** Only addresses that pass core's safe-URL rule are followed; the server has checked the client's registration. */
function httpUrl(value: string, base: string): string | null {
  return safeUrl(value, { base });
}

/**
 * Runs the authorisation: without `client_id` an error outcome with the spec's text; without a session the login
 * page (coming back here afterwards); otherwise the address the server answers, either as a URL in `data` or as
 * `{code, state}` to hand to the client's `redirect_uri`. Never rejects.
 */
export async function runAuthorize(env: AuthorizeEnv = {}): Promise<LoginOutcome> {
  const client = env.client ?? defaultClient;
  const url = env.url ?? globalThis.location?.href ?? '';
  const loginPath = env.loginPath ?? client.options.loginPath;
  const lang = client.options.language();
  const param = (key: string) => readParam(url, key) ?? '';
  const clientId = param('client_id');
  if (!clientId) return { kind: 'error', message: authText('missingClientId', {}, lang), loginUrl: null };
  const request = {
    response_type: param('response_type') || 'code',
    client_id: clientId,
    redirect_uri: param('redirect_uri'),
    state: param('state'),
    scope: param('scope'),
    unitHost: (() => {
      try {
        return new URL(url).host;
      } catch {
        return '';
      }
    })(),
  };
  try {
    const envelope = await webAuthorize(request, client);
    if (envelope.status === 401) return { kind: 'go-to-login', url: loginPageUrl(loginPath, url) };
    if (envelope.status === 200) {
      const data = envelope.data;
      let next: string | null = null;
      if (typeof data === 'string') next = httpUrl(data, url);
      else if (isRecord(data) && typeof data['code'] === 'string' && request.redirect_uri) {
        const target = httpUrl(request.redirect_uri, url);
        if (target) {
          const back = new URL(target);
          back.searchParams.set('code', data['code']);
          if (typeof data['state'] === 'string') back.searchParams.set('state', data['state']);
          next = back.href;
        }
      }
      if (next) return { kind: 'go-to-url', url: next };
    }
    return { kind: 'error', message: envelopeMessage(envelope, lang), loginUrl: null };
  } catch (error) {
    return { kind: 'error', message: isRequestError(error) ? error.message : String(error), loginUrl: null };
  }
}
