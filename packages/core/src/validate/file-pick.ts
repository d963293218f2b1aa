/**
 * The file-pick helper of spec part 2 §5 and §8: a picked file is checked against a size limit and the type lists
 * before anyone uploads it. A missing file is the warning 'Not find file'; a file over the limit 'size exceeds
 * limit'. Both go through the notifier in the language in force unless `notify: false`.
 */
import { getLanguage, type Lang } from '../i18n/language.ts';
import { notify as showNotice } from '../platform/notify.ts';
import { fileExtension, REJECTED_EXTENSIONS } from './patterns.ts';
import { validateText } from './texts.ts';

export type FileProblem = 'missing' | 'too-large' | 'type-not-allowed';

export interface FileCheckOptions {
  /** Largest size in bytes; a file of exactly this size passes. No limit when absent. */
  maxBytes?: number;
  /** Extensions refused; default the spec's list. Pass `[]` to refuse nothing. */
  rejected?: readonly string[];
  /** When given, only these extensions pass (e.g. `IMAGE_EXTENSIONS`). */
  accept?: readonly string[];
  /** Show the problem as a notice (default true). */
  notify?: boolean;
  lang?: Lang;
}

export type FileCheck =
  | { ok: true; file: File }
  | { ok: false; problem: FileProblem; message: string; file: File | null }
  | { ok: false; problem: 'cancelled'; message: ''; file: null };

export function checkPickedFile(file: File | null | undefined, options: FileCheckOptions = {}): FileCheck {
  const lang = options.lang ?? getLanguage();
  const fail = (problem: FileProblem, message: string, type: 'warning' | 'error'): FileCheck => {
    if (options.notify !== false) showNotice({ type, message });
    return { ok: false, problem, message, file: file ?? null };
  };
  if (!file) return fail('missing', validateText('fileNotFound', {}, lang), 'warning');
  const extension = fileExtension(file.name);
  const rejected = options.rejected ?? REJECTED_EXTENSIONS;
  const lower = (list: readonly string[]) => list.map((item) => item.toLowerCase().replace(/^\./, ''));
  const refused =
    (extension !== '' && lower(rejected).includes(extension)) ||
    (options.accept !== undefined && !lower(options.accept).includes(extension));
  if (refused)
    return fail('type-not-allowed', validateText('fileTypeNotAllowed', { ext: extension || '?' }, lang), 'error');
  if (options.maxBytes !== undefined && file.size > options.maxBytes) {
    return fail('too-large', validateText('fileTooLarge', {}, lang), 'error');
  }
  return { ok: true, file };
}

export interface PickFileOptions extends FileCheckOptions {
  /** The document to open the chooser from (tests, iframes). */
  document?: Document;
}

/**
 * Opens the browser's file chooser and resolves with the checked file. Call it from a user gesture (a click),
 * or the browser refuses to open the chooser. Closing the chooser resolves `cancelled` without a notice: the user
 * chose not to pick, which is not the missing-file case.
 */
export function pickFile(options: PickFileOptions = {}): Promise<FileCheck> {
  const doc = options.document ?? document;
  const input = doc.createElement('input');
  input.type = 'file';
  input.hidden = true;
  input.dataset.eduFilePick = '';
  if (options.accept) input.accept = options.accept.map((ext) => `.${ext.replace(/^\./, '')}`).join(',');
  // In the document so that `cancel` fires and tests can reach it; hidden, so it takes no space.
  doc.body.append(input);
  return new Promise<FileCheck>((resolve) => {
    const finish = (result: FileCheck) => {
      input.remove();
      resolve(result);
    };
    input.addEventListener('change', () => finish(checkPickedFile(input.files?.[0], options)), { once: true });
    input.addEventListener('cancel', () => finish({ ok: false, problem: 'cancelled', message: '', file: null }), {
      once: true,
    });
    input.click();
  });
}
