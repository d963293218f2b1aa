/**
 * The ink theme's background: a Chinese ink-wash landscape on rice paper. Ridges recede in layers from pale, blurred
 * far hills to darker near ones, each fading into mist at its foot, with hemp-fibre texture strokes, moss dots and
 * distant trees on the ridges, a faint vermilion sun, a fishing boat on the misty water and a few birds.
 * Everything comes from one seed, so a size always gives the same picture.
 */
import { drawBlurred } from './blur-layer.ts';
import { fractalNoise, grainTile, seededRandom, type Random } from './random.ts';

type Rgb = [number, number, number];
const rgba = ([r, g, b]: Rgb, a: number) => `rgba(${r}, ${g}, ${b}, ${Math.max(0, Math.min(1, a)).toFixed(3)})`;

const PAPER_TOP: Rgb = [248, 246, 240];
const PAPER_BOTTOM: Rgb = [239, 235, 226];
const MIST: Rgb = [246, 244, 238];

interface Layer {
  /** Where the ridges' feet dissolve into mist, as a share of the height. */
  foot: number;
  /** Tallest peak above the foot, as a share of the height. */
  height: number;
  ink: Rgb;
  alpha: number;
  blur: number;
  /** Where the peaks stand: anywhere, or kept to the sides so the middle stays open. */
  sides: boolean;
  peaks: number;
  texture: number;
  moss: boolean;
  trees: boolean;
}

const LAYERS: readonly Layer[] = [
  {
    foot: 0.6,
    height: 0.3,
    ink: [120, 130, 142],
    alpha: 0.2,
    blur: 3,
    sides: false,
    peaks: 5,
    texture: 0,
    moss: false,
    trees: false,
  },
  {
    foot: 0.68,
    height: 0.3,
    ink: [96, 104, 114],
    alpha: 0.3,
    blur: 1.8,
    sides: false,
    peaks: 4,
    texture: 0.4,
    moss: false,
    trees: false,
  },
  {
    foot: 0.78,
    height: 0.27,
    ink: [72, 76, 82],
    alpha: 0.42,
    blur: 0.8,
    sides: false,
    peaks: 4,
    texture: 0.7,
    moss: true,
    trees: true,
  },
  {
    foot: 0.9,
    height: 0.3,
    ink: [50, 52, 55],
    alpha: 0.56,
    blur: 0.3,
    sides: true,
    peaks: 3,
    texture: 1,
    moss: true,
    trees: true,
  },
  {
    foot: 1.06,
    height: 0.36,
    ink: [32, 32, 34],
    alpha: 0.7,
    blur: 0,
    sides: true,
    peaks: 2,
    texture: 1,
    moss: true,
    trees: false,
  },
];

interface Peak {
  x: number;
  h: number;
  /** Half-widths of the left and right slopes: peaks lean. */
  left: number;
  right: number;
}

function peaksOf(layer: Layer, random: Random, w: number): Peak[] {
  const peaks: Peak[] = [];
  for (let i = 0; i < layer.peaks; i++) {
    let x: number;
    if (layer.sides) {
      // Alternate sides, and stay out of the middle fifth.
      const left = i % 2 === 0;
      x = left ? random.range(-0.08, 0.32) : random.range(0.68, 1.08);
    } else {
      x = (i + random.range(0.15, 0.85)) / layer.peaks;
    }
    const width = random.range(0.06, 0.15) * w;
    const lean = random.range(-0.3, 0.3);
    peaks.push({ x: x * w, h: random.range(0.55, 1), left: width * (1 + lean), right: width * (1 - lean) });
  }
  return peaks;
}

/** The ridge line of a layer: height of the mountain at x (y grows downwards). */
function ridgeOf(layer: Layer, random: Random, w: number, h: number): (x: number) => number {
  const peaks = peaksOf(layer, random, w);
  const noise = fractalNoise(random, 5);
  const shoulder = fractalNoise(random, 3);
  const foot = layer.foot * h;
  const tall = layer.height * h;
  const detailScale = 90;
  return (x: number) => {
    let main = 0;
    let second = 0;
    for (const p of peaks) {
      const t = (x - p.x) / (x < p.x ? p.left : p.right);
      // Rounded tops with long concave slopes, like the hills of a Song landscape.
      const v = p.h / Math.pow(1 + t * t, 1.35);
      if (v > main) [main, second] = [v, main];
      else if (v > second) second = v;
    }
    // Side layers sink into the mist between their peaks; the others keep a low range of hills.
    const rolling = 0.12 * (shoulder(x / 260) + 1) * 0.5 * (layer.sides ? main : 1);
    const base = main + 0.25 * second + rolling - (layer.sides ? 0.08 : 0);
    const detail = noise(x / detailScale) * (0.035 + 0.07 * main);
    return foot - tall * Math.max(-0.1, Math.min(1.15, base + detail));
  };
}

function paper(ctx: CanvasRenderingContext2D, w: number, h: number, random: Random): void {
  const ground = ctx.createLinearGradient(0, 0, 0, h);
  ground.addColorStop(0, rgba(PAPER_TOP, 1));
  ground.addColorStop(1, rgba(PAPER_BOTTOM, 1));
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, w, h);
  // Faint stains of age.
  for (let i = 0; i < 5; i++) {
    const x = random() * w;
    const y = random() * h;
    const r = random.range(0.2, 0.5) * Math.max(w, h);
    const stain = ctx.createRadialGradient(x, y, 0, x, y, r);
    stain.addColorStop(0, 'rgba(214, 200, 170, 0.10)');
    stain.addColorStop(1, 'rgba(214, 200, 170, 0)');
    ctx.fillStyle = stain;
    ctx.fillRect(0, 0, w, h);
  }
}

function sun(ctx: CanvasRenderingContext2D, w: number, h: number, u: number): void {
  const x = w * 0.76;
  const y = h * 0.2;
  const r = Math.max(26, 46 * u);
  const glow = ctx.createRadialGradient(x, y, r * 0.6, x, y, r * 3.2);
  glow.addColorStop(0, 'rgba(214, 120, 96, 0.10)');
  glow.addColorStop(1, 'rgba(214, 120, 96, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, w, h);
  const disc = ctx.createRadialGradient(x - r * 0.25, y - r * 0.25, r * 0.1, x, y, r);
  disc.addColorStop(0, 'rgba(200, 82, 60, 0.30)');
  disc.addColorStop(0.85, 'rgba(190, 72, 52, 0.26)');
  disc.addColorStop(1, 'rgba(190, 72, 52, 0)');
  ctx.fillStyle = disc;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function mistBand(ctx: CanvasRenderingContext2D, w: number, h: number, y: number, random: Random, u: number): void {
  const band = ctx.createLinearGradient(0, y - h * 0.07, 0, y + h * 0.05);
  band.addColorStop(0, rgba(MIST, 0));
  band.addColorStop(0.6, rgba(MIST, 0.75));
  band.addColorStop(1, rgba(MIST, 0));
  ctx.fillStyle = band;
  ctx.fillRect(0, y - h * 0.07, w, h * 0.12);
  // Drifting wisps: long soft ellipses.
  const count = 3 + Math.round(w / 500);
  for (let i = 0; i < count; i++) {
    const cx = random() * w;
    const cy = y + random.spread() * h * 0.04;
    const rx = random.range(0.15, 0.35) * w;
    const ry = random.range(10, 26) * u;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(rx / ry, 1);
    const wisp = ctx.createRadialGradient(0, 0, 0, 0, 0, ry);
    wisp.addColorStop(0, rgba(MIST, 0.7));
    wisp.addColorStop(1, rgba(MIST, 0));
    ctx.fillStyle = wisp;
    ctx.beginPath();
    ctx.arc(0, 0, ry, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }
}

function mountain(
  ctx: CanvasRenderingContext2D,
  layer: Layer,
  ridge: (x: number) => number,
  w: number,
  h: number,
  random: Random,
  u: number,
): void {
  const foot = layer.foot * h;
  const step = 2;
  const xs: number[] = [];
  for (let x = -20; x <= w + 20; x += step) xs.push(x);
  const ys = xs.map(ridge);

  const outline = new Path2D();
  outline.moveTo(xs[0]!, h + 20);
  xs.forEach((x, i) => outline.lineTo(x, ys[i]!));
  outline.lineTo(xs[xs.length - 1]!, h + 20);
  outline.closePath();

  const body = (target: CanvasRenderingContext2D) => ridgeBody(target, layer, ridge, outline, xs, ys, w, h, random, u);
  if (layer.blur) drawBlurred(ctx, layer.blur * u, body);
  else body(ctx);

  if (layer.trees) trees(ctx, layer, xs, ys, foot, random, u);
  if (layer.moss) moss(ctx, layer, xs, ys, foot, random, u);
}

/** A ridge's body, wash, texture strokes and brush outline. */
function ridgeBody(
  ctx: CanvasRenderingContext2D,
  layer: Layer,
  ridge: (x: number) => number,
  outline: Path2D,
  xs: number[],
  ys: number[],
  w: number,
  h: number,
  random: Random,
  u: number,
): void {
  const foot = layer.foot * h;
  const top = Math.min(...ys);
  ctx.save();
  // Body: darkest at the summits, washing out into the mist at the foot.
  const body = ctx.createLinearGradient(0, top, 0, foot + h * 0.04);
  body.addColorStop(0, rgba(layer.ink, layer.alpha));
  body.addColorStop(0.35, rgba(layer.ink, layer.alpha * 0.78));
  body.addColorStop(0.75, rgba(layer.ink, layer.alpha * 0.28));
  body.addColorStop(1, rgba(layer.ink, 0));
  ctx.fillStyle = body;
  ctx.fill(outline);

  // A second, lighter wash offset upwards gives the ridges a wet, layered edge.
  ctx.save();
  ctx.clip(outline);
  const wash = ctx.createLinearGradient(0, top, 0, top + (foot - top) * 0.5);
  wash.addColorStop(0, rgba(layer.ink, layer.alpha * 0.35));
  wash.addColorStop(1, rgba(layer.ink, 0));
  ctx.fillStyle = wash;
  ctx.fillRect(0, top, w, foot - top);

  // Hemp-fibre texture strokes running down the slopes.
  if (layer.texture > 0) {
    const strokes = Math.round((w / 3) * layer.texture);
    ctx.lineCap = 'round';
    for (let i = 0; i < strokes; i++) {
      const x = random() * w;
      const ry = ridge(x);
      const rise = Math.max(0, Math.min(1, (foot - ry) / (layer.height * h * 0.3)));
      const depth = random() * random();
      const y = ry + depth * (foot - ry) * 0.8;
      const slope = (ridge(x + 3) - ridge(x - 3)) / 6;
      const away = Math.max(-1.2, Math.min(1.2, slope * 1.6));
      const len = random.range(8, 34) * u * (1 - depth * 0.5);
      const wobble = random.spread() * 4 * u;
      ctx.strokeStyle = rgba(layer.ink, layer.alpha * random.range(0.18, 0.45) * (1 - depth) * rise);
      ctx.lineWidth = random.range(0.5, 1.5) * u;
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + away * len * 0.5 + wobble, y + len * 0.5, x + away * len, y + len);
      ctx.stroke();
    }
  }
  ctx.restore();

  // The ridge outline: a brush line that swells, thins and lifts off in places.
  const lift = fractalNoise(random, 3);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const chunk = 9;
  for (let i = 0; i + 1 < xs.length; i += chunk) {
    const n = lift(xs[i]! / 140);
    if (n < -0.35) continue;
    // Fades out where the ridge comes down into the mist.
    const above = Math.max(0, Math.min(1, (foot - ys[i]!) / (layer.height * h * 0.3)));
    if (above <= 0) continue;
    ctx.strokeStyle = rgba(layer.ink, layer.alpha * (0.55 + 0.45 * Math.max(0, n)) * above);
    ctx.lineWidth = (0.7 + 1.9 * (n + 1) * 0.5) * u * (0.6 + layer.alpha);
    ctx.beginPath();
    ctx.moveTo(xs[i]!, ys[i]!);
    for (let j = i + 1; j <= Math.min(i + chunk, xs.length - 1); j++) ctx.lineTo(xs[j]!, ys[j]!);
    ctx.stroke();
  }
  ctx.restore();
}

/** Distant trees along the higher ridges: a trunk tick and a few flat dabs of foliage. */
function trees(
  ctx: CanvasRenderingContext2D,
  layer: Layer,
  xs: number[],
  ys: number[],
  foot: number,
  random: Random,
  u: number,
): void {
  const count = Math.round(xs.length / 40);
  ctx.lineCap = 'round';
  for (let i = 0; i < count; i++) {
    const k = Math.floor(random() * xs.length);
    const x = xs[k]!;
    const y = ys[k]! + 1;
    if (foot - y < (foot - Math.min(...ys)) * 0.45) continue; // only on the higher parts
    const size = random.range(5, 11) * u * (0.5 + layer.alpha);
    const lean = random.spread() * 0.25;
    ctx.strokeStyle = rgba(layer.ink, layer.alpha * 0.9);
    ctx.lineWidth = Math.max(0.6, 0.8 * u);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + lean * size, y - size);
    ctx.stroke();
    ctx.fillStyle = rgba(layer.ink, layer.alpha * 0.75);
    for (let d = 0; d < 3; d++) {
      const t = 0.45 + d * 0.25;
      ctx.beginPath();
      ctx.ellipse(x + lean * size * t, y - size * t, size * (0.42 - d * 0.1), size * 0.12, 0, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** Moss dots: small dark dabs clustered on the upper ridges. */
function moss(
  ctx: CanvasRenderingContext2D,
  layer: Layer,
  xs: number[],
  ys: number[],
  foot: number,
  random: Random,
  u: number,
): void {
  const top = Math.min(...ys);
  const clusters = Math.max(3, Math.round(xs.length / 60));
  for (let c = 0; c < clusters; c++) {
    const k = Math.floor(random() * xs.length);
    if (foot - ys[k]! < (foot - top) * 0.35) continue;
    const dots = 3 + Math.floor(random() * 5);
    for (let d = 0; d < dots; d++) {
      const j = Math.max(0, Math.min(xs.length - 1, k + Math.round(random.spread() * 6)));
      const r = random.range(1, 2.4) * u;
      ctx.fillStyle = rgba(layer.ink, Math.min(0.85, layer.alpha + 0.15));
      ctx.beginPath();
      ctx.ellipse(xs[j]!, ys[j]! + random() * 5 * u, r, r * 0.65, random() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** A small fishing boat with a figure in a straw hat, and the ripples around it. */
function boat(ctx: CanvasRenderingContext2D, x: number, y: number, u: number): void {
  const s = Math.max(0.6, u);
  const ink: Rgb = [46, 46, 48];
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s, s);
  ctx.lineCap = 'round';
  // Hull.
  ctx.fillStyle = rgba(ink, 0.72);
  ctx.beginPath();
  ctx.moveTo(-26, -3);
  ctx.quadraticCurveTo(0, 6, 28, -5);
  ctx.quadraticCurveTo(2, 2, -26, -3);
  ctx.fill();
  // Figure and hat.
  ctx.beginPath();
  ctx.moveTo(4, -1);
  ctx.quadraticCurveTo(6, -7, 5, -11);
  ctx.lineWidth = 3;
  ctx.strokeStyle = rgba(ink, 0.7);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(0, -11);
  ctx.quadraticCurveTo(5, -16, 10, -11);
  ctx.closePath();
  ctx.fill();
  // Fishing rod and line.
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = rgba(ink, 0.55);
  ctx.beginPath();
  ctx.moveTo(7, -7);
  ctx.quadraticCurveTo(20, -16, 34, -18);
  ctx.stroke();
  ctx.lineWidth = 0.5;
  ctx.beginPath();
  ctx.moveTo(34, -18);
  ctx.lineTo(35, 2);
  ctx.stroke();
  // Ripples.
  ctx.lineWidth = 0.9;
  for (const [dx, dy, len, a] of [
    [-34, 4, 14, 0.3],
    [-14, 7, 22, 0.22],
    [22, 5, 18, 0.26],
    [40, 8, 12, 0.18],
  ] as const) {
    ctx.strokeStyle = rgba(ink, a);
    ctx.beginPath();
    ctx.moveTo(dx, dy);
    ctx.lineTo(dx + len, dy);
    ctx.stroke();
  }
  ctx.restore();
}

/** Birds: each two tapering wing strokes meeting at the body. */
function birds(ctx: CanvasRenderingContext2D, w: number, h: number, random: Random, u: number): void {
  const cx = w * random.range(0.26, 0.38);
  const cy = h * random.range(0.15, 0.22);
  const count = 4 + Math.floor(random() * 3);
  ctx.fillStyle = 'rgba(44, 44, 46, 0.72)';
  for (let i = 0; i < count; i++) {
    const x = cx + (i * 26 + random.spread() * 14) * u * (i % 2 === 0 ? 1 : -0.8);
    const y = cy + (random.spread() * 18 + i * 7) * u;
    const s = random.range(5, 9) * Math.max(0.7, u) * (1 - i * 0.07);
    const flap = random.range(-0.35, 0.5);
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(random.spread() * 0.15);
    ctx.beginPath();
    ctx.moveTo(-s, -s * flap);
    ctx.quadraticCurveTo(-s * 0.45, -s * 0.42, 0, 0);
    ctx.quadraticCurveTo(s * 0.45, -s * 0.42, s, -s * flap);
    ctx.quadraticCurveTo(s * 0.45, -s * 0.2, 0, s * 0.14);
    ctx.quadraticCurveTo(-s * 0.45, -s * 0.2, -s, -s * flap);
    ctx.fill();
    ctx.restore();
  }
}

/** Paints the ink landscape over the whole `w` × `h` area (CSS pixels; the caller scales for the device). */
export function paintInk(ctx: CanvasRenderingContext2D, w: number, h: number, seed = 20260): void {
  const random = seededRandom(seed);
  const u = Math.max(0.55, Math.min(1.6, Math.sqrt(w * h) / 1100));
  paper(ctx, w, h, random);
  sun(ctx, w, h, u);
  LAYERS.forEach((layer, i) => {
    const ridge = ridgeOf(layer, random, w, h);
    mountain(ctx, layer, ridge, w, h, random, u);
    if (i === 2) boat(ctx, w * 0.56, h * (layer.foot + 0.045), u);
    if (i < LAYERS.length - 1) mistBand(ctx, w, h, layer.foot * h, random, u);
  });
  birds(ctx, w, h, random, u);
  // Paper grain over everything, and a soft darkening towards the corners.
  const grain = ctx.createPattern(grainTile(random, 160, [120, 104, 80], 0.08), 'repeat');
  if (grain) {
    ctx.fillStyle = grain;
    ctx.fillRect(0, 0, w, h);
  }
  const vignette = ctx.createRadialGradient(
    w / 2,
    h * 0.45,
    Math.min(w, h) * 0.4,
    w / 2,
    h * 0.45,
    Math.hypot(w, h) * 0.62,
  );
  vignette.addColorStop(0, 'rgba(110, 96, 70, 0)');
  vignette.addColorStop(1, 'rgba(110, 96, 70, 0.12)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, w, h);
}
