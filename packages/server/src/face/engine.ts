/**
 * Face descriptors in Node (DESIGN §6 "Face"; TOOLCHAIN "Face matching in the reference server"):
 * @vladmandic/face-api's node-wasm build on the tfjs wasm backend, models from the package's `model/` folder, photos
 * decoded with sharp. TinyFaceDetector finds the faces (the same detector for enrolment and login: switching the
 * detector alone moves a descriptor), the 68-point landmarks align them, the recognition net gives the 128-d
 * descriptor. Loaded on the first call only; runs inside the face worker (face/worker.ts), never on the main thread.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

type FaceApi = typeof import('@vladmandic/face-api');

/** The detector's input size (a multiple of 32) and the score a face must reach. */
export const DETECTOR_INPUT_SIZE = 416;
export const DETECTOR_MIN_SCORE = 0.5;
/** Photos are scaled so that their longer side is at most this before detection (a 480×480 capture is not). */
export const MAX_PHOTO_SIDE = 1024;

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** What one photo gives: every face found, and the descriptor of the only one when there is exactly one. */
export interface FaceAnalysis {
  faces: FaceBox[];
  descriptor: number[] | null;
  width: number;
  height: number;
  /** Time spent decoding and running the nets, in ms. */
  ms: number;
}

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  // The very tfjs instance the node-wasm build requires (face-api's own typing of `tf` is partial).
  const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };
  // The trailing slash matters: without it the backend fails and setBackend answers false without throwing.
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
  if (!(await tf.setBackend('wasm'))) throw new Error('face: the tfjs wasm backend did not start');
  await tf.ready();
  const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  return faceapi;
}

/** Loads the nets once (the first face call pays for it). */
export function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Border added on each side, as a share of the longer side, when a photo shows no face: TinyFaceDetector misses a
 * face that fills more than about 45 % of the frame (a close-up capture); framed smaller, it is found.
 */
export const CLOSE_UP_PADDING = 0.3;

/**
 * Decodes a JPEG/PNG/WebP photo to RGB pixels, upright (EXIF orientation) and at most MAX_PHOTO_SIDE; `padding`
 * adds a grey border of that share of the longer side on every side.
 */
async function decode(photo: Uint8Array, padding = 0): Promise<{ data: Buffer; width: number; height: number }> {
  let image = sharp(photo, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(MAX_PHOTO_SIDE, MAX_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb');
  if (padding > 0) {
    const resized = await image.raw().toBuffer({ resolveWithObject: true });
    const border = Math.round(Math.max(resized.info.width, resized.info.height) * padding);
    image = sharp(resized.data, { raw: resized.info }).extend({
      top: border,
      bottom: border,
      left: border,
      right: border,
      background: { r: 128, g: 128, b: 128 },
    });
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Finds the faces of a photo; the descriptor only when exactly one face is there. A photo where none is found is
 * tried once more with a border around it (a close-up). Throws on an undecodable file.
 */
export async function analyse(photo: Uint8Array): Promise<FaceAnalysis> {
  const started = performance.now();
  const first = await analyseOnce(photo, 0);
  const result = first.faces.length > 0 ? first : await analyseOnce(photo, CLOSE_UP_PADDING);
  return { ...result, ms: performance.now() - started };
}

async function analyseOnce(photo: Uint8Array, padding: number): Promise<FaceAnalysis> {
  const faceapi = await faceApi();
  const started = performance.now();
  const { data, width, height } = await decode(photo, padding);
  const tensor = faceapi.tf.tensor3d(new Int32Array(data), [height, width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({
      inputSize: DETECTOR_INPUT_SIZE,
      scoreThreshold: DETECTOR_MIN_SCORE,
    });
    const found = await faceapi
      .detectAllFaces(tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0], options)
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces = found.map(({ detection }) => ({
      x: Math.round(detection.box.x),
      y: Math.round(detection.box.y),
      width: Math.round(detection.box.width),
      height: Math.round(detection.box.height),
      score: Math.round(detection.score * 1000) / 1000,
    }));
    const only = found.length === 1 ? found[0] : undefined;
    return {
      faces,
      descriptor: only ? Array.from(only.descriptor) : null,
      width,
      height,
      ms: performance.now() - started,
    };
  } finally {
    tensor.dispose();
  }
}

/** Euclidean distance of two descriptors (face-api's measure: same person below about 0.5). */
export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
