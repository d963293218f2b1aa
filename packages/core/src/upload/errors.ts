/**
 * Upload errors (spec part 2 §8): the catalogue's kinds as one typed error with a message in the language in
 * force. `refusal` marks what no retry can fix (a refused type or size, a missing file, a server refusal); the
 * controller never retries those.
 */
import { getLanguage, type Lang } from '../i18n/language.ts';
import { RequestError } from '../http/errors.ts';
import { uploadText } from './texts.ts';

/**
 * - `checkerror`: the existence check (`second_upload_check`) failed;
 * - `uploaderror`: the single upload failed;
 * - `uploadunkerror`: a chunk upload failed;
 * - `checkchunkerror`: a chunk check (`block_upload_check`) failed;
 * - `chunkmerge`: the merge failed (e.g. the server's MD5 of the assembled file differs);
 * - `chunk count abnormal`: the server holds a different number of chunks than the merge names;
 * - `upload failed`: anything else that stopped the upload;
 * - `Not find file`: no file given; `size exceeds limit`: over `maxSize`;
 * - `type not allowed`: a refused extension (part 1 §5 `notAllowUpload`, part 2 §5) or one outside `accept`;
 * - `readerror`: the browser could not read the file (removed or changed since it was picked);
 * - `quota exceeded`: not the catalogue's; the reference server's refusal when the user's storage quota (bytes,
 *   files or uploads in progress) is reached (docs/decisions.md "Upload storage security").
 */
export type UploadErrorKind =
  | 'checkerror'
  | 'uploaderror'
  | 'uploadunkerror'
  | 'checkchunkerror'
  | 'chunkmerge'
  | 'chunk count abnormal'
  | 'upload failed'
  | 'Not find file'
  | 'size exceeds limit'
  | 'type not allowed'
  | 'readerror'
  | 'quota exceeded';

export const UPLOAD_ERROR_KINDS: readonly UploadErrorKind[] = [
  'checkerror',
  'uploaderror',
  'uploadunkerror',
  'checkchunkerror',
  'chunkmerge',
  'chunk count abnormal',
  'upload failed',
  'Not find file',
  'size exceeds limit',
  'type not allowed',
  'readerror',
  'quota exceeded',
];

const TEXT: Record<Exclude<UploadErrorKind, 'type not allowed'>, Parameters<typeof uploadText>[0]> = {
  checkerror: 'uploadCheckError',
  uploaderror: 'uploadError',
  uploadunkerror: 'uploadChunkError',
  checkchunkerror: 'uploadChunkCheckError',
  chunkmerge: 'uploadMergeError',
  'chunk count abnormal': 'uploadChunkCount',
  'upload failed': 'uploadFailed',
  'Not find file': 'fileNotFound',
  'size exceeds limit': 'fileTooLarge',
  readerror: 'uploadReadError',
  'quota exceeded': 'uploadQuotaExceeded',
};

/** The catalogue's text for `kind` in `lang`; `ext` names the refused extension for `type not allowed`. */
export function uploadErrorText(kind: UploadErrorKind, lang: Lang = getLanguage(), ext = ''): string {
  if (kind === 'type not allowed') return uploadText('fileTypeNotAllowed', { ext: ext || '?' }, lang);
  return uploadText(TEXT[kind], {}, lang);
}

export interface UploadErrorInit {
  kind: UploadErrorKind;
  message: string;
  /** True when retrying cannot help. */
  refusal: boolean;
  /** The envelope or HTTP status of the failed request; 0 without one. */
  status?: number;
  cause?: unknown;
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly kind: UploadErrorKind;
  readonly refusal: boolean;
  readonly status: number;

  constructor(init: UploadErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.refusal = init.refusal;
    this.status = init.status ?? 0;
  }
}

export function isUploadError(value: unknown): value is UploadError {
  return value instanceof UploadError;
}

/** HTTP statuses worth another try (tus's rule: no 4xx except these). */
const RETRY_HTTP = new Set([408, 409, 423, 429]);

/** Whether a failed request may succeed when sent again: no answer, a server error, a busy or conflicting server. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'aborted':
    case 'malformed':
      return true;
    case 'http':
      return error.status >= 500 || RETRY_HTTP.has(error.status);
    case 'business':
      return error.status >= 500;
    default:
      return false;
  }
}

/**
 * The upload error for a failed request of a step. The server's own words win when it answered (uploads show
 * `status：message`, spec part 1 §8, which the client already formats); a server that names `chunk count
 * abnormal` or `size exceeds limit` (or answers 413) gets that kind, whatever the step.
 */
export function toUploadError(step: UploadErrorKind, error: unknown, lang: Lang = getLanguage()): UploadError {
  if (error instanceof UploadError) return error;
  if (!(error instanceof RequestError)) {
    return new UploadError({ kind: step, message: uploadErrorText(step, lang), refusal: false, cause: error });
  }
  const said = `${error.code ?? ''} ${error.message}`.toLowerCase();
  let kind = step;
  if (error.code === 'quota exceeded') kind = 'quota exceeded';
  else if (said.includes('chunk count abnormal')) kind = 'chunk count abnormal';
  else if (said.includes('size exceeds limit') || error.status === 413) kind = 'size exceeds limit';
  // No answer at all (the server down or unreachable): say so; the kind still names the step that failed.
  const noAnswer = error.kind === 'network' || error.kind === 'timeout';
  return new UploadError({
    kind,
    message:
      kind === 'quota exceeded'
        ? uploadErrorText(kind, lang)
        : error.kind === 'business'
          ? error.message
          : noAnswer
            ? uploadText('uploadNoAnswer', {}, lang)
            : uploadErrorText(kind, lang),
    // A server that names a catalogue kind has decided: the same request would get the same answer.
    refusal: !isRetryable(error) || kind !== step || (step === 'chunkmerge' && said.includes('chunkmerge')),
    status: error.status,
    cause: error,
  });
}
