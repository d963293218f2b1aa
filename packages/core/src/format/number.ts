/**
 * Number suffixes of spec part 2 §9: k, M, G, T, P, E, in steps of 1000. The symbols are SI symbols and read the
 * same in every language, so this is not localised.
 */
export const NUMBER_SUFFIXES: readonly { value: number; symbol: string }[] = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** Drops trailing zeros of a fixed-point string: `1.50` → `1.5`, `2.00` → `2`. */
function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * `1234` → `1.2k`, `1500000` → `1.5M`, `999` → `999`, `-2500` → `-2.5k`. `digits` (default 1) is the number of
 * decimals kept, trailing zeros dropped (`1000` → `1k`). A value that rounds up to the next step moves to it
 * (`999960` → `1M`, not `1000.0k`). Non-finite input is returned as `String(value)`.
 */
export function formatNumberSuffix(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const places = Math.max(0, Math.min(20, Math.trunc(digits)));
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  const fixed = (n: number) => trimZeros(n.toFixed(places));
  let index = NUMBER_SUFFIXES.findIndex((step) => magnitude >= step.value);
  if (index === -1) {
    const plain = fixed(magnitude);
    // 999.96 with one decimal rounds to 1000: that is 1k.
    if (Number(plain) >= 1000) return `${sign}1k`;
    return plain === '0' ? '0' : `${sign}${plain}`;
  }
  if (index > 0 && Number(fixed(magnitude / NUMBER_SUFFIXES[index]!.value)) >= 1000) index--;
  const step = NUMBER_SUFFIXES[index]!;
  return `${sign}${fixed(magnitude / step.value)}${step.symbol}`;
}
