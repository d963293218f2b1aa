/**
 * File names of uploads: the extension rules (spec part 1 §5 `notAllowUpload`, part 2 §5 rejected extensions), the
 * content type a stored file is served with, and a `Content-Disposition` that cannot inject a header.
 */
import {
  IMAGE_EXTENSIONS,
  NOT_ALLOWED_UPLOAD_EXTENSIONS,
  REJECTED_EXTENSIONS,
} from '@edu-portal/core/validate/extensions.ts';

export { IMAGE_EXTENSIONS };

/**
 * The last extension of a name, lower-cased, after dropping trailing dots and spaces (Windows saves `run.exe.` as
 * `run.exe`), as core's `fileExtension` reads it; '' when there is none.
 */
export function extensionOf(name: string): string {
  const trimmed = name.replace(/[. ]+$/, '');
  const base = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether either list refuses the name's extension. */
export function isRefusedName(name: string): boolean {
  const ext = extensionOf(name);
  return ext !== '' && (REJECTED_EXTENSIONS.includes(ext) || NOT_ALLOWED_UPLOAD_EXTENSIONS.includes(ext));
}

/** The name as stored: no directory part, no control characters, at most 255 characters; 'file' when empty. */
export function cleanFileName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

const MIME: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wma: 'audio/x-ms-wma',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  rm: 'application/vnd.rn-realmedia',
  rmvb: 'application/vnd.rn-realmedia-vbr',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  json: 'application/json',
};

/**
 * The type a stored file is served with, by its extension. Anything unknown is `application/octet-stream`: the
 * type the browser sent is never trusted, so a stored file cannot become a page of the portal's origin.
 */
export function contentTypeOf(name: string): string {
  return MIME[extensionOf(name)] ?? 'application/octet-stream';
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / RFC 5987): an ASCII fallback with quotes,
 * backslashes and anything outside printable ASCII replaced by `_`, and the exact name percent-encoded. Control
 * characters (CR, LF) can appear in neither part, so the header cannot be split.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  let encoded: string;
  try {
    encoded = encodeURIComponent(name);
  } catch {
    // A lone surrogate cannot be encoded: the fallback then stands for the name.
    encoded = encodeURIComponent(fallback);
  }
  encoded = encoded.replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
