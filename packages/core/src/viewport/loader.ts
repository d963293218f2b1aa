/**
 * The viewport loader (spec part 2 §3 "App manifest", §4 "Viewport loader"): fetch `/{app}/manifest.json`, find the
 * fileId's `.js` (and `.css`), load each file once per page, and hand back the mount function the script registered.
 */
import { client as pageClient, type Client } from '../http/client.ts';
import { httpOrigin, safeUrl } from '../platform/safe-url.ts';
import { VIEWPORT_REGISTRY, ViewportError, isViewportName, type ViewportMount } from './viewport.ts';

/** `{fileId}.js` / `{fileId}.css` → address (relative to the manifest, site-absolute or absolute). */
export type ViewportManifest = Record<string, string>;

/** `/{app}/manifest.json` under `base` (default `/`). */
export function manifestUrl(app: string, base = '/'): string {
  if (!isViewportName(app)) throw new ViewportError('invalid-app', String(app));
  return `${base.endsWith('/') ? base : `${base}/`}${app}/manifest.json`;
}

export interface ViewportOptions {
  /** Where `/{app}/manifest.json` lives; default `/`. */
  base?: string;
  /** Origins besides the page's own that app files may come from (e.g. a CDN), as `https://cdn.example.org`. */
  allowedOrigins?: readonly string[];
  /** The request client; default the page's. */
  client?: Client;
  /** The page's address, to resolve relative addresses; default `location.href`. */
  pageUrl?: string;
}

export interface ViewportEntry {
  /** Absolute address of the script. */
  js: string;
  /** Absolute address of the stylesheet, or null. */
  css: string | null;
}

function pageHref(options: ViewportOptions): string {
  return options.pageUrl ?? globalThis.location?.href ?? 'http://localhost/';
}

/**
 * The absolute address of a manifest value, refused unless it is http(s) on the page's origin or an allowed one:
 * whatever a manifest says, only code from trusted origins runs in the page.
 */
export function resolveAppUrl(value: string, manifestHref: string, options: ViewportOptions = {}): string {
  // Core's one safe-URL rule, relative to the manifest, on the page's origin or an allowed one.
  const own = httpOrigin(pageHref(options));
  let safe: string | null = null;
  try {
    safe = safeUrl(value, { base: new URL(manifestHref, pageHref(options)).href });
  } catch {
    safe = null;
  }
  const origin = safe ? new URL(safe).origin : null;
  if (!safe || !origin || (origin !== own && !(options.allowedOrigins ?? []).includes(origin))) {
    throw new ViewportError('unsafe-url', value);
  }
  return safe;
}

/** The fileId's script and stylesheet from a manifest, as absolute, checked addresses. */
export function manifestEntry(
  manifest: ViewportManifest,
  fileId: string,
  manifestHref: string,
  options: ViewportOptions = {},
): ViewportEntry {
  if (!isViewportName(fileId)) throw new ViewportError('invalid-file-id', String(fileId));
  const js = Object.hasOwn(manifest, `${fileId}.js`) ? manifest[`${fileId}.js`] : undefined;
  if (typeof js !== 'string' || !js) throw new ViewportError('missing-entry', fileId);
  const css = Object.hasOwn(manifest, `${fileId}.css`) ? manifest[`${fileId}.css`] : undefined;
  return {
    js: resolveAppUrl(js, manifestHref, options),
    css: typeof css === 'string' && css ? resolveAppUrl(css, manifestHref, options) : null,
  };
}

interface PageState {
  manifests: Map<string, Promise<ViewportManifest>>;
  files: Map<string, Promise<void>>;
}

/** Per page, shared by every copy of the core on it: a file is loaded once, whoever asks. */
function pageState(): PageState {
  const key = Symbol.for('edu-portal.core.viewport.v1');
  const store = globalThis as unknown as Record<symbol, PageState | undefined>;
  return (store[key] ??= { manifests: new Map(), files: new Map() });
}

/** The app's manifest, fetched once per page (a failure is forgotten, so the next call tries again). */
export function fetchManifest(app: string, options: ViewportOptions = {}): Promise<ViewportManifest> {
  const href = new URL(manifestUrl(app, options.base), pageHref(options)).href;
  const { manifests } = pageState();
  let pending = manifests.get(href);
  if (!pending) {
    const client = options.client ?? pageClient;
    // Silent: the viewport shows its own localised error in place of the app.
    pending = client.getJson<unknown>(href, { silent: true }).then(
      (body) => {
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ViewportError('manifest', app);
        const manifest: ViewportManifest = {};
        for (const [key, value] of Object.entries(body)) if (typeof value === 'string') manifest[key] = value;
        return manifest;
      },
      (error: unknown) => {
        throw new ViewportError('manifest', app, { cause: error });
      },
    );
    manifests.set(href, pending);
    pending.catch(() => manifests.delete(href));
  }
  return pending;
}

/**
 * Forgets the fetched manifests, so the next load asks the server again (after apps were redeployed, in tests).
 * Loaded scripts and stylesheets stay: a page cannot unload them.
 */
export function clearManifestCache(): void {
  pageState().manifests.clear();
}

function loadOnce(url: string, create: () => HTMLElement, kind: 'script' | 'style'): Promise<void> {
  const { files } = pageState();
  let pending = files.get(url);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const node = create();
      node.addEventListener('load', () => resolve(), { once: true });
      node.addEventListener(
        'error',
        () => {
          // A failed file leaves no trace, so a later attempt starts clean.
          node.remove();
          reject(new ViewportError(kind, url));
        },
        { once: true },
      );
      document.head.append(node);
    });
    files.set(url, pending);
    pending.catch(() => files.delete(url));
  }
  return pending;
}

/** Loads a classic script once per page. */
export function loadScript(url: string): Promise<void> {
  return loadOnce(
    url,
    () => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.dataset['eduViewport'] = '';
      return script;
    },
    'script',
  );
}

/** Loads a stylesheet once per page. */
export function loadStyle(url: string): Promise<void> {
  return loadOnce(
    url,
    () => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.dataset['eduViewport'] = '';
      return link;
    },
    'style',
  );
}

/** The mount function registered for a fileId, or null. */
export function registeredMount(fileId: string): ViewportMount | null {
  const registry = (globalThis as unknown as Record<string, unknown>)[VIEWPORT_REGISTRY];
  if (!registry || typeof registry !== 'object') return null;
  const mount = Object.hasOwn(registry, fileId) ? (registry as Record<string, unknown>)[fileId] : undefined;
  return typeof mount === 'function' ? (mount as ViewportMount) : null;
}

/**
 * Everything the viewport needs before mounting: the manifest, then the stylesheet and the script (each once per
 * page), then the mount function the script registered. Rejects with a `ViewportError`.
 */
export async function loadViewportApp(
  app: string,
  fileId: string,
  options: ViewportOptions = {},
): Promise<ViewportMount> {
  if (!isViewportName(app)) throw new ViewportError('invalid-app', String(app));
  if (!isViewportName(fileId)) throw new ViewportError('invalid-file-id', String(fileId));
  const manifest = await fetchManifest(app, options);
  const href = new URL(manifestUrl(app, options.base), pageHref(options)).href;
  const entry = manifestEntry(manifest, fileId, href, options);
  // The stylesheet goes first so the app does not flash unstyled; both load in parallel.
  await Promise.all([entry.css ? loadStyle(entry.css) : Promise.resolve(), loadScript(entry.js)]);
  const mount = registeredMount(fileId);
  if (!mount) throw new ViewportError('no-mount', fileId);
  return mount;
}
