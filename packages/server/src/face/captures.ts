/**
 * Test captures made from the sample photos that @vladmandic/face-api ships (`demo/sample1…6.jpg`, group photos of
 * 20 different people as TinyFaceDetector finds them): a square crop around one face, scaled to a capture size,
 * with its own framing, brightness, JPEG quality and mirroring, as two camera captures of one person differ. Used by
 * the server's face tests, the threshold measurement (`npm run face:measure -w @edu-portal/server`) and the demo
 * enrol hook; never by a default start.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export const SAMPLE_DIR = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** One face of a sample photo: its box centre and width in the photo's own pixels (1920 wide). */
export interface SampleFace {
  sample: number;
  cx: number;
  cy: number;
  size: number;
}

/** Boxes found by TinyFaceDetector (input 416) on the photos scaled to 1024 wide, times 1920 / 1024. */
const FOUND_AT_1024: [sample: number, x: number, y: number, width: number][] = [
  [1, 413, 237, 167],
  [1, 759, 114, 162],
  [1, 180, 212, 163],
  [2, 748, 94, 147],
  [3, 533, 133, 175],
  [3, 280, 196, 168],
  [3, 770, 180, 156],
  [4, 333, 51, 135],
  [4, 118, 123, 147],
  [4, 494, 120, 144],
  [5, 168, 478, 166],
  [5, 719, 223, 162],
  [5, 284, 231, 154],
  [5, 565, 128, 148],
  [5, 392, 72, 126],
  [6, 766, 168, 157],
  [6, 327, 201, 159],
  [6, 583, 191, 158],
  [6, 99, 277, 178],
];

const SCALE = 1920 / 1024;

export const SAMPLE_FACES: readonly SampleFace[] = FOUND_AT_1024.map(([sample, x, y, width]) => ({
  sample,
  cx: Math.round((x + width / 2) * SCALE),
  cy: Math.round((y + width / 2) * SCALE),
  size: Math.round(width * SCALE),
}));

export interface CaptureOptions {
  /** Crop side as a multiple of the face width (default 2.2: the face fills about 45 % of the capture). */
  zoom?: number;
  /** Shift of the crop centre, in face widths. */
  dx?: number;
  dy?: number;
  /** Brightness multiplier (1 unchanged). */
  brightness?: number;
  mirror?: boolean;
  /** JPEG quality (default 90). */
  quality?: number;
  /** Capture side in pixels (default 480, the spec's capture size). */
  side?: number;
}

/** A square JPEG capture of one sample face. */
export async function captureFace(face: SampleFace, options: CaptureOptions = {}): Promise<Buffer> {
  const { zoom = 2.2, dx = 0, dy = 0, brightness = 1, mirror = false, quality = 90, side = 480 } = options;
  const path = join(SAMPLE_DIR, `sample${face.sample}.jpg`);
  const meta = await sharp(path).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const crop = Math.min(Math.round(face.size * zoom), width, height);
  const left = Math.max(0, Math.min(width - crop, Math.round(face.cx + dx * face.size - crop / 2)));
  const top = Math.max(0, Math.min(height - crop, Math.round(face.cy + dy * face.size - crop / 2)));
  let image = sharp(path).extract({ left, top, width: crop, height: crop }).resize(side, side);
  if (brightness !== 1) image = image.modulate({ brightness });
  if (mirror) image = image.flop();
  return image.jpeg({ quality }).toBuffer();
}

/** A flat grey picture: no face. */
export function blankPhoto(side = 480): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
}

/** Two faces side by side (two captures of 320×320 on a 640×320 picture). */
export async function twoFacesPhoto(left: SampleFace, right: SampleFace): Promise<Buffer> {
  const [a, b] = await Promise.all([captureFace(left, { side: 320 }), captureFace(right, { side: 320 })]);
  return sharp({ create: { width: 640, height: 320, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: a, left: 0, top: 0 },
      { input: b, left: 320, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * A group photo with faces of different sizes: a 480 × 480 capture of `main` with a capture of `other` pasted in a
 * corner (0 top left, 1 top right, 2 bottom left, 3 bottom right) at `scale` × 480.
 */
export async function groupPhoto(main: SampleFace, other: SampleFace, scale: number, corner = 0): Promise<Buffer> {
  const side = 480;
  const small = Math.round(side * scale);
  const inset = await captureFace(other, { side: small });
  const left = corner % 2 === 0 ? 0 : side - small;
  const top = corner < 2 ? 0 : side - small;
  return sharp(await captureFace(main, { zoom: 2.6, side }))
    .composite([{ input: inset, left, top }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
