/**
 * Validation patterns of spec part 2 §5 (identity card, phone, e-mail, contact, file extensions, leading zeros) and
 * part 1 §5 (notAllowUpload). The two password rules live with login validation and are re-exported here so that a
 * form can take every rule from one module.
 */
export { meetsPasswordPolicy, meetsPasswordCharset } from '../auth/validation.ts';

/** 15 digits, or 18 whose last may be X (part 2 §5). A lower-case x is accepted too: people type it. */
export const ID_CARD_PATTERN = /^(?:\d{15}|\d{17}[\dXx])$/;
/** 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** A simple e-mail check: local part, @, a dotted domain ending in a 2+ letter label. Not RFC 5322. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Empty, or only digits, dashes and whitespace. */
export const CONTACT_PATTERN = /^[\d\s-]*$/;

import {
  AUDIO_VIDEO_EXTENSIONS,
  IMAGE_EXTENSIONS,
  NOT_ALLOWED_UPLOAD_EXTENSIONS,
  REJECTED_EXTENSIONS,
} from './extensions.ts';

export { AUDIO_VIDEO_EXTENSIONS, IMAGE_EXTENSIONS, NOT_ALLOWED_UPLOAD_EXTENSIONS, REJECTED_EXTENSIONS };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function isIdCardNumber(value: unknown): boolean {
  return ID_CARD_PATTERN.test(text(value));
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CODES = '10X98765432';

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Stricter than the spec's pattern (docs/decisions.md): an 18-digit number must carry the GB 11643 check
 * character and a real birth date not in the future; a 15-digit (pre-1999) number a real 19YYMMDD birth date.
 */
export function isStrictIdCardNumber(value: unknown, now: Date = new Date()): boolean {
  const id = text(value).toUpperCase();
  if (!ID_CARD_PATTERN.test(id)) return false;
  if (id.length === 15) {
    return isCalendarDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  if (year < 1900 || !isCalendarDate(year, month, day) || Date.UTC(year, month - 1, day) > now.getTime()) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CODES[sum % 11] === id[17];
}

export function isPhoneNumber(value: unknown): boolean {
  return PHONE_PATTERN.test(text(value));
}

export function isEmail(value: unknown): boolean {
  return EMAIL_PATTERN.test(text(value));
}

/** Empty is valid: the contact field is optional. */
export function isContact(value: unknown): boolean {
  return value == null || CONTACT_PATTERN.test(text(value));
}

/**
 * The lower-case extension of a file name, '' when it has none. Trailing dots and spaces are dropped first because
 * Windows drops them when saving, so `run.exe.` is an exe there; a leading dot alone (`.bashrc`) is no extension.
 */
export function fileExtension(name: unknown): string {
  const base = text(name)
    .replace(/[.\s]+$/, '')
    .split(/[/\\]/)
    .pop()!;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function hasExtensionIn(name: unknown, list: readonly string[]): boolean {
  const extension = fileExtension(name);
  return extension !== '' && list.some((item) => item.toLowerCase() === extension);
}

/** The file picker's refusal list (part 2 §5); pass another list to use a configured one. */
export function isRejectedFile(name: unknown, rejected: readonly string[] = REJECTED_EXTENSIONS): boolean {
  return hasExtensionIn(name, rejected);
}

/** Whether the upload configuration allows the file (part 1 §5 `notAllowUpload`). */
export function isUploadAllowed(
  name: unknown,
  notAllowUpload: readonly string[] = NOT_ALLOWED_UPLOAD_EXTENSIONS,
): boolean {
  return !hasExtensionIn(name, notAllowUpload);
}

export function isImageFile(name: unknown): boolean {
  return hasExtensionIn(name, IMAGE_EXTENSIONS);
}

export function isAudioVideoFile(name: unknown): boolean {
  return hasExtensionIn(name, AUDIO_VIDEO_EXTENSIONS);
}

/**
 * Strips leading zeros from numeric input as it is typed: `007` → `7`, `-007` → `-7`, `000` → `0`, `00.5` → `0.5`.
 * One zero stays before a decimal point and when the value is zero, so `0` and `0.5` can still be typed.
 */
export function stripLeadingZeros(value: string): string {
  return typeof value === 'string' ? value.replace(/^([+-]?)0+(?=\d)/, '$1') : value;
}
