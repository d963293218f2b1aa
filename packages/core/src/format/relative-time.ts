/**
 * Relative time of spec part 2 §9: under 30 s 'just now', up to 1 h in minutes, up to 24 h in hours, up to 48 h
 * '1 day ago', then a date. Localised through core's text table; the date through `Intl.DateTimeFormat`.
 */
import { getLanguage, type Lang } from '../i18n/language.ts';
import { formatText } from './texts.ts';

export const JUST_NOW_SECONDS = 30;
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export type TimeInput = Date | number | string;

/** The farthest from the epoch a `Date` reaches (±100,000,000 days); beyond it every date method throws. */
export const MAX_DATE_MS = 8.64e15;

function epochMs(time: TimeInput): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'string' && /^\d+$/.test(time.trim())) return epochMs(Number(time.trim()));
  if (typeof time === 'number') return Number.isFinite(time) && Math.abs(time) < 1e10 ? time * 1000 : time;
  return typeof time === 'string' ? new Date(time).getTime() : NaN;
}

/**
 * Epoch milliseconds of a time value. Numbers (or digit strings) of at most 10 digits are epoch seconds, as the
 * original helper read them: servers send both. Other strings go through `Date`. NaN when unreadable, and when
 * beyond what a `Date` can hold (a nanosecond epoch, −1e20, Infinity): such a value would throw `RangeError:
 * Invalid time value` in every formatter (unreadable dates).
 */
export function toEpochMs(time: TimeInput): number {
  const ms = epochMs(time);
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : NaN;
}

/** Whether a value is a date every formatter can show (a finite time within `Date`'s range). */
export function isShowableDate(date: Date | number): boolean {
  const ms = date instanceof Date ? date.getTime() : date;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;
}

export interface RelativeTimeOptions {
  lang?: Lang;
  /** The present, epoch ms (tests). Default `Date.now()`. */
  now?: number;
  /** Formats times older than 48 h (and future ones); default: month, day and time, with the year when not this year. */
  formatDate?: (date: Date, lang: Lang) => string;
}

/** Month, day, hours and minutes in the language's own order; the year only when it is not the current one. */
export function formatShortDate(date: Date, lang: Lang, now: number = Date.now()): string {
  if (!isShowableDate(date)) return '';
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(lang, {
    ...(sameYear ? {} : { year: 'numeric' }),
    // 'short' reads 5月18日 in Chinese and May 18 in English; 'numeric' would give 5/18 and 18/5.
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/**
 * `5 minutes ago` / `5分钟前` / `5分鐘前` and so on. Minutes and hours are whole units rounded down (the original
 * rounded up, which said "1 hour ago" at 59 min 1 s … and "60 minutes ago"), with at least 1. A time more than 30 s
 * in the future is shown as a date, not as "just now". Unreadable or out-of-range input gives '' and never throws.
 */
export function formatRelativeTime(time: TimeInput, options: RelativeTimeOptions = {}): string {
  const lang = options.lang ?? getLanguage();
  const now = options.now ?? Date.now();
  const ms = toEpochMs(time);
  if (Number.isNaN(ms)) return '';
  const seconds = (now - ms) / 1000;
  if (seconds > -JUST_NOW_SECONDS && seconds < JUST_NOW_SECONDS) return formatText('justNow', {}, lang);
  if (seconds > 0 && seconds < HOUR) {
    const n = Math.max(1, Math.floor(seconds / MINUTE));
    return formatText(n === 1 ? 'minuteAgo' : 'minutesAgo', { n }, lang);
  }
  if (seconds > 0 && seconds < DAY) {
    const n = Math.max(1, Math.floor(seconds / HOUR));
    return formatText(n === 1 ? 'hourAgo' : 'hoursAgo', { n }, lang);
  }
  if (seconds > 0 && seconds < 2 * DAY) return formatText('dayAgo', {}, lang);
  const date = new Date(ms);
  if (!options.formatDate) return formatShortDate(date, lang, Number.isFinite(now) ? now : Date.now());
  try {
    return options.formatDate(date, lang);
  } catch {
    // A host's formatter that throws hides only this date, never the list it is in.
    return '';
  }
}
