/**
 * `@edu-portal/server/vite`: what a school's Vite app needs to run the kit against an edu-portal back end (the
 * reference server or the real one).
 *
 * - `eduPortalProxy(target)`: the `server.proxy` entries for the three path prefixes the kit calls — `/api` (with
 *   WebSockets, for the speech gateway), `/common` (static files, downloads) and `/zuul` (uploads:
 *   `<edu-upload>` posts to `/zuul/api/storage/upload`). The Host header is kept, so the back end sees the page's own
 *   origin and accepts its state-changing requests.
 * - `eduPortal({ target })`: a Vite plugin that sets those entries for `vite` and `vite preview`, builds Workers as
 *   ES modules (the face detector's Worker loads face-api as a chunk of its own), serves the face
 *   detector's model and wasm files at `/face-assets/` in development, and puts them into the build's
 *   `face-assets/` when the app uses face detection (`faceAssets: 'auto'`, the default; `true` always, `false`
 *   never).
 *
 * It imports nothing from Vite (the shapes below are the parts of Vite's types it fills), so it loads in any Vite
 * version's config.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The prefixes the kit's requests start with. */
export const EDU_PORTAL_PATHS = ['/api', '/common', '/zuul'] as const;

/** One `server.proxy` entry, as Vite's `ProxyOptions` takes it. */
export interface EduProxyEntry {
  target: string;
  changeOrigin: boolean;
  ws: boolean;
}

/** `server.proxy` (and `preview.proxy`) entries forwarding the kit's calls to `target`. */
export function eduPortalProxy(target: string = defaultTarget()): Record<string, EduProxyEntry> {
  return Object.fromEntries(
    EDU_PORTAL_PATHS.map((path) => [path, { target, changeOrigin: false, ws: path === '/api' }]),
  );
}

function defaultTarget(): string {
  return process.env.EDU_API_TARGET ?? 'http://localhost:8080';
}

const require = createRequire(import.meta.url);

/** URL path below `/face-assets/` → the file in the installed face-api and tfjs wasm packages. */
export function faceAssetFiles(): Record<string, string> {
  const faceApi = dirname(require.resolve('@vladmandic/face-api/package.json'));
  const wasm = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  return {
    'model/tiny_face_detector_model-weights_manifest.json': join(
      faceApi,
      'model/tiny_face_detector_model-weights_manifest.json',
    ),
    'model/tiny_face_detector_model.bin': join(faceApi, 'model/tiny_face_detector_model.bin'),
    'wasm/tfjs-backend-wasm.wasm': join(wasm, 'tfjs-backend-wasm.wasm'),
    'wasm/tfjs-backend-wasm-simd.wasm': join(wasm, 'tfjs-backend-wasm-simd.wasm'),
    'wasm/tfjs-backend-wasm-threaded-simd.wasm': join(wasm, 'tfjs-backend-wasm-threaded-simd.wasm'),
  };
}

const FACE_ASSETS = '/face-assets/';

const contentType = (file: string) =>
  file.endsWith('.wasm')
    ? 'application/wasm'
    : file.endsWith('.json')
      ? 'application/json'
      : 'application/octet-stream';

export interface EduPortalViteOptions {
  /** The back end's origin: `EDU_API_TARGET`, else `http://localhost:8080` (where `edu-portal-server` listens). */
  target?: string;
  /** Face detector assets in the build: `'auto'` (when the app uses face detection), `true` or `false`. */
  faceAssets?: boolean | 'auto';
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The parts of Vite's `Plugin` this plugin fills. */
export interface EduPortalVitePlugin {
  name: string;
  config(): {
    server: { proxy: Record<string, EduProxyEntry> };
    preview: { proxy: Record<string, EduProxyEntry> };
    worker: { format: 'es' };
  };
  configureServer(server: { middlewares: { use(middleware: Middleware): void } }): void;
  generateBundle(
    this: { emitFile(file: { type: 'asset'; fileName: string; source: Uint8Array }): string },
    options: unknown,
    bundle: Record<string, unknown>,
  ): void;
}

/** The Vite plugin: proxy for dev and preview, face assets in dev and in the build. */
export function eduPortal(options: EduPortalViteOptions = {}): EduPortalVitePlugin {
  const proxy = eduPortalProxy(options.target ?? defaultTarget());
  const faceAssets = options.faceAssets ?? 'auto';
  return {
    name: 'edu-portal',
    // Module Workers: the face detector's Worker loads face-api as a chunk of its own.
    config: () => ({ server: { proxy }, preview: { proxy }, worker: { format: 'es' } }),
    configureServer(server) {
      if (faceAssets === false) return;
      const files = faceAssetFiles();
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://host').pathname;
        const file = path.startsWith(FACE_ASSETS) ? files[path.slice(FACE_ASSETS.length)] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', contentType(file));
        res.end(readFileSync(file));
      });
    },
    generateBundle(_options, bundle) {
      // The face detector's Worker is its own file of the build (`detector.worker-….js`) when the app uses it.
      const usesFace = Object.keys(bundle).some((name) => /detector\.worker/.test(name));
      if (faceAssets === false || (faceAssets === 'auto' && !usesFace)) return;
      for (const [name, file] of Object.entries(faceAssetFiles())) {
        this.emitFile({ type: 'asset', fileName: `${FACE_ASSETS.slice(1)}${name}`, source: readFileSync(file) });
      }
    },
  };
}
