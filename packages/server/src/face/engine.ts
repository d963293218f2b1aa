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
/**
 * The second opinion on how many faces a photo shows: SSD MobileNet v1 (shipped with the package), which finds the
 * small faces of a group photo that TinyFaceDetector at its input size misses. It only counts: the descriptor still
 * comes from TinyFaceDetector's box (the detector the thresholds were measured with). Measured with
 * `npm run face:groups -w @edu-portal/server` (docs/decisions.md "Face": group photos).
 */
export const GROUP_MIN_CONFIDENCE = 0.5;
/** Photos are scaled so that their longer side is at most this before detection (a 480×480 capture is not). */
export const MAX_PHOTO_SIDE = 1024;
/**
 * The largest picture accepted, in pixels: a 12 Mpx phone photo (4096 × 3072) in either orientation. Checked from
 * the header (`photoHeader`) before a photo waits for the worker, and again by the decoder. A 480 × 480 capture is
 * 0.23 Mpx; a PNG of 40 Mpx fits in a few MB and took seconds to decode.
 */
export const MAX_INPUT_PIXELS = 4096 * 3072;

/** The size and format a photo's header declares, read without decoding the pixels; throws when unreadable. */
export async function photoHeader(photo: Uint8Array): Promise<{ width: number; height: number; format: string }> {
  const { width, height, format } = await sharp(photo).metadata();
  if (!width || !height || !format) throw new Error('Input: no picture size in the header');
  return { width, height, format };
}

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** What one photo gives: every face found, and the descriptor of the only one when there is exactly one. */
export interface FaceAnalysis {
  /** Every face found: TinyFaceDetector's, or SSD's when it found more (a group photo). */
  faces: FaceBox[];
  /** How many faces TinyFaceDetector alone found (for the measurement of group photos). */
  tinyFaces: number;
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
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
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

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a JPEG/PNG/WebP photo to RGB pixels, upright (EXIF orientation) and at most MAX_PHOTO_SIDE, once: the
 * resize lets libvips shrink a JPEG or WebP while loading it (it never holds the full-size pixels), and a picture
 * over MAX_INPUT_PIXELS is refused from its header.
 */
async function decode(photo: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(MAX_PHOTO_SIDE, MAX_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The decoded pixels with a grey border of `padding` × the longer side on every side. */
async function pad(pixels: Pixels, padding: number): Promise<Pixels> {
  const border = Math.round(Math.max(pixels.width, pixels.height) * padding);
  const { data, info } = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extend({ top: border, bottom: border, left: border, right: border, background: { r: 128, g: 128, b: 128 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Finds the faces of a photo; the descriptor only when exactly one face is there. A photo where none is found is
 * tried once more with a border around it (a close-up). Throws on an undecodable file.
 */
export async function analyse(photo: Uint8Array): Promise<FaceAnalysis> {
  const started = performance.now();
  const pixels = await decode(photo);
  const first = await analyseOnce(pixels);
  const result = first.faces.length > 0 ? first : await analyseOnce(await pad(pixels, CLOSE_UP_PADDING));
  return { ...result, ms: performance.now() - started };
}

async function analyseOnce({ data, width, height }: Pixels): Promise<FaceAnalysis> {
  const faceapi = await faceApi();
  const started = performance.now();
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
    const box = (detection: { box: { x: number; y: number; width: number; height: number }; score: number }) => ({
      x: Math.round(detection.box.x),
      y: Math.round(detection.box.y),
      width: Math.round(detection.box.width),
      height: Math.round(detection.box.height),
      score: Math.round(detection.score * 1000) / 1000,
    });
    let faces = found.map(({ detection }) => box(detection));
    if (found.length === 1) {
      // One face for TinyFaceDetector: SSD counts again, and a second face it finds makes the photo a group photo.
      const counted = await faceapi.detectAllFaces(
        tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0],
        new faceapi.SsdMobilenetv1Options({ minConfidence: GROUP_MIN_CONFIDENCE, maxResults: 10 }),
      );
      if (counted.length > 1) faces = counted.map((detection) => box(detection));
    }
    const only = found.length === 1 && faces.length === 1 ? found[0] : undefined;
    return {
      faces,
      tinyFaces: found.length,
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
