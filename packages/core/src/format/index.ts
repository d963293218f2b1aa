/** Number and time formatting (spec part 2 §9). */
export { NUMBER_SUFFIXES, formatNumberSuffix } from './number.ts';
export {
  JUST_NOW_SECONDS,
  MAX_DATE_MS,
  isShowableDate,
  toEpochMs,
  formatShortDate,
  formatRelativeTime,
  type TimeInput,
  type RelativeTimeOptions,
} from './relative-time.ts';
