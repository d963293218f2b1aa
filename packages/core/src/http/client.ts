/**
 * The request client (spec part 1 §5, §7, §8; DESIGN §4): one XHR transport per client, language and device/app
 * headers, credentials, GET anti-cache timestamp, the envelope decoded once, server messages through the notifier
 * hook, session expiry with one shared refresh, signed responses. Elements and hosts never send requests themselves.
 */
import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import { getLanguage, type Lang } from '../i18n/language.ts';
import { coreText } from '../i18n/messages.ts';
import { detectDevice, type Device } from '../platform/device.ts';
import { notify, type NoticeType } from '../platform/notify.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import { MALFORMED, decodeEnvelope, envelopeMessage, parseJson, type Envelope } from './envelope.ts';
import { RequestError, type RequestErrorInit } from './errors.ts';
import {
  SESSION_CHANNEL,
  createSessionRecovery,
  shareRefreshAcrossTabs,
  type SessionRecovery,
  type TabSharing,
} from './session-recovery.ts';
import { createSessionCalls } from './session-calls.ts';
import { isPlainObject, toFormData, toSearchParams, type Payload } from './payload.ts';
import { newSignature, verifySignature } from './signature.ts';
import {
  send,
  TransportError,
  type TransportRequest,
  type TransportResponse,
  type UploadProgress,
} from './transport.ts';

/** The methods the helper knows (spec part 1 §5); `upload` is a multipart POST. */
export const METHODS = ['delete', 'get', 'post', 'put', 'upload'] as const;
export type Method = (typeof METHODS)[number];

export { REFRESH_PATH, LOGIN_USER_CLIENT_PATH } from './session-calls.ts';

/**
 * Relogin handling when the session cannot be refreshed: `'redirect'` goes to `{loginPath}?redirect_uri={current
 * url}`; a function (e.g. one that opens the login dialog) resolves true when the user is signed in again, and then
 * the waiting requests are retried once; `null` just rejects them.
 */
export type ReloginHandler = () => Promise<boolean> | boolean;
export type Relogin = 'redirect' | ReloginHandler | null;

export interface ClientOptions {
  /** Prefix of every URL; '' for same-origin calls. */
  baseURL: string;
  /** Sent as `Sy-App`. */
  appCode: string;
  /** Sent as `Sy-Device`. */
  device: Device;
  /** Default 1 200 000 ms (20 minutes, spec part 1 §9). */
  timeoutMs: number;
  relogin: Relogin;
  /** Login page for `relogin: 'redirect'`. */
  loginPath: string;
  /** In the app: the client id to re-login with (`POST /api/uaa/oauth/login_user_client`) before relogin handling. */
  userClientId: string | null;
  /** The session store to update after a refresh or a client-id relogin. */
  session: SessionStore;
  /** The language sent as `Sy-Language` and used for messages. */
  language: () => Lang;
  /** Where the browser is (for `redirect_uri`), and how to go elsewhere: replaceable in tests. */
  currentUrl: () => string;
  navigate: (url: string) => void;
  /**
   * Refresh once across the tabs of the origin (Web Locks and a BroadcastChannel): on for the page's
   * client, off by default for other clients (read once, when the client is made).
   */
  shareAcrossTabs: boolean;
}

export interface RequestOptions {
  /** Skip the session-expiry and message interceptor: the envelope resolves whatever its status, no notices. */
  noIntercept?: boolean;
  /** GET: no `_t` timestamp, so the browser may cache. */
  cache?: boolean;
  /** Send a random `signature` query value and verify the response header (DESIGN §6). */
  signature?: boolean;
  /** POST/PUT: url-encoded form instead of JSON. */
  form?: boolean;
  /** Reject without showing any notice. */
  silent?: boolean;
  /** Allow `put` and `delete`, which the helper otherwise refuses (docs/decisions.md "Request client"). */
  rest?: boolean;
  /** Extra query parameters for any method. */
  params?: Payload;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
}

/** Options of `getJson`, for plain JSON files such as language packs: no envelope, no session handling. */
export type JsonOptions = Pick<RequestOptions, 'cache' | 'silent' | 'headers' | 'timeoutMs' | 'signal' | 'params'>;

export interface Client {
  /** Sends a request; resolves with the decoded envelope, rejects with a `RequestError`. */
  request<T = unknown>(
    method: Method | string,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  get<T = unknown>(url: string, params?: Payload, options?: RequestOptions): Promise<Envelope<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** Multipart POST; `payload` must be FormData or a plain object. */
  upload<T = unknown>(url: string, payload: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** GET of a plain JSON file (not an envelope); resolves with the parsed JSON. */
  getJson<T = unknown>(url: string, options?: JsonOptions): Promise<T>;
  /** Changes options for every later request. */
  configure(options: Partial<ClientOptions>): void;
  readonly options: Readonly<ClientOptions>;
  readonly recovery: SessionRecovery;
}

export function defaultClientOptions(): ClientOptions {
  return {
    baseURL: '',
    appCode: 'desktop',
    device: detectDevice(),
    timeoutMs: REQUEST_TIMEOUT_MS,
    relogin: 'redirect',
    loginPath: '/login',
    userClientId: null,
    session: defaultSession,
    language: getLanguage,
    currentUrl: () => globalThis.location?.href ?? '',
    navigate: (url) => globalThis.location?.assign(url),
    shareAcrossTabs: false,
  };
}

/** The browser's Web Locks and BroadcastChannel for `shareRefreshAcrossTabs`, or null where neither exists. */
function browserTabSharing(probe: () => Promise<boolean>, adopt: (data: unknown) => void): TabSharing | null {
  const locks = globalThis.navigator?.locks ?? null;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  // Node has BroadcastChannel too: there it must not keep the process alive.
  (channel as { unref?: () => void } | null)?.unref?.();
  return locks || channel ? { locks, channel, probe, adopt } : null;
}

interface Attempt {
  method: Method;
  url: string;
  payload: unknown;
  options: RequestOptions;
  raw: boolean;
  retried: boolean;
}

type Sent = { response: TransportResponse; signature: string | null; epoch: number };

type ClientText = (key: Parameters<typeof coreText>[0], vars?: Record<string, string | number>) => string;

/** What the transport sends for an attempt: method, query (the GET timestamp, the signature), body and headers. */
function transportRequest(options: ClientOptions, attempt: Attempt, signature: string | null): TransportRequest {
  const { method, payload, options: opts } = attempt;
  const params: Payload = { ...(opts.params ?? {}) };
  let body: unknown;
  if (method === 'get' || method === 'delete') {
    if (isPlainObject(payload)) Object.assign(params, payload);
  } else if (method === 'upload') {
    body = payload instanceof FormData ? payload : toFormData(payload as Payload);
  } else if (payload !== undefined) {
    body = opts.form && isPlainObject(payload) ? toSearchParams(payload) : payload;
  }
  if (method === 'get' && !opts.cache) params['_t'] = Date.now();
  if (signature) params['signature'] = signature;
  return {
    url: options.baseURL + attempt.url,
    method: method === 'upload' ? 'post' : method,
    params,
    body,
    headers: {
      'Sy-Language': options.language(),
      'Sy-Device': options.device,
      'Sy-App': options.appCode,
      ...(opts.headers ?? {}),
    },
    timeoutMs: opts.timeoutMs ?? options.timeoutMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onUploadProgress ? { onUploadProgress: opts.onUploadProgress } : {}),
  };
}

/** The method, refused before anything is sent when the helper does not allow it or the payload does not fit it. */
function checkMethod(method: string, payload: unknown, opts: RequestOptions, text: ClientText): Method {
  const name = method.toLowerCase();
  const refuse = (init: RequestErrorInit, notice: NoticeType) => {
    if (!opts.silent) notify({ type: notice, message: init.message });
    throw new RequestError(init);
  };
  if (!(METHODS as readonly string[]).includes(name)) {
    refuse(
      { kind: 'method', status: 405, code: 'METHOD_UNSUPPORTED', message: text('methodUnsupported', { method }) },
      'error',
    );
  }
  if ((name === 'put' || name === 'delete') && !opts.rest) {
    refuse(
      { kind: 'method', status: 405, code: 'METHOD_REFUSED', message: text('methodRefused', { method: name }) },
      'error',
    );
  }
  if (name === 'upload' && !(payload instanceof FormData) && !isPlainObject(payload)) {
    // The spec's contract is the status and this exact text; the notice is localised.
    if (!opts.silent) notify({ type: 'error', message: text('fileTypeError') });
    throw new RequestError({ kind: 'payload', status: 501, code: 'FILE_TYPE_ERROR', message: 'file type error' });
  }
  return name as Method;
}

export function createClient(initial: Partial<ClientOptions> = {}): Client {
  const options: ClientOptions = { ...defaultClientOptions(), ...initial };
  const { refreshHere, adoptRefresh, probeSession, relogin } = createSessionCalls(options, (...args) =>
    request(...args),
  );
  const tabSharing = options.shareAcrossTabs ? browserTabSharing(probeSession, adoptRefresh) : null;
  const sharedRefresh = tabSharing ? shareRefreshAcrossTabs(refreshHere, tabSharing) : null;
  const recovery = createSessionRecovery({
    refresh: sharedRefresh ?? (async () => (await refreshHere()).ok),
    relogin,
  });

  const text: ClientText = (key, vars = {}) => coreText(key, vars, options.language());

  function fail(attempt: Attempt, init: RequestErrorInit, notice: NoticeType | null): never {
    if (notice && !attempt.options.silent && !attempt.options.noIntercept)
      notify({ type: notice, message: init.message });
    throw new RequestError(init);
  }

  async function transmit(attempt: Attempt): Promise<Sent> {
    const signature = attempt.options.signature && !attempt.raw ? newSignature() : null;
    const epoch = recovery.epoch;
    const sent = transportRequest(options, attempt, signature);
    // Outside a browser (Node, a test runner without a DOM) the call fails with what is missing, not a ReferenceError.
    if (typeof XMLHttpRequest === 'undefined') throw new Error(text('needsBrowser'));
    try {
      return { response: await send(sent), signature, epoch };
    } catch (error) {
      const reason = error instanceof TransportError ? error.reason : 'network';
      if (reason === 'canceled') {
        // The caller cancelled: it knows, so no notice.
        return fail(attempt, { kind: 'aborted', status: 0, code: 'ERR_CANCELED', message: text('aborted') }, null);
      }
      if (reason === 'timeout') {
        return fail(
          attempt,
          { kind: 'timeout', status: 0, code: 'ETIMEDOUT', message: text('timeout', { ms: sent.timeoutMs ?? 0 }) },
          'error',
        );
      }
      if (reason === 'aborted') {
        return fail(attempt, { kind: 'aborted', status: 0, code: 'ECONNABORTED', message: text('aborted') }, 'error');
      }
      return fail(attempt, { kind: 'network', status: 0, code: 'ERR_NETWORK', message: text('network') }, 'error');
    }
  }

  /** HTTP status and JSON parsing, shared by envelope requests and plain JSON files. */
  /** Status and status text, the text in the user's language; the table loads with the first failure. */
  async function httpMessage(response: TransportResponse): Promise<string> {
    try {
      const { httpErrorMessage } = await import('../i18n/http-status.ts');
      return httpErrorMessage(response.status, response.statusText, options.language());
    } catch {
      return `${response.status} ${response.statusText}`.trim(); // offline: the server's own words
    }
  }

  async function readBody(attempt: Attempt, response: TransportResponse): Promise<unknown> {
    if (response.status < 200 || response.status >= 300) {
      const message = await httpMessage(response);
      // The body may explain the failure (an envelope or a framework error object): kept as data when it is JSON.
      const body = parseJson(response.body);
      const data = body === MALFORMED ? null : body;
      return fail(
        attempt,
        { kind: 'http', status: response.status, code: `HTTP_${response.status}`, message, data },
        'error',
      );
    }
    const body = parseJson(response.body);
    if (body === MALFORMED)
      return fail(
        attempt,
        { kind: 'malformed', status: response.status, code: 'MALFORMED', message: text('malformed') },
        'error',
      );
    return body;
  }

  async function run(attempt: Attempt): Promise<Envelope> {
    const { response, signature, epoch } = await transmit(attempt);
    const envelope = decodeEnvelope(await readBody(attempt, response));
    if (!envelope)
      return fail(
        attempt,
        { kind: 'malformed', status: response.status, code: 'MALFORMED', message: text('malformed') },
        'error',
      );

    // Only a data-bearing answer is signed; a refusal carries nothing to protect.
    if (signature && envelope.status === 200 && !(await verifySignature(response.header('signature'), signature))) {
      await recovery.relogin(epoch);
      return fail(
        attempt,
        { kind: 'signature', status: envelope.status, code: 'SIGNATURE_INVALID', message: text('signatureInvalid') },
        'warning',
      );
    }

    if (attempt.options.noIntercept || envelope.status === 200) return envelope;

    if (envelope.status === 401) {
      const recovered = !attempt.retried && (await recovery.recover(epoch));
      if (recovered) return run({ ...attempt, retried: true });
      if (!attempt.retried) options.session.setStatus('logged-out');
      // Relogin handling is the user's feedback here; 20 waiting requests must not raise 20 notices.
      return fail(
        attempt,
        { kind: 'session', status: 401, code: envelope.code, message: text('sessionExpired'), data: envelope.data },
        null,
      );
    }

    const message = envelopeMessage(envelope, options.language());
    return fail(
      attempt,
      {
        kind: 'business',
        status: envelope.status,
        code: envelope.code,
        // Uploads show 'status：message' (spec part 1 §8).
        message: attempt.method === 'upload' ? `${envelope.status}：${message}` : message,
        fieldErrors: envelope.fieldErrors,
        data: envelope.data,
      },
      'warning',
    );
  }

  function request<T = unknown>(
    method: Method | string,
    url: string,
    payload?: unknown,
    opts: RequestOptions = {},
  ): Promise<Envelope<T>> {
    try {
      const checked = checkMethod(String(method), payload, opts, text);
      return run({ method: checked, url, payload, options: opts, raw: false, retried: false }) as Promise<Envelope<T>>;
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async function getJson<T = unknown>(url: string, opts: JsonOptions = {}): Promise<T> {
    const attempt: Attempt = { method: 'get', url, payload: undefined, options: opts, raw: true, retried: false };
    const { response } = await transmit(attempt);
    return (await readBody(attempt, response)) as T;
  }

  return {
    request,
    get: (url, params, opts) => request('get', url, params, opts),
    post: (url, body, opts) => request('post', url, body, opts),
    upload: (url, payload, opts) => request('upload', url, payload, opts),
    getJson,
    configure(next) {
      Object.assign(options, next);
    },
    options,
    recovery,
  };
}

/** The page's client; configure it once with `configureClient`. */
export const client: Client = createClient({ shareAcrossTabs: true });

export function configureClient(options: Partial<ClientOptions>): void {
  client.configure(options);
}

/** `client.request`, for callers that like a plain function. */
export function request<T = unknown>(
  method: Method | string,
  url: string,
  payload?: unknown,
  options?: RequestOptions,
): Promise<Envelope<T>> {
  return client.request<T>(method, url, payload, options);
}
