/**
 * One request of an upload, retried while a retry may help: after 0, 1, 3 and 5 s by default, the count starting
 * again once the upload has moved on since the last failure; refusals are never retried. A failure without an answer
 * reads the file part the request carried again: a file changed or removed on disk since it was picked (Chromium:
 * ERR_UPLOAD_FILE_CHANGED) can no longer be read, and no retry would help (`readerror`).
 */
import type { Lang } from '../i18n/language.ts';
import { readSlice } from './hash.ts';
import { toUploadError, UploadError, uploadErrorText, type UploadErrorKind } from './errors.ts';
import { Stopped } from './transfer.ts';

export interface RetryRules {
  delays: readonly number[];
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  lang(): Lang;
  /** Grows whenever the upload moves on (a chunk held): the count of tries starts again. */
  moved(): number;
  /** A retry is about to wait: nothing is sent meanwhile. */
  waiting(): void;
}

/**
 * Whether the browser can still read `blob`: a File's slice fails for good once the file changed on disk, but a
 * read may also fail once in a while when many run at once, which `readSlice` tries again.
 */
async function readable(blob: Blob): Promise<boolean> {
  try {
    await readSlice(blob.slice(0, 1));
    return true;
  } catch {
    return false;
  }
}

/** The file cannot be read any more (changed or removed since it was picked): only picking it again helps. */
export function readError(cause: unknown, lang: Lang): UploadError {
  return new UploadError({ kind: 'readerror', message: uploadErrorText('readerror', lang), refusal: true, cause });
}

/** `attempt(step, signal, send, sent?)`: `send()`'s answer, or the `UploadError` of `step` once retrying is over. */
export function createAttempt(rules: RetryRules) {
  return async function attempt<T>(
    step: UploadErrorKind,
    signal: AbortSignal,
    send: () => Promise<T>,
    sent?: Blob,
  ): Promise<T> {
    let tries = 0;
    let movedAtFailure = rules.moved();
    for (;;) {
      if (signal.aborted) throw new Stopped();
      try {
        return await send();
      } catch (error) {
        if (signal.aborted) throw new Stopped();
        const failure = toUploadError(step, error, rules.lang());
        if (failure.refusal) throw failure;
        if (sent && failure.status === 0 && !(await readable(sent))) throw readError(error, rules.lang());
        if (signal.aborted) throw new Stopped();
        if (rules.moved() !== movedAtFailure) tries = 0;
        if (tries >= rules.delays.length) throw failure;
        movedAtFailure = rules.moved();
        rules.waiting();
        try {
          await rules.sleep(rules.delays[tries++]!, signal);
        } catch (error) {
          if (signal.aborted) throw new Stopped();
          throw error;
        }
      }
    }
  };
}
