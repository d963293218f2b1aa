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
 * Extensions the server refuses beside the spec's two lists: other names of an HTML page (the spec refuses `html`),
 * which a browser would open as a page of the portal's origin.
 */
export const SERVER_REFUSED_EXTENSIONS: readonly string[] = ['htm', 'xhtml', 'shtml', 'mht', 'mhtml', 'hta'];

/**
 * Extensions a browser could run or render as a document (scripts, SVG, XML): stored, but only ever served as an
 * attachment, with `X-Content-Type-Options: nosniff`.
 */
export const ATTACHMENT_ONLY_EXTENSIONS: readonly string[] = [
  'html',
  ...SERVER_REFUSED_EXTENSIONS,
  'svg',
  'svgz',
  'xml',
  'xsl',
  'xslt',
  'js',
  'mjs',
  'cjs',
  'json',
  'pdf',
  'swf',
  'wasm',
  'css',
];

/** Content types a browser shows as media, never runs: the only ones served inline (SVG is a document, not here). */
const INLINE_TYPE = /^(image\/(gif|jpeg|png|bmp|webp|tiff)|audio\/|video\/)/i;

/** Control and format characters (zero-width, bidirectional overrides, BOM): never part of a stored name. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The last extension of a name, lower-cased, as a file system and a browser would read it: control and format
 * characters removed (`x.html\u0007`, `x\u202egpj.exe`), compatibility forms folded (`x.ｅｘｅ`), trailing dots and
 * spaces dropped (Windows saves `run.exe.` as `run.exe`); '' when there is none.
 */
export function extensionOf(name: string): string {
  const trimmed = cleanFileName(name)
    .normalize('NFKC')
    .replace(/[.\s]+$/u, '');
  const base = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Whether the spec's lists or the server's own refuse the name's extension (read as `extensionOf` reads it). */
export function isRefusedName(name: string): boolean {
  const ext = extensionOf(name);
  return (
    ext !== '' &&
    (REJECTED_EXTENSIONS.includes(ext) ||
      NOT_ALLOWED_UPLOAD_EXTENSIONS.includes(ext) ||
      SERVER_REFUSED_EXTENSIONS.includes(ext))
  );
}

/**
 * Whether a stored file may only be served as an attachment: anything but an image, audio or video type, and
 * anything whose name a browser could run whatever its type.
 */
export function isAttachmentOnly(name: string, mime: string): boolean {
  return ATTACHMENT_ONLY_EXTENSIONS.includes(extensionOf(name)) || !INLINE_TYPE.test(mime);
}

/**
 * The name as stored: no directory part, no control or format characters, at most 255 characters; 'file' when
 * empty. Its extension is the one `isRefusedName` checked.
 */
export function cleanFileName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const clean = base.replace(INVISIBLE, '').trim();
  return clean.slice(0, 255) || 'file';
}

/** The longest folder path kept with a file. */
export const MAX_RELATIVE_PATH_LENGTH = 1024;

/**
 * A file's path in the folder it was picked or dropped with (`webkitRelativePath`, spec part 2 §3's upload record),
 * kept as a label only: `/` between the parts, no empty, `.` or `..` part, no invisible characters, at most 1024
 * characters; '' when nothing is left. It never names a place on the server's disk.
 */
export function cleanRelativePath(path: string | undefined): string {
  if (!path) return '';
  const parts = path
    .replace(INVISIBLE, '')
    .split(/[\\/]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  const clean = parts.join('/');
  return clean.length > MAX_RELATIVE_PATH_LENGTH ? '' : clean;
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
