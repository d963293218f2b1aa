/**
 * The viewport's contract of spec part 2 (§2 "Viewport page", §3 "App manifest", §4 "Viewport loader", §7
 * "Viewport"): its parameters, names, errors and what a mount function hands back. The loader itself (`loader.ts`:
 * manifest, files, mount function) loads when a viewport first has an app to show (size budgets). No UI here:
 * `<edu-viewport>` and plain pages build on it.
 *
 * The script contract (docs/decisions.md "`<edu-viewport>` and core `viewport/`"): a classic script that runs
 *   `(window.EduViewportApps ||= {})[fileId] = (container, context) => handle`
 * where `context` is `{app, fileId, id, linkUrl, lang}` and `handle` is optional: `{update?(context), unmount?()}`
 * or a cleanup function.
 */
import type { Lang } from '../i18n/language.ts';
import { readParam } from '../auth/address.ts';

export interface ViewportParams {
  app: string | null;
  fileId: string | null;
  id: string | null;
  linkUrl: string | null;
}

export interface ViewportContext {
  app: string;
  fileId: string;
  id: string | null;
  linkUrl: string | null;
  lang: Lang;
}

export interface ViewportHandle {
  /** The context changed (`id`, `linkUrl` or the language) while the app stays mounted. */
  update?(context: ViewportContext): void;
  /** The container is going away. */
  unmount?(): void;
}

export type ViewportMount = (
  container: HTMLElement,
  context: ViewportContext,
) => ViewportHandle | (() => void) | void | undefined;

/** The global the app scripts register their mount functions in. */
export const VIEWPORT_REGISTRY = 'EduViewportApps';

/**
 * Why loading failed: a bad `app` or `fileId` name; no manifest (unknown app, network); no entry for the fileId;
 * an address that is not http(s) or not on an allowed origin; a script or stylesheet that did not load; a script
 * that registered no mount function.
 */
export type ViewportErrorKind =
  'invalid-app' | 'invalid-file-id' | 'manifest' | 'missing-entry' | 'unsafe-url' | 'script' | 'style' | 'no-mount';

export class ViewportError extends Error {
  readonly kind: ViewportErrorKind;
  readonly detail: string;

  constructor(kind: ViewportErrorKind, detail: string, options?: { cause?: unknown }) {
    super(`${kind}: ${detail}`, options);
    this.name = 'ViewportError';
    this.kind = kind;
    this.detail = detail;
  }
}

/** App names and fileIds are plain names: they become a path segment and a registry key. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function isViewportName(value: string | null | undefined): value is string {
  return typeof value === 'string' && NAME.test(value);
}

/** `app`, `fileId`, `id` and `linkUrl` from an address: its query, else its hash's query (hash routing). */
export function readViewportParams(url: string): ViewportParams {
  return {
    app: readParam(url, 'app'),
    fileId: readParam(url, 'fileId'),
    id: readParam(url, 'id'),
    linkUrl: readParam(url, 'linkUrl'),
  };
}

/** Normalises what a mount function returned. */
export function toViewportHandle(result: ReturnType<ViewportMount>): ViewportHandle {
  if (typeof result === 'function') return { unmount: result };
  return result && typeof result === 'object' ? result : {};
}
