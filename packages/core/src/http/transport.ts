/**
 * One HTTP exchange over XMLHttpRequest, for the core client (DESIGN §4). The client used axios with the XHR adapter,
 * a text body and every status accepted, so only this small part of axios ran; axios itself was 22 kB gzip, most of
 * the plain page's 35 kB budget (size budgets, docs/decisions.md "Requests and session"). XHR rather than fetch: upload
 * progress, and a timeout that ends the request.
 */
import { toSearchParams, type Payload } from './payload.ts';

export interface UploadProgress {
  /** Bytes of the body sent so far. */
  loaded: number;
  /** The body's size, when the browser knows it. */
  total: number | undefined;
}

export interface TransportRequest {
  method: string;
  url: string;
  /** Query parameters, added to those `url` already has (arrays repeat the key, objects become JSON). */
  params?: Payload;
  /** FormData, URLSearchParams, Blob, ArrayBuffer and strings go as they are; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** 0: no timeout. */
  timeoutMs?: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  /** The body as text, never parsed here. */
  body: string;
  header(name: string): string | null;
}

/** Why no answer came: the caller cancelled, the timeout passed, the browser aborted it, or the network failed. */
export type TransportFailure = 'canceled' | 'timeout' | 'aborted' | 'network';

export class TransportError extends Error {
  constructor(readonly reason: TransportFailure) {
    super(reason);
    this.name = 'TransportError';
  }
}

/** `url` with `params` appended (its fragment dropped: it is never sent). */
export function withParams(url: string, params: Payload = {}): string {
  const base = url.split('#', 1)[0]!;
  const query = toSearchParams(params).toString();
  if (!query) return base;
  return base + (base.includes('?') ? '&' : '?') + query;
}

function encodeBody(body: unknown): { data: XMLHttpRequestBodyInit | null; type: string | null } {
  if (body === undefined || body === null) return { data: null, type: null };
  if (body instanceof URLSearchParams)
    return { data: body.toString(), type: 'application/x-www-form-urlencoded;charset=utf-8' };
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    typeof body === 'string'
  )
    // The browser sets the type (multipart boundary, the Blob's own type, text/plain).
    return { data: body as XMLHttpRequestBodyInit, type: null };
  return { data: JSON.stringify(body), type: 'application/json;charset=utf-8' };
}

/**
 * Runs `task` once the current task has ended, so a request cancelled in the task that made it (a list whose page
 * changes right after its first render) is never sent, as with axios, whose dispatch was asynchronous too. A message
 * channel rather than a timer: timers are throttled in background tabs.
 */
function afterThisTask(task: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

export function send(request: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(new TransportError('canceled'));
      return;
    }
    let xhr: XMLHttpRequest | null = null;
    let canceled = false;
    const onAbortSignal = () => {
      canceled = true;
      // Not sent yet: it never will be.
      if (!xhr) reject(new TransportError('canceled'));
      else xhr.abort();
    };
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    const failWith = (reason: TransportFailure) => () => {
      settle();
      reject(new TransportError(reason));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    afterThisTask(() => {
      if (canceled) return;
      const sent = new XMLHttpRequest();
      xhr = sent;
      sent.open(request.method.toUpperCase(), withParams(request.url, request.params));
      sent.withCredentials = true;
      sent.timeout = request.timeoutMs ?? 0;
      sent.responseType = 'text';
      const { data, type } = encodeBody(request.body);
      sent.setRequestHeader('Accept', 'application/json, text/plain, */*');
      if (type) sent.setRequestHeader('Content-Type', type);
      for (const [name, value] of Object.entries(request.headers ?? {})) sent.setRequestHeader(name, value);
      sent.onload = () => {
        settle();
        resolve({
          status: sent.status,
          statusText: sent.statusText,
          body: sent.responseText,
          header: (name) => sent.getResponseHeader(name),
        });
      };
      sent.ontimeout = failWith('timeout');
      sent.onerror = failWith('network');
      sent.onabort = () => failWith(canceled ? 'canceled' : 'aborted')();
      // Only with a listener: an upload listener makes a cross-origin request preflighted.
      const progress = request.onUploadProgress;
      if (progress && data !== null)
        sent.upload.onprogress = (event) =>
          progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
      sent.send(data);
    });
  });
}
