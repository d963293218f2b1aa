/**
 * Passkeys (WebAuthn), an extension beyond the spec (docs/decisions.md "Passkeys"), over the reference server's
 * `/api/uaa/passkey/*` calls and `@simplewebauthn/browser` (loaded with the first ceremony, never before):
 *
 * - `signInWithPasskey()`: username-less sign-in; `conditional: true` offers the passkeys in the account field's
 *   autofill (the field needs `autocomplete="username webauthn"`) and waits until one is picked.
 * - `registerPasskey(name)`: adds a passkey to the signed-in user; the server asks for a fresh credential first
 *   (`confirmPassword` or `confirmWithPasskey` within 5 minutes), else it fails with kind `fresh-credential`.
 * - `confirmWithPasskey()`: one of the user's passkeys as that fresh credential (it also unlocks face enrolment).
 * - `listPasskeys()`, `renamePasskey()`, `removePasskey()`: the owner's passkeys.
 *
 * Every failure is a `PasskeyError` with a `kind` and a message in the language in force: `unsupported` (no
 * WebAuthn here), `cancelled` (the person closed the prompt, it timed out, or the device had no passkey for this
 * site: browsers do not tell these apart), `not-allowed` (the browser refused the ceremony on this address, or the
 * device's passkey is registered already), `no-credential` (the server does not know the passkey, or was removed),
 * `fresh-credential` (confirm the password first), `refused` (another server refusal, its message) and `network`.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Envelope } from '../http/envelope.ts';
import { envelopeMessage } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { coreText, defineTexts, type TextTable } from '../i18n/messages.ts';
import { isRecord } from '../platform/guards.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { SessionUser } from '../session/types.ts';
import type { WireUser } from '../session/wire.ts';
import { acceptLogin, FRESH_CREDENTIAL_REQUIRED, type FreshCredential } from './api.ts';
import { passkeysSupported } from './passkey-support.ts';
import { readLoginAnswer } from './result.ts';

export { passkeysSupported };

export const PASSKEY_PATHS = {
  signInOptions: '/api/uaa/passkey/sign_in/options',
  signIn: '/api/uaa/passkey/sign_in',
  registerOptions: '/api/uaa/passkey/register/options',
  register: '/api/uaa/passkey/register',
  confirmOptions: '/api/uaa/passkey/confirm/options',
  confirm: '/api/uaa/passkey/confirm',
  list: '/api/uaa/passkey/list',
  rename: '/api/uaa/passkey/rename',
  remove: '/api/uaa/passkey/remove',
} as const;

export const PASSKEY_TEXTS = {
  unsupported: {
    'zh-CN': '此浏览器或当前网址不支持通行密钥，请使用密码登录',
    en: 'This browser or address does not support passkeys; please use your password',
    'zh-HK': '此瀏覽器或目前網址不支援通行密鑰，請使用密碼登入',
  },
  cancelled: {
    'zh-CN': '未使用通行密钥：操作已取消，或此设备上没有本网站的通行密钥',
    en: 'No passkey was used: the request was cancelled, or this device has no passkey for this site',
    'zh-HK': '未使用通行密鑰：操作已取消，或此裝置上沒有本網站的通行密鑰',
  },
  notAllowed: {
    'zh-CN': '浏览器不允许在此网址使用通行密钥',
    en: 'The browser does not allow passkeys on this address',
    'zh-HK': '瀏覽器不允許在此網址使用通行密鑰',
  },
  alreadyRegistered: {
    'zh-CN': '此设备上的通行密钥已经添加过了',
    en: 'The passkey on this device has already been added',
    'zh-HK': '此裝置上的通行密鑰已經加入過了',
  },
  noCredential: {
    'zh-CN': '此通行密钥未在本平台登记或已被删除，请使用密码登录',
    en: 'This passkey is not registered here or was removed; please sign in with your password',
    'zh-HK': '此通行密鑰未在本平台登記或已被刪除，請使用密碼登入',
  },
} satisfies TextTable;

const passkeyText = defineTexts(PASSKEY_TEXTS);

export type PasskeyErrorKind =
  'unsupported' | 'cancelled' | 'not-allowed' | 'no-credential' | 'fresh-credential' | 'refused' | 'network';

export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
  constructor(
    readonly kind: PasskeyErrorKind,
    message: string,
    /** The server's envelope status and code when it refused (0 and '' otherwise). */
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
  }
}

export function isPasskeyError(value: unknown): value is PasskeyError {
  return value instanceof PasskeyError;
}

/** One of the user's passkeys as the list shows it. */
export interface Passkey {
  id: string;
  name: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms of the last sign-in or confirmation with it, or null. */
  lastUsedAt: number | null;
  /** `multiDevice`: synced by the platform or a password manager; `singleDevice`: bound to one device. */
  deviceType: string;
  backedUp: boolean;
}

export interface PasskeyDeps {
  client?: Client;
  session?: SessionStore;
}

const loadBrowser = () => import('@simplewebauthn/browser');

function unsupported(): PasskeyError {
  return new PasskeyError('unsupported', passkeyText('unsupported'));
}

/** What a failed browser ceremony means, as a `PasskeyError`. */
function ceremonyError(error: unknown): PasskeyError {
  const { name, code } = isRecord(error) ? (error as { name?: unknown; code?: unknown }) : {};
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new PasskeyError('not-allowed', passkeyText('alreadyRegistered'));
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return new PasskeyError('not-allowed', passkeyText('notAllowed'));
  if (name === 'NotSupportedError') return unsupported();
  return new PasskeyError('cancelled', passkeyText('cancelled'));
}

/** A refusal of the server, or no answer, as a `PasskeyError`. */
function callError(envelopeOrError: Envelope<unknown> | unknown, client: Client): PasskeyError {
  const lang = client.options.language();
  if (isRequestError(envelopeOrError)) {
    const kind = envelopeOrError.kind === 'business' ? 'refused' : 'network';
    return new PasskeyError(kind, envelopeOrError.message, envelopeOrError.status, envelopeOrError.code);
  }
  if (!isRecord(envelopeOrError) || typeof envelopeOrError['status'] !== 'number')
    return new PasskeyError('network', coreText('network', {}, lang));
  const envelope = envelopeOrError as unknown as Envelope<unknown>;
  const kind: PasskeyErrorKind =
    envelope.code === 'passkey_unknown'
      ? 'no-credential'
      : envelope.code === FRESH_CREDENTIAL_REQUIRED
        ? 'fresh-credential'
        : 'refused';
  const message = kind === 'no-credential' ? passkeyText('noCredential', {}, lang) : envelopeMessage(envelope, lang);
  return new PasskeyError(kind, message, envelope.status, envelope.code);
}

/** A passkey call skipping the interceptor: its data on status 200, else a `PasskeyError`. */
async function call<T>(client: Client, send: () => Promise<Envelope<T>>): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = await send();
  } catch (error) {
    throw callError(error, client);
  }
  if (envelope.status !== 200) throw callError(envelope, client);
  return envelope.data;
}

const post = <T>(client: Client, path: string, body?: unknown) =>
  call<T>(client, () => client.post<T>(path, body, { noIntercept: true }));

/** What the authenticator answered for a sign-in (the credential as JSON), before the server checked it. */
export type PasskeyAssertion = AuthenticationResponseJSON;

export interface SignInWithPasskeyOptions extends PasskeyDeps {
  /** An assertion the account field's autofill already got (`awaitPasskeyAutofill`); otherwise the browser asks. */
  assertion?: PasskeyAssertion | undefined;
}

/**
 * Whether the browser can offer passkeys in a field's autofill (conditional mediation). Resolves false where
 * passkeys are not supported at all.
 */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await globalThis.PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

type Browser = typeof import('@simplewebauthn/browser');
type RequestOptions = Parameters<Browser['startAuthentication']>[0]['optionsJSON'];
type CreationOptions = Parameters<Browser['startRegistration']>[0]['optionsJSON'];

/**
 * One ceremony: the server's options from `optionsPath`, then the authenticator through `run` (its failure as a
 * `PasskeyError` of the browser's reason).
 */
async function ceremony<O, R>(client: Client, optionsPath: string, run: (browser: Browser, options: O) => Promise<R>) {
  if (!passkeysSupported()) throw unsupported();
  let browser: Browser;
  try {
    browser = await loadBrowser();
  } catch (error) {
    throw callError(error, client);
  }
  const options = await post<O>(client, optionsPath);
  try {
    return await run(browser, options);
  } catch (error) {
    throw ceremonyError(error);
  }
}

/**
 * Signs in with a passkey of this site, no user name: `sign_in/options`, the authenticator, `sign_in`. On success
 * the session store holds the user, as after a password login. Rejects with a `PasskeyError`.
 */
export async function signInWithPasskey({
  client = defaultClient,
  session = defaultSession,
  assertion,
}: SignInWithPasskeyOptions = {}): Promise<SessionUser> {
  const response = assertion ?? (await requestAssertion(client, false));
  let envelope: Envelope<WireUser | null>;
  try {
    envelope = acceptLogin(
      await client.post<WireUser | null>(PASSKEY_PATHS.signIn, { response }, { noIntercept: true }),
      session,
    );
  } catch (error) {
    throw callError(error, client);
  }
  const answer = readLoginAnswer(envelope, session, client.options.language(), { bindable: false });
  if (answer.kind !== 'ok') throw callError(envelope, client);
  return answer.user;
}

/** `sign_in/options`, then the authenticator: the assertion to sign in with (`conditional`: from the autofill). */
function requestAssertion(client: Client, conditional: boolean): Promise<PasskeyAssertion> {
  return ceremony<RequestOptions, PasskeyAssertion>(client, PASSKEY_PATHS.signInOptions, (browser, optionsJSON) =>
    browser.startAuthentication({
      optionsJSON,
      useBrowserAutofill: conditional,
      // The account field is in a shadow root, where the library's own check cannot see it.
      verifyBrowserAutofillInput: false,
    }),
  );
}

/**
 * Offers this site's passkeys in the account field's autofill (conditional mediation; the field needs
 * `autocomplete="username webauthn"`) and waits for a pick: resolves with the assertion to pass to
 * `signInWithPasskey({ assertion })`, or null when autofill is not available here, the browser refused, or the wait
 * was stopped (another ceremony, `cancelPasskeyRequest()`). Never rejects: the person asked for nothing yet.
 */
export async function awaitPasskeyAutofill({
  client = defaultClient,
}: PasskeyDeps = {}): Promise<PasskeyAssertion | null> {
  if (!(await passkeyAutofillSupported())) return null;
  return requestAssertion(client, true).catch(() => null);
}

/** Stops a waiting autofill (conditional) passkey request, if any. */
export async function cancelPasskeyRequest(): Promise<void> {
  try {
    (await loadBrowser()).WebAuthnAbortService.cancelCeremony();
  } catch {
    /* nothing was waiting */
  }
}

/**
 * Adds a passkey of this device to the signed-in user, named `name` (trimmed, 1–40 characters). Needs a fresh
 * credential first; rejects with kind `fresh-credential` otherwise.
 */
export async function registerPasskey(name: string, { client = defaultClient }: PasskeyDeps = {}): Promise<Passkey> {
  const response = await ceremony<CreationOptions, RegistrationResponseJSON>(
    client,
    PASSKEY_PATHS.registerOptions,
    (browser, optionsJSON) => browser.startRegistration({ optionsJSON }),
  );
  return post<Passkey>(client, PASSKEY_PATHS.register, { response, name: name.trim() });
}

/** Confirms the signed-in user with one of their passkeys: the session counts as fresh for 5 minutes. */
export async function confirmWithPasskey({ client = defaultClient }: PasskeyDeps = {}): Promise<FreshCredential> {
  const response = await ceremony<RequestOptions, AuthenticationResponseJSON>(
    client,
    PASSKEY_PATHS.confirmOptions,
    (browser, optionsJSON) => browser.startAuthentication({ optionsJSON }),
  );
  const data = await post<{ freshUntil?: unknown } | null>(client, PASSKEY_PATHS.confirm, { response });
  return { freshUntil: typeof data?.freshUntil === 'number' ? data.freshUntil : null };
}

/** The signed-in user's passkeys, oldest first. */
export async function listPasskeys({ client = defaultClient }: PasskeyDeps = {}): Promise<Passkey[]> {
  const data = await call<Passkey[] | null>(client, () =>
    client.get<Passkey[] | null>(PASSKEY_PATHS.list, undefined, { noIntercept: true }),
  );
  return Array.isArray(data) ? data : [];
}

export async function renamePasskey(id: string, name: string, { client = defaultClient }: PasskeyDeps = {}) {
  await post<boolean>(client, PASSKEY_PATHS.rename, { id, name: name.trim() });
}

/** Removes one of the user's passkeys: it signs nobody in any more. */
export async function removePasskey(id: string, { client = defaultClient }: PasskeyDeps = {}): Promise<void> {
  await post<boolean>(client, PASSKEY_PATHS.remove, { id });
}
