/** Decoding the `{status, code, message, fieldErrors, data}` envelope once, and the text shown for a refusal. */
import { pickBilingual } from '../i18n/bilingual.ts';
import type { Lang } from '../i18n/language.ts';
import { coreText } from '../i18n/messages.ts';
import { isRecord } from '../platform/guards.ts';
import type { FieldError } from './errors.ts';

export interface Envelope<T = unknown> {
  /** 200 on success; 400, 401, 403, 404, 500 … when the server refused (docs/decisions.md "Envelope and status"). */
  status: number;
  /** `'ok'` on success; a machine code such as `invalid_grant` otherwise ('' when absent). */
  code: string;
  /** The server's message, still bilingual (`中文|||English`); use `envelopeMessage` to show it. */
  message: string;
  fieldErrors: readonly FieldError[];
  data: T;
  /** The body's other top-level fields, when it has any (e.g. `block_upload_check`'s `chunks` list). */
  extra?: Readonly<Record<string, unknown>>;
}

const ENVELOPE_KEYS = new Set(['status', 'code', 'message', 'fieldErrors', 'data']);

/** Marks a body that is not JSON. */
export const MALFORMED: unique symbol = Symbol('malformed');

/** Parses a response text; an empty or non-JSON text gives MALFORMED (never throws). */
export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? MALFORMED;
  if (!text.trim()) return MALFORMED;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED;
  }
}

function toStatus(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return null;
}

function toFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  const out: FieldError[] = [];
  for (const item of value) {
    if (typeof item === 'string' && item) out.push({ message: item });
    else if (isRecord(item) && typeof item['message'] === 'string' && item['message']) {
      out.push(
        typeof item['field'] === 'string'
          ? { field: item['field'], message: item['message'] }
          : { message: item['message'] },
      );
    }
  }
  return out;
}

/**
 * The envelope of a parsed body, or null when the body is not an envelope (not an object, or a `status` that is
 * not a number). A body without `status` counts as success: the spec only fails a status that is present and
 * not 200.
 */
export function decodeEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body)) return null;
  let status = 200;
  if (body['status'] !== undefined && body['status'] !== null) {
    const parsed = toStatus(body['status']);
    if (parsed === null) return null;
    status = parsed;
  }
  const envelope: Envelope = {
    status,
    code: typeof body['code'] === 'string' ? body['code'] : '',
    message: typeof body['message'] === 'string' ? body['message'] : '',
    fieldErrors: toFieldErrors(body['fieldErrors']),
    data: body['data'] ?? null,
  };
  const extra = Object.entries(body).filter(([key]) => !ENVELOPE_KEYS.has(key));
  if (extra.length > 0) envelope.extra = Object.freeze(Object.fromEntries(extra));
  return envelope;
}

/**
 * The text shown for a refused envelope (spec part 1 §8): field-error messages joined by commas, else the message
 * in the language in force (`|||` picking), else 'Server internal error!'.
 */
export function envelopeMessage(envelope: Pick<Envelope, 'message' | 'fieldErrors'>, lang?: Lang): string {
  if (envelope.fieldErrors.length > 0) return envelope.fieldErrors.map((e) => pickBilingual(e.message, lang)).join(',');
  const text = envelope.message ? pickBilingual(envelope.message, lang) : '';
  return text || coreText('serverError', {}, lang);
}
