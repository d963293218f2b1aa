/** The one error type every failed request rejects with. */

/**
 * Why a request failed:
 * - `business`: the envelope's status is not 200 (the server refused);
 * - `http`: the HTTP status is not 2xx (transport-level failure);
 * - `timeout`, `network`, `aborted`: no answer (spec part 1 §8 "Client errors");
 * - `malformed`: an answer that is not JSON, or not an envelope object;
 * - `method`: a method the helper does not support or refuses (spec part 1 §5);
 * - `payload`: an upload without an object payload (status 501, 'file type error');
 * - `session`: the session expired and could not be recovered (refresh and relogin failed);
 * - `signature`: a signed response failed its check; its data must not be used.
 */
export type RequestErrorKind =
  | 'business'
  | 'http'
  | 'timeout'
  | 'network'
  | 'aborted'
  | 'malformed'
  | 'method'
  | 'payload'
  | 'session'
  | 'signature';

export interface FieldError {
  field?: string;
  message: string;
}

export interface RequestErrorInit {
  kind: RequestErrorKind;
  /** Envelope status for `business` and `session`, HTTP status for `http`, 501 for `payload`, 0 without answer. */
  status: number;
  code?: string;
  message: string;
  fieldErrors?: readonly FieldError[];
  data?: unknown;
}

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: readonly FieldError[];
  /** The envelope's data for `business` errors; always null for `signature` errors. */
  readonly data: unknown;

  constructor(init: RequestErrorInit) {
    super(init.message);
    this.name = 'RequestError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code ?? '';
    this.fieldErrors = init.fieldErrors ?? [];
    this.data = init.kind === 'signature' ? null : (init.data ?? null);
  }
}

export function isRequestError(value: unknown): value is RequestError {
  return value instanceof RequestError;
}
