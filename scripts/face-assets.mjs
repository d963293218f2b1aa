// The face detector's assets, served by the host from the installed packages, never from a CDN:
// `face-assets/model/` ← @vladmandic/face-api/model (TinyFaceDetector only) and `face-assets/wasm/` ←
// @tensorflow/tfjs-backend-wasm/dist (the .wasm binaries). Used by the demo's Vite plugin (dev and build), the
// drop-in bundle's build, the reference server's static files (demo/dist) and the wtr dev server.
import { copyFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'packages/core/package.json'));
const faceApiDir = dirname(require.resolve('@vladmandic/face-api/package.json'));
const wasmDir = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

/** URL path below the assets base → absolute file. */
export const faceAssets = Object.freeze({
  'model/tiny_face_detector_model-weights_manifest.json': join(
    faceApiDir,
    'model/tiny_face_detector_model-weights_manifest.json',
  ),
  'model/tiny_face_detector_model.bin': join(faceApiDir, 'model/tiny_face_detector_model.bin'),
  'wasm/tfjs-backend-wasm.wasm': join(wasmDir, 'tfjs-backend-wasm.wasm'),
  'wasm/tfjs-backend-wasm-simd.wasm': join(wasmDir, 'tfjs-backend-wasm-simd.wasm'),
  'wasm/tfjs-backend-wasm-threaded-simd.wasm': join(wasmDir, 'tfjs-backend-wasm-threaded-simd.wasm'),
});

/** The default base path the core's detector fetches from. */
export const FACE_ASSETS_PATH = '/face-assets/';

/** The file of a request path (`/face-assets/…` or under `prefix`), or null. */
export function faceAssetFile(pathname, prefix = FACE_ASSETS_PATH) {
  if (!pathname.startsWith(prefix)) return null;
  return faceAssets[pathname.slice(prefix.length)] ?? null;
}

export const faceAssetType = (file) =>
  file.endsWith('.wasm')
    ? 'application/wasm'
    : file.endsWith('.json')
      ? 'application/json'
      : 'application/octet-stream';

/** Copies the assets to `dir` (as `dir/model/…`, `dir/wasm/…`). */
export function copyFaceAssets(dir) {
  for (const [name, file] of Object.entries(faceAssets)) {
    if (!existsSync(file)) throw new Error(`Face asset missing: ${file}`);
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    copyFileSync(file, join(dir, name));
  }
}
