/**
 * The face detection Worker (DESIGN §6 "Face", TOOLCHAIN "Face detection"): @vladmandic/face-api's TinyFaceDetector
 * on the tfjs wasm backend, off the main thread (each detection blocks its thread for 60–150 ms here). face-api is
 * imported dynamically on `init`, so it is fetched only when a face element starts. Protocol: the page posts
 * `{ type: 'init', modelUrl, wasmUrl, inputSize }`, the Worker answers `{ type: 'ready', backend }` or
 * `{ type: 'error', message }`; then `{ type: 'detect', id, bitmap }` (the ImageBitmap transferred, closed here) is
 * answered by `{ type: 'result', id, box, score, ms }` with the best face in frame pixels, or box null.
 */
import type { FaceBox } from './capture.ts';

export type DetectorWorkerRequest =
  | { type: 'init'; modelUrl: string; wasmUrl: string; inputSize: number; scoreThreshold: number }
  | { type: 'detect'; id: number; bitmap: ImageBitmap };

export type DetectorWorkerMessage =
  | { type: 'ready'; backend: string }
  | { type: 'result'; id: number; box: FaceBox | null; score: number; ms: number }
  | { type: 'error'; id?: number; message: string };

/** The model files as the package ships them (manifest and its one weights file). */
export const TINY_MODEL_MANIFEST = 'tiny_face_detector_model-weights_manifest.json';
export const TINY_MODEL_WEIGHTS = 'tiny_face_detector_model.bin';
/** The wasm binaries of @tensorflow/tfjs-backend-wasm 4.22.0 (the version face-api 1.7.15 bundles). */
export const WASM_FILES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;

interface WorkerScope {
  postMessage(message: DetectorWorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DetectorWorkerRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;

type FaceApi = typeof import('@vladmandic/face-api');

/** Backend controls the ESM bundle has at run time but its declarations leave out. */
interface TfBackendControl {
  setWasmPaths(paths: Record<string, string>): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
}

interface Loaded {
  api: FaceApi;
  options: InstanceType<FaceApi['TinyFaceDetectorOptions']>;
  canvas: OffscreenCanvas;
  context: OffscreenCanvasRenderingContext2D;
}

let loading: Promise<Loaded> | null = null;

/** A class no input is an instance of: the Worker has no images or videos. */
class Absent {}

function workerEnvironment(): Parameters<FaceApi['env']['setEnv']>[0] {
  const unavailable = (what: string) => () => {
    throw new Error(`${what} is not available in the face detection Worker`);
  };
  return {
    Canvas: OffscreenCanvas as unknown as typeof HTMLCanvasElement,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D as unknown as typeof CanvasRenderingContext2D,
    Image: Absent as unknown as typeof HTMLImageElement,
    ImageData,
    Video: Absent as unknown as typeof HTMLVideoElement,
    createCanvasElement: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement,
    createImageElement: unavailable('An image element'),
    createVideoElement: unavailable('A video element'),
    fetch: (url, init) => fetch(url, init),
    readFile: unavailable('A file system'),
  };
}

const joinUrl = (base: string, file: string) => new URL(file, base.endsWith('/') ? base : `${base}/`).href;

async function load(request: Extract<DetectorWorkerRequest, { type: 'init' }>): Promise<Loaded> {
  const api: FaceApi = await import('@vladmandic/face-api');
  const { tf } = api;
  const backend = tf as unknown as TfBackendControl;
  // face-api finds no browser in a Worker (no window, no document): its environment, on OffscreenCanvas. Frames
  // arrive as ImageBitmaps and go in as tensors; images and videos never do.
  api.env.setEnv(workerEnvironment());
  // Paths per file (not a prefix), so a host may serve them under any names; checked: a failed backend returns false.
  backend.setWasmPaths(Object.fromEntries(WASM_FILES.map((file) => [file, joinUrl(request.wasmUrl, file)])));
  if (!(await backend.setBackend('wasm'))) throw new Error(`The wasm backend did not start (${request.wasmUrl})`);
  await backend.ready();
  // The weights are fetched here (manifest, then its .bin) and decoded, so their URLs are ours, not face-api's.
  const manifestResponse = await fetch(joinUrl(request.modelUrl, TINY_MODEL_MANIFEST));
  if (!manifestResponse.ok) throw new Error(`Face model manifest: HTTP ${manifestResponse.status}`);
  const manifest = (await manifestResponse.json()) as {
    paths: string[];
    weights: Parameters<typeof tf.io.decodeWeights>[1];
  }[];
  const weightsResponse = await fetch(joinUrl(request.modelUrl, TINY_MODEL_WEIGHTS));
  if (!weightsResponse.ok) throw new Error(`Face model weights: HTTP ${weightsResponse.status}`);
  const buffer = await weightsResponse.arrayBuffer();
  const specs = manifest.flatMap((group) => group.weights);
  api.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(buffer, specs));
  const options = new api.TinyFaceDetectorOptions({
    inputSize: request.inputSize,
    scoreThreshold: request.scoreThreshold,
  });
  const canvas = new OffscreenCanvas(1, 1);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context in the Worker');
  // One warm-up pass, so the first real frame is not the slow one (kernels compile on first use).
  const warm = tf.zeros([request.inputSize, request.inputSize, 3]) as import('@vladmandic/face-api').tf.Tensor3D;
  await api.detectAllFaces(warm, options);
  warm.dispose();
  return { api, options, canvas, context };
}

async function detect(loaded: Loaded, bitmap: ImageBitmap): Promise<{ box: FaceBox | null; score: number }> {
  const { api, options, canvas, context } = loaded;
  const { width, height } = bitmap;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const pixels = api.tf.browser.fromPixels(context.getImageData(0, 0, width, height));
  try {
    const faces = await api.detectAllFaces(pixels, options);
    // The best face: the largest, and of two the same size the surer one.
    let best: (typeof faces)[number] | null = null;
    for (const face of faces) {
      const area = face.box.width * face.box.height;
      if (!best || area * face.score > best.box.width * best.box.height * best.score) best = face;
    }
    if (!best) return { box: null, score: 0 };
    const { x, y, width: w, height: h } = best.box;
    return { box: { x, y, width: w, height: h }, score: best.score };
  } finally {
    pixels.dispose();
  }
}

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.type === 'init') {
    loading ??= load(request);
    loading.then(
      (loaded) =>
        scope.postMessage({ type: 'ready', backend: (loaded.api.tf as unknown as TfBackendControl).getBackend() }),
      (error: unknown) =>
        scope.postMessage({ type: 'error', message: String(error instanceof Error ? error.message : error) }),
    );
    return;
  }
  const started = performance.now();
  const current = loading;
  if (!current) {
    request.bitmap.close();
    scope.postMessage({ type: 'error', id: request.id, message: 'Detector not initialised' });
    return;
  }
  current
    .then((loaded) => detect(loaded, request.bitmap))
    .then(
      ({ box, score }) =>
        scope.postMessage({ type: 'result', id: request.id, box, score, ms: performance.now() - started }),
      (error: unknown) =>
        scope.postMessage({
          type: 'error',
          id: request.id,
          message: String(error instanceof Error ? error.message : error),
        }),
    );
});
