/**
 * The login form's logic (spec part 1 §4 "Login result", §5, §8), for `<edu-login-box>`, `<edu-login-dialog>` and
 * legacy forms alike: validation, one submit at a time, the password login, the remember record, the success notice
 * and where to go next. It returns what happened; the form shows messages and calls `applyOutcome`.
 */
import { bindSocialAccount, loginWithPassword } from './api.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRequestError } from '../http/errors.ts';
import { notify, notifyAcrossPages } from '../platform/notify.ts';
import { removeKey } from '../platform/storage.ts';
import type { SessionStore } from '../session/store.ts';
import { readParam, type BindParams } from './address.ts';
import { bindPageUrl } from './landing.ts';
import {
  leavesDocument,
  loginTarget,
  resolveSiteOptions,
  type LoginOutcome,
  type LoginSiteOptions,
  type LoginVia,
} from './navigation.ts';
import type { PasskeyAssertion, PasskeyErrorKind } from './passkeys.ts';
import { coreText } from '../i18n/messages.ts';
import type { SessionUser } from '../session/types.ts';
import type { RememberStore } from './remember.ts';
import { readLoginAnswer } from './result.ts';
import { validateLogin, type LoginFields } from './validation.ts';
import { authText } from './texts.ts';

export interface LoginSubmission extends LoginFields {
  /** The "remember password" box: true saves the login, false forgets any remembered one. */
  remember?: boolean;
}

export type LoginSubmitResult =
  /** Another submit is in progress: this one did nothing. */
  | { kind: 'ignored' }
  /** Empty fields: nothing was sent; a text per field. */
  | { kind: 'invalid'; errors: Partial<Record<keyof LoginFields, string>> }
  /** The server refused: `errors` per field for the form (clear the old ones first), `message` the whole text. */
  | {
      kind: 'failed';
      status: number;
      code: string;
      message: string;
      errors: Partial<Record<keyof LoginFields, string>>;
    }
  | Extract<LoginOutcome, { kind: 'logged-in' | 'go-to-bind' }>
  /** A passkey sign-in did not happen: `reason` says why, `message` in the language in force. */
  | { kind: 'passkey-failed'; reason: PasskeyErrorKind; message: string; status: number; code: string };

type PasskeyFailure = { kind: PasskeyErrorKind; status: number; code: string };

export interface LoginControllerOptions extends Partial<LoginSiteOptions> {
  client?: Client;
  session?: SessionStore;
  /** Where "remember password" keeps the login; null: the box is ignored. */
  remember?: RememberStore | null;
  /**
   * False for the login dialog: a login there keeps the user on the page (the dialog closes and the waiting
   * requests are retried), so `target` is null. Default true (the login page).
   */
  redirect?: boolean;
  /** The current address (for `redirect_uri` and the origin); default `location.href`. */
  url?: () => string;
  /** Sent to the bind page; default the `deviceId` query parameter. */
  deviceId?: string | null;
  /**
   * The bind page's form: the social identity to bind (`readBindParams(location.href)`). The submit then posts
   * `POST /api/uaa/social/bind` with the credentials and this identity instead of the password login.
   */
  bind?: BindParams | null;
}

export interface LoginController {
  submit(submission: LoginSubmission): Promise<LoginSubmitResult>;
  /**
   * Signs in with a passkey (docs/decisions.md "Passkeys"), landing as a password login does. `assertion`: the one
   * the account field's autofill already got (`awaitPasskeyAutofill`); otherwise the browser asks now.
   */
  signInWithPasskey(options?: { assertion?: PasskeyAssertion | undefined }): Promise<LoginSubmitResult>;
  /** True while a login is in flight (the sign-in button's loading state). */
  readonly busy: boolean;
  /** Called whenever `busy` changes; returns the unsubscribe function. */
  subscribe(listener: (busy: boolean) => void): () => void;
}

export function createLoginController(options: LoginControllerOptions = {}): LoginController {
  const client = options.client ?? defaultClient;
  const session = options.session ?? client.options.session;
  const currentUrl = options.url ?? (() => globalThis.location?.href ?? '');
  const listeners = new Set<(busy: boolean) => void>();
  let busy = false;

  function setBusy(value: boolean): void {
    busy = value;
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }

  const site = (): LoginSiteOptions => resolveSiteOptions(options, client);

  async function keepRemembered(submission: LoginSubmission, username: string, password: string): Promise<void> {
    const remember = options.remember;
    if (!remember || submission.remember === undefined) return;
    try {
      if (submission.remember) await remember.save({ username, password });
      else await remember.forget();
    } catch {
      /* remembering is a convenience: the login itself succeeded */
    }
  }

  async function run(submission: LoginSubmission): Promise<LoginSubmitResult> {
    const lang = client.options.language();
    const checked = validateLogin(submission, lang);
    if (!checked.valid) return { kind: 'invalid', errors: checked.errors };
    const { username, password } = checked.values;
    const bind = options.bind ?? null;
    let answer;
    try {
      const envelope = bind
        ? await bindSocialAccount({ username, password, ...bind }, { client, session })
        : await loginWithPassword(username, password, { client, session });
      // On the bind page an unbound answer is a refusal: going to the bind page again would only loop.
      answer = readLoginAnswer(envelope, session, lang, { bindable: !bind });
    } catch (error) {
      // No answer (network, timeout): the form shows it; nothing was noticed for a noIntercept call.
      const message = isRequestError(error) ? error.message : String(error);
      const status = isRequestError(error) ? error.status : 0;
      const code = isRequestError(error) ? error.code : '';
      return { kind: 'failed', status, code, message, errors: { password: message } };
    }
    const url = currentUrl();
    if (answer.kind === 'bind') {
      const where = site();
      const target = bindPageUrl({
        development: where.development,
        rootPath: where.rootPath,
        ...answer.identity,
        deviceId: options.deviceId ?? readParam(url, 'deviceId') ?? '',
      });
      return { kind: 'go-to-bind', url: target, identity: answer.identity };
    }
    if (answer.kind === 'refused') {
      const { kind: _kind, ...rest } = answer;
      return { kind: 'failed', ...rest };
    }
    const landed = land(answer.user, options.bind ? 'bind' : 'password', url);
    await keepRemembered(submission, username, password);
    return landed;
  }

  /** A login succeeded: where it lands, the success notice, the auto-login counter reset. */
  function land(user: SessionUser, via: LoginVia, url = currentUrl()): LoginSubmitResult {
    const lang = client.options.language();
    const target = options.redirect === false ? null : loginTarget(user, url, site(), readParam(url, 'redirect_uri'));
    // Seen on the landing page too when the login goes to another document; within this document (a dialog, a
    // redirect_uri to a hash route) it is shown here only, so a later reload does not show it again.
    const success = { type: 'success', message: authText('loginSuccess', {}, lang) } as const;
    if (target && leavesDocument(url, target)) notifyAcrossPages(success);
    else notify(success);
    // A person signed in by hand: remembered-password auto-login gets its full number of tries again.
    removeKey('local', STORAGE_KEYS.autoLoginCount);
    return { kind: 'logged-in', via, user, target };
  }

  async function passkey(assertion: PasskeyAssertion | undefined): Promise<LoginSubmitResult> {
    try {
      const { signInWithPasskey } = await import('./passkeys.ts');
      return land(await signInWithPasskey({ client, session, assertion }), 'passkey');
    } catch (error) {
      // A PasskeyError, or its code could not be loaded (the network is gone).
      const known = error instanceof Error && error.name === 'PasskeyError';
      const { kind = 'network', status = 0, code = '' } = known ? (error as unknown as PasskeyFailure) : {};
      const message = known ? error.message : coreText('network', {}, client.options.language());
      return { kind: 'passkey-failed', reason: kind, message, status, code };
    }
  }

  return {
    async submit(submission) {
      if (busy) return { kind: 'ignored' };
      setBusy(true);
      try {
        return await run(submission);
      } finally {
        setBusy(false);
      }
    },
    async signInWithPasskey({ assertion } = {}) {
      if (busy) return { kind: 'ignored' };
      setBusy(true);
      try {
        return await passkey(assertion);
      } finally {
        setBusy(false);
      }
    },
    get busy() {
      return busy;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
