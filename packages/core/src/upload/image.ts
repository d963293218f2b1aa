/**
 * Image helpers for the face work (spec part 2 §7, §9): shrink a picture to fit 500×500 (never enlarged) at JPEG
 * quality 0.8, read it as base64, and store it with `base64_convert_image`.
 */
import { convertBase64Image, type CallOptions } from './api.ts';

export const IMAGE_QUALITY = 0.8;
export const IMAGE_MAX_SIZE_PX = 500;

export interface CompressOptions {
  /** 0–1; default 0.8. */
  quality?: number;
  /** Default 500 each. */
  maxWidth?: number;
  maxHeight?: number;
  /** Output type; default `image/jpeg` (quality applies to JPEG and WebP only). */
  type?: string;
}

/** The size that fits `width`×`height` inside the limits, keeping the aspect ratio; never larger than the source. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number): [number, number] {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** Draws the image at its fitted size and encodes it again. */
export async function compressImage(source: Blob, options: CompressOptions = {}): Promise<Blob> {
  const quality = options.quality ?? IMAGE_QUALITY;
  const type = options.type ?? 'image/jpeg';
  const bitmap = await createImageBitmap(source);
  try {
    const [width, height] = fitWithin(
      bitmap.width,
      bitmap.height,
      options.maxWidth ?? IMAGE_MAX_SIZE_PX,
      options.maxHeight ?? IMAGE_MAX_SIZE_PX,
    );
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('2d canvas unavailable');
      context.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type, quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2d canvas unavailable');
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('image encoding failed'))), type, quality),
    );
  } finally {
    bitmap.close();
  }
}

/** The blob's bytes as base64, without a `data:` prefix. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface UploadImageOptions extends CompressOptions, CallOptions {
  /** File name without extension; default `image`. */
  fileName?: string;
  serverId?: string;
}

/** Compresses `image` and stores it through `base64_convert_image`; resolves with the answer's `data`. */
export async function uploadCompressedImage(image: Blob, options: UploadImageOptions = {}): Promise<unknown> {
  const { quality, maxWidth, maxHeight, type, fileName, serverId, ...call } = options;
  const compressed = await compressImage(image, {
    ...(quality !== undefined && { quality }),
    ...(maxWidth !== undefined && { maxWidth }),
    ...(maxHeight !== undefined && { maxHeight }),
    ...(type !== undefined && { type }),
  });
  return convertBase64Image(
    {
      fileName: fileName ?? 'image',
      base64Str: await blobToBase64(compressed),
      type: EXTENSIONS[compressed.type] ?? 'jpg',
      ...(serverId !== undefined && { serverId }),
    },
    call,
  );
}
