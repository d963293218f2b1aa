import { expect } from '@open-wc/testing';
import { getLanguage, setLanguage } from '../i18n/language.ts';
import { formatNumberSuffix } from './number.ts';
import { formatRelativeTime, formatShortDate, isShowableDate, toEpochMs, type TimeInput } from './relative-time.ts';

describe('number suffixes (part 2 §9)', () => {
  it('uses k, M, G, T, P, E in steps of 1000 with one decimal, trailing zeros dropped', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [7, '7'],
      [999, '999'],
      [1000, '1k'],
      [1234, '1.2k'],
      [1250, '1.3k'],
      [15_300, '15.3k'],
      [999_949, '999.9k'],
      [1_500_000, '1.5M'],
      [2_000_000_000, '2G'],
      [3.21e12, '3.2T'],
      [4e15, '4P'],
      [5.56e18, '5.6E'],
      [7e21, '7000E'],
    ];
    for (const [value, text] of cases) expect(formatNumberSuffix(value), String(value)).to.equal(text);
  });

  it('moves up a step when rounding reaches 1000, keeps the sign, and takes other digit counts', () => {
    expect(formatNumberSuffix(999.96)).to.equal('1k');
    expect(formatNumberSuffix(999_950)).to.equal('1M');
    expect(formatNumberSuffix(999_999_999)).to.equal('1G');
    expect(formatNumberSuffix(-2500)).to.equal('-2.5k');
    expect(formatNumberSuffix(-0.01)).to.equal('0');
    expect(formatNumberSuffix(12.345)).to.equal('12.3');
    expect(formatNumberSuffix(1234, 2)).to.equal('1.23k');
    expect(formatNumberSuffix(1234, 0)).to.equal('1k');
    expect(formatNumberSuffix(1500, 0)).to.equal('2k');
    expect(formatNumberSuffix(Number.NaN)).to.equal('NaN');
    expect(formatNumberSuffix(Number.POSITIVE_INFINITY)).to.equal('Infinity');
  });
});

describe('relative time (part 2 §9)', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
  const ago = (seconds: number) => now - seconds * 1000;
  const initial = getLanguage();
  afterEach(() => setLanguage(initial));

  const table: [number, Record<'zh-CN' | 'en' | 'zh-HK', string>][] = [
    [0, { 'zh-CN': '刚刚', en: 'just now', 'zh-HK': '剛剛' }],
    [29, { 'zh-CN': '刚刚', en: 'just now', 'zh-HK': '剛剛' }],
    [30, { 'zh-CN': '1分钟前', en: '1 minute ago', 'zh-HK': '1分鐘前' }],
    [119, { 'zh-CN': '1分钟前', en: '1 minute ago', 'zh-HK': '1分鐘前' }],
    [120, { 'zh-CN': '2分钟前', en: '2 minutes ago', 'zh-HK': '2分鐘前' }],
    [3599, { 'zh-CN': '59分钟前', en: '59 minutes ago', 'zh-HK': '59分鐘前' }],
    [3600, { 'zh-CN': '1小时前', en: '1 hour ago', 'zh-HK': '1小時前' }],
    [5 * 3600 + 59, { 'zh-CN': '5小时前', en: '5 hours ago', 'zh-HK': '5小時前' }],
    [86_399, { 'zh-CN': '23小时前', en: '23 hours ago', 'zh-HK': '23小時前' }],
    [86_400, { 'zh-CN': '1天前', en: '1 day ago', 'zh-HK': '1天前' }],
    [172_799, { 'zh-CN': '1天前', en: '1 day ago', 'zh-HK': '1天前' }],
  ];

  it('says just now, minutes, hours and 1 day ago at the spec thresholds, in three languages', () => {
    for (const [seconds, texts] of table) {
      for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
        expect(formatRelativeTime(ago(seconds), { now, lang }), `${seconds}s ${lang}`).to.equal(texts[lang]);
      }
    }
  });

  it('shows a date from 48 hours on, with the year only when it is another year', () => {
    const twoDays = new Date(ago(172_800));
    expect(formatRelativeTime(twoDays, { now, lang: 'en' })).to.equal(formatShortDate(twoDays, 'en', now));
    expect(formatShortDate(twoDays, 'zh-CN', now)).to.equal('5月18日 12:00');
    expect(formatShortDate(twoDays, 'zh-HK', now)).to.equal('5月18日 12:00');
    expect(formatShortDate(twoDays, 'en', now)).to.equal('May 18, 12:00');
    const lastYear = new Date(2025, 11, 31, 8, 5);
    expect(formatRelativeTime(lastYear, { now, lang: 'zh-CN' })).to.equal('2025年12月31日 08:05');
    expect(formatRelativeTime(lastYear, { now, lang: 'en' })).to.equal('Dec 31, 2025, 08:05');
    expect(formatRelativeTime(lastYear, { now, lang: 'en', formatDate: (d, l) => `${l}:${d.getDate()}` })).to.equal(
      'en:31',
    );
  });

  it('reads seconds, milliseconds, digit strings, ISO strings and dates; follows the language in force', () => {
    const seconds = Math.floor(ago(300) / 1000);
    expect(toEpochMs(seconds)).to.equal(seconds * 1000);
    expect(toEpochMs(String(seconds))).to.equal(seconds * 1000);
    expect(toEpochMs(ago(300))).to.equal(ago(300));
    expect(formatRelativeTime(seconds, { now, lang: 'en' })).to.equal('5 minutes ago');
    expect(formatRelativeTime(new Date(ago(300)).toISOString(), { now, lang: 'en' })).to.equal('5 minutes ago');
    setLanguage('zh-HK');
    expect(formatRelativeTime(ago(7200), { now })).to.equal('2小時前');
    expect(formatRelativeTime('not a date', { now })).to.equal('');
  });

  it("never throws on dates beyond Date's range, NaN, strings or null: they read as unreadable", () => {
    const hostile: unknown[] = [
      1.7e18, // a nanosecond epoch
      '1700000000000000000',
      -1e20,
      8.64e15 + 1,
      -8.64e15 - 1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      'not a date',
      '',
      '9'.repeat(400),
      null,
      undefined,
      {},
      new Date(Number.NaN),
    ];
    for (const value of hostile) {
      const time = value as TimeInput;
      expect(Number.isNaN(toEpochMs(time)), String(value)).to.equal(true);
      for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
        expect(formatRelativeTime(time, { now, lang }), String(value)).to.equal('');
      }
      expect(isShowableDate(toEpochMs(time))).to.equal(false);
    }
    expect(formatShortDate(new Date(Number.NaN), 'en', now)).to.equal('');
    expect(formatShortDate(new Date(8.64e15), 'en', Number.NaN)).to.not.equal('');
    expect(toEpochMs(8.64e15)).to.equal(8.64e15);
    // A host's date formatter that throws costs only its own text.
    const throwing = () => {
      throw new RangeError('Invalid time value');
    };
    expect(formatRelativeTime(now - 5 * 86_400_000, { now, formatDate: throwing })).to.equal('');
  });

  it('treats small clock skew as just now and a time well in the future as a date', () => {
    expect(formatRelativeTime(now + 10_000, { now, lang: 'en' })).to.equal('just now');
    const future = now + 3600_000;
    expect(formatRelativeTime(future, { now, lang: 'en' })).to.equal(formatShortDate(new Date(future), 'en', now));
  });
});
