/**
 * Face detection off the main thread (DESIGN §6 "Face"): a client of `detector.worker.ts`, which runs
 * @vladmandic/face-api's TinyFaceDetector on the tfjs wasm backend. Frames go to the Worker as transferred
 * `ImageBitmap`s; the answer is the best face in frame pixels, or null. face-api, its model and the wasm binaries
 * are fetched only when a detector is created, from the host: `{base}model/…` (the package's `model/` folder) and
 * `{base}wasm/…` (`@tensorflow/tfjs-backend-wasm/dist/`), `base` `/face-assets/` unless configured.
 */
import { faceAssetsBase } from './assets-base.ts';
import type { FaceBox } from './capture.ts';
import type { DetectorWorkerMessage, DetectorWorkerRequest } from './detector.worker.ts';

/** TinyFaceDetector input: 224 detects about twice as often as 320 here and finds a face on the guide alike. */
export const FACE_DETECTOR_INPUT_SIZE = 224;
export const FACE_DETECTOR_SCORE_THRESHOLD = 0.5;

export { faceAssetsBase, setFaceAssetsBase } from './assets-base.ts';

export interface FaceDetectorOptions {
  /** Overrides the configured base for this detector. */
  assetsBase?: string;
  /** Or the two folders separately. */
  modelUrl?: string;
  wasmUrl?: string;
  inputSize?: number;
  scoreThreshold?: number;
}

export interface FaceDetection {
  box: FaceBox | null;
  score: number;
  /** Time in the Worker, ms. */
  ms: number;
}

export interface FaceDetector {
  /** Resolves when the model and backend are loaded (rejects when they cannot be). */
  readonly ready: Promise<void>;
  /** The best face of a frame in its pixels, or null; the bitmap is transferred (unusable afterwards). */
  detect(bitmap: ImageBitmap): Promise<FaceBox | null>;
  /** `detect` with the score and the Worker's time. */
  detectWithScore(bitmap: ImageBitmap): Promise<FaceDetection>;
  /** Stops the Worker; pending detections reject. */
  close(): void;
}

const absolute = (url: string) => new URL(url, globalThis.location?.href).href;

/** Starts a detection Worker and loads face-api in it. */
export function createFaceDetector(options: FaceDetectorOptions = {}): FaceDetector {
  const base = absolute(options.assetsBase ?? faceAssetsBase());
  const worker = new Worker(new URL('./detector.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, { resolve: (d: FaceDetection) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let closed = false;
  let readyResolve!: () => void;
  let readyReject!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  // Callers that only detect see the failure through detect(); no unhandled rejection here.
  ready.catch(() => undefined);

  const failAll = (error: Error) => {
    readyReject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.addEventListener('message', (event: MessageEvent<DetectorWorkerMessage>) => {
    const message = event.data;
    if (message.type === 'ready') readyResolve();
    else if (message.type === 'result') {
      const job = pending.get(message.id);
      pending.delete(message.id);
      job?.resolve({ box: message.box, score: message.score, ms: message.ms });
    } else if (message.id !== undefined) {
      const job = pending.get(message.id);
      pending.delete(message.id);
      job?.reject(new Error(message.message));
    } else failAll(new Error(message.message));
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(new Error(event.message || 'The face detection Worker failed to load'));
  });
  const init: DetectorWorkerRequest = {
    type: 'init',
    modelUrl: absolute(options.modelUrl ?? new URL('model/', base).href),
    wasmUrl: absolute(options.wasmUrl ?? new URL('wasm/', base).href),
    inputSize: options.inputSize ?? FACE_DETECTOR_INPUT_SIZE,
    scoreThreshold: options.scoreThreshold ?? FACE_DETECTOR_SCORE_THRESHOLD,
  };
  worker.postMessage(init);

  const detectWithScore = (bitmap: ImageBitmap): Promise<FaceDetection> => {
    if (closed) {
      bitmap.close();
      return Promise.reject(new Error('The face detector is closed'));
    }
    const id = nextId++;
    return new Promise<FaceDetection>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const request: DetectorWorkerRequest = { type: 'detect', id, bitmap };
      worker.postMessage(request, [bitmap]);
    });
  };
  return {
    ready,
    detectWithScore,
    detect: async (bitmap) => (await detectWithScore(bitmap)).box,
    close() {
      if (closed) return;
      closed = true;
      worker.terminate();
      failAll(new Error('The face detector is closed'));
    },
  };
}
