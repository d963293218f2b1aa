/** Seeded randomness for the background paintings: the same seed and size always give the same picture. */

export interface Random {
  /** A number in [0, 1). */
  (): number;
  /** A number in [min, max). */
  range(min: number, max: number): number;
  /** A roughly normal number around 0 (sum of three uniforms, spread about ±1). */
  spread(): number;
}

/** mulberry32: small, fast and good enough for brush strokes. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.range = (min, max) => min + (max - min) * next();
  next.spread = () => next() + next() + next() - 1.5;
  return next;
}

/** Smooth 1-D value noise in [-1, 1] over fractal octaves; `x` in lattice units of the first octave. */
export function fractalNoise(random: Random, octaves = 4): (x: number) => number {
  const size = 256;
  const tables = Array.from({ length: octaves }, () => Array.from({ length: size }, () => random() * 2 - 1));
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x: number) => {
    let sum = 0;
    let amplitude = 1;
    let norm = 0;
    let frequency = 1;
    tables.forEach((table) => {
      const p = x * frequency;
      const i = Math.floor(p);
      const f = smooth(p - i);
      const a = table[((i % size) + size) % size]!;
      const b = table[(((i + 1) % size) + size) % size]!;
      sum += (a + (b - a) * f) * amplitude;
      norm += amplitude;
      amplitude *= 0.5;
      frequency *= 2.03;
    });
    return sum / norm;
  };
}

/** A small tile of paper grain (seeded), to fill as a pattern at low opacity. */
export function grainTile(
  random: Random,
  size: number,
  tone: [number, number, number],
  strength: number,
): HTMLCanvasElement {
  const tile = document.createElement('canvas');
  tile.width = tile.height = size;
  const ctx = tile.getContext('2d')!;
  const image = ctx.createImageData(size, size);
  for (let i = 0; i < size * size; i++) {
    const fibre = random();
    image.data[i * 4] = tone[0];
    image.data[i * 4 + 1] = tone[1];
    image.data[i * 4 + 2] = tone[2];
    image.data[i * 4 + 3] = Math.round(fibre * fibre * fibre * 255 * strength);
  }
  ctx.putImageData(image, 0, 0);
  return tile;
}
