/**
 * Downloads by form post and by GET (spec part 1 §7, part 2 §7, §9). Both carry the `Sy-Language` parameter. The
 * form is a real `<form method=post>` of hidden fields, removed 500 ms after it was submitted. It targets a hidden
 * iframe of its own, so the page stays where it is; when the server answers with an error envelope instead of a
 * file, the iframe loads it and its message is shown as a notice.
 */
import { client } from '../http/client.ts';
import { pickBilingual } from '../i18n/bilingual.ts';
import type { Lang } from '../i18n/language.ts';
import { notify } from '../platform/notify.ts';
import { exportText } from './texts.ts';

/** The download form is removed this long after it was submitted (part 2 §9). */
export const DOWNLOAD_FORM_REMOVE_MS = 500;
/** The download iframe stays at most this long when it never loads (an attachment does not load it). */
export const DOWNLOAD_FRAME_TTL_MS = 10 * 60 * 1000;
/** Name of the language parameter of download posts and gets (part 1 §7). */
export const LANGUAGE_PARAM = 'Sy-Language';

export type FieldValue = string | number | boolean | null | undefined;
export type DownloadFields = Record<string, FieldValue | readonly FieldValue[]>;

/**
 * Where the answer goes. `frame` (default): a hidden iframe, the page stays and error answers become notices.
 * `_blank`: a new tab (for answers the browser shows rather than saves). `_self`: this page.
 */
export type DownloadTarget = 'frame' | '_blank' | '_self';

export interface DownloadOptions {
  target?: DownloadTarget;
  /** Language sent as `Sy-Language`; default the client's (the language in force). */
  lang?: Lang;
  /** Prefix of site-relative URLs; default the request client's `baseURL`. */
  baseURL?: string;
  document?: Document;
}

export interface DownloadHandle {
  /** The submitted form (post only); gone from the document after 500 ms. */
  form: HTMLFormElement | null;
  /** The hidden iframe that receives the answer (`frame` target only). */
  frame: HTMLIFrameElement | null;
  /** Resolves when the form has been removed (post) or at once (get). */
  removed: Promise<void>;
}

let frameCount = 0;

function resolveUrl(url: string, options: DownloadOptions): string {
  const base = options.baseURL ?? client.options.baseURL;
  return url.startsWith('/') && !url.startsWith('//') ? base + url : url;
}

function languageOf(options: DownloadOptions): Lang {
  return options.lang ?? client.options.language();
}

/** The pairs of a field map: arrays repeat the name, null and undefined are left out. */
function pairs(fields: DownloadFields): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) out.push([name, String(item)]);
    }
  }
  return out;
}

function withLanguage(fields: DownloadFields, lang: Lang): [string, string][] {
  const list = pairs(fields);
  return list.some(([name]) => name === LANGUAGE_PARAM) ? list : [...list, [LANGUAGE_PARAM, lang]];
}

/** The address loaded in the frame, or null when it cannot be read (another origin). */
function frameHref(frame: HTMLIFrameElement): string | null {
  try {
    return frame.contentDocument?.location.href ?? null;
  } catch {
    return null;
  }
}

/**
 * An error answer loaded into the download frame (a downloaded file never loads it): shows the envelope's message,
 * or a generic 'download failed' for anything else. A frame on another origin cannot be read and stays quiet.
 */
function reportFrameAnswer(frame: HTMLIFrameElement, lang: Lang): void {
  let body: string;
  try {
    const doc = frame.contentDocument;
    // A JSON answer is shown as text in a <pre>; the browser may add its own controls beside it.
    body = doc?.querySelector('pre')?.textContent ?? doc?.body?.textContent ?? '';
  } catch {
    return;
  }
  let message = exportText('downloadFailed', {}, lang);
  try {
    const envelope = JSON.parse(body) as { status?: unknown; message?: unknown } | null;
    if (envelope && typeof envelope === 'object') {
      if (envelope.status === 200 || envelope.status === undefined) return;
      if (typeof envelope.message === 'string' && envelope.message) message = pickBilingual(envelope.message, lang);
    }
  } catch {
    // not JSON: an HTML error page; the generic text says enough
  }
  notify({ type: 'error', message });
}

function createFrame(doc: Document, lang: Lang): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.name = `edu-download-${Date.now().toString(36)}-${++frameCount}`;
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.style.display = 'none';
  doc.body.append(frame);
  const drop = () => {
    clearTimeout(timer);
    frame.remove();
  };
  const timer = setTimeout(drop, DOWNLOAD_FRAME_TTL_MS);
  frame.addEventListener('load', () => {
    const href = frameHref(frame);
    if (href === 'about:blank') return;
    if (href !== null) reportFrameAnswer(frame, lang);
    // Let a test or host read what loaded before the frame goes.
    setTimeout(drop, DOWNLOAD_FORM_REMOVE_MS);
  });
  return frame;
}

/** Posts `fields` (plus `Sy-Language`) to `url` with a real form, as a download (part 1 §7). */
export function downloadByForm(url: string, fields: DownloadFields, options: DownloadOptions = {}): DownloadHandle {
  const doc = options.document ?? document;
  const lang = languageOf(options);
  const target = options.target ?? 'frame';
  const frame = target === 'frame' ? createFrame(doc, lang) : null;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = resolveUrl(url, options);
  form.acceptCharset = 'UTF-8';
  form.target = frame ? frame.name : target;
  form.hidden = true;
  form.style.display = 'none';
  for (const [name, value] of withLanguage(fields, lang)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  // submit(), not requestSubmit(): no submit event, so no host handler can intercept or cancel the download.
  form.submit();
  const removed = new Promise<void>((resolve) =>
    setTimeout(() => {
      form.remove();
      resolve();
    }, DOWNLOAD_FORM_REMOVE_MS),
  );
  return { form, frame, removed };
}

/** The address of a GET download: `url` with `params` and `Sy-Language` in its query. */
export function downloadUrl(url: string, params: DownloadFields = {}, options: DownloadOptions = {}): string {
  const resolved = resolveUrl(url, options);
  const query = new URLSearchParams(withLanguage(params, languageOf(options))).toString();
  return `${resolved}${resolved.includes('?') ? '&' : '?'}${query}`;
}

/** Downloads `url` with `params` (plus `Sy-Language`) by GET, in a hidden iframe unless another target is chosen. */
export function downloadByGet(url: string, params: DownloadFields = {}, options: DownloadOptions = {}): DownloadHandle {
  const doc = options.document ?? document;
  const href = downloadUrl(url, params, options);
  const target = options.target ?? 'frame';
  if (target === 'frame') {
    const frame = createFrame(doc, languageOf(options));
    frame.src = href;
    return { form: null, frame, removed: Promise.resolve() };
  }
  const view = doc.defaultView ?? window;
  if (target === '_blank') view.open(href, '_blank', 'noopener');
  else view.location.assign(href);
  return { form: null, frame: null, removed: Promise.resolve() };
}
