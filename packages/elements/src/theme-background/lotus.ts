/**
 * The lotus theme's background: a lotus pond at dawn. A soft pink sky brightens to white over still water; a misty
 * band of far leaves lies on the horizon, and near the bottom broad leaves (flat on the water and raised on their
 * stems) carry pink flowers and buds. Everything comes from one seed, so a size always gives the same picture.
 */
import { drawBlurred } from './blur-layer.ts';
import { fractalNoise, grainTile, seededRandom, type Random } from './random.ts';

type Rgb = [number, number, number];
const rgba = ([r, g, b]: Rgb, a: number) => `rgba(${r}, ${g}, ${b}, ${Math.max(0, Math.min(1, a)).toFixed(3)})`;
const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

const LEAF_LIGHT: Rgb = [150, 196, 140];
const LEAF_DARK: Rgb = [62, 122, 84];
const LEAF_FAR: Rgb = [186, 214, 192];
const STEM: Rgb = [92, 140, 96];
const PETAL_BASE: Rgb = [255, 246, 248];
const PETAL_TIP: Rgb = [226, 104, 146];

function sky(ctx: CanvasRenderingContext2D, w: number, h: number, horizon: number): void {
  const air = ctx.createLinearGradient(0, 0, 0, h);
  air.addColorStop(0, '#f7d5df');
  air.addColorStop(0.28, '#fbe6ec');
  air.addColorStop(horizon * 0.92, '#fffafa');
  air.addColorStop(horizon, '#fdf7f6');
  air.addColorStop(1, '#eef5ef');
  ctx.fillStyle = air;
  ctx.fillRect(0, 0, w, h);
  // Morning light from the upper left.
  const light = ctx.createRadialGradient(w * 0.22, h * 0.12, 0, w * 0.22, h * 0.12, Math.max(w, h) * 0.7);
  light.addColorStop(0, 'rgba(255, 252, 246, 0.75)');
  light.addColorStop(0.5, 'rgba(255, 250, 246, 0.25)');
  light.addColorStop(1, 'rgba(255, 250, 246, 0)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, w, h);
}

/** Soft, slow clouds of pink light across the sky. */
function clouds(ctx: CanvasRenderingContext2D, w: number, h: number, random: Random): void {
  for (let i = 0; i < 6; i++) {
    const x = random() * w;
    const y = random.range(0.06, 0.4) * h;
    const rx = random.range(0.18, 0.4) * w;
    const ry = random.range(0.025, 0.05) * h;
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(rx / ry, 1);
    const cloud = ctx.createRadialGradient(0, 0, 0, 0, 0, ry);
    const warm = random() < 0.5;
    cloud.addColorStop(0, warm ? 'rgba(255, 255, 255, 0.55)' : 'rgba(244, 188, 204, 0.28)');
    cloud.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.fillStyle = cloud;
    ctx.beginPath();
    ctx.arc(0, 0, ry, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }
}

function water(ctx: CanvasRenderingContext2D, w: number, h: number, horizon: number, random: Random, u: number): void {
  const top = horizon * h;
  ctx.lineCap = 'round';
  const lines = Math.round((h - top) / (5 * u));
  for (let i = 0; i < lines; i++) {
    const t = random();
    const y = top + t * t * (h - top);
    const x = random() * w;
    const len = random.range(20, 90) * u * (0.4 + t);
    ctx.strokeStyle =
      random() < 0.5 ? `rgba(255, 255, 255, ${0.55 * (1 - t * 0.5)})` : `rgba(150, 180, 170, ${0.12 + 0.1 * t})`;
    ctx.lineWidth = (0.6 + t * 1.2) * u;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + len, y);
    ctx.stroke();
  }
}

/** The far bank of leaves on the horizon, hazy. */
function farLeaves(
  ctx: CanvasRenderingContext2D,
  w: number,
  h: number,
  horizon: number,
  random: Random,
  u: number,
): void {
  const y0 = horizon * h;
  const swell = fractalNoise(random, 3);
  drawBlurred(ctx, 2.2 * u, (bank) => {
    const count = Math.round(w / (14 * u));
    for (let i = 0; i < count; i++) {
      const x = (i / count) * w + random.spread() * 10 * u;
      const lift = (swell(x / 220) + 1) * 0.5;
      if (lift < 0.35 && random() < 0.7) continue; // gaps of open water
      const r = random.range(10, 28) * u * (0.5 + lift);
      const y = y0 - random() * 12 * u * lift - lift * lift * 22 * u;
      bank.fillStyle = rgba(mixRgb(LEAF_FAR, LEAF_DARK, random() * 0.25), 0.55);
      bank.beginPath();
      bank.ellipse(x, y, r, r * 0.32, 0, 0, Math.PI * 2);
      bank.fill();
      if (random() < 0.18) {
        // A far flower: a dab of pink on a thin stem.
        const fx = x + random.spread() * r;
        const fy = y - random.range(8, 22) * u;
        bank.strokeStyle = rgba(LEAF_FAR, 0.7);
        bank.lineWidth = u;
        bank.beginPath();
        bank.moveTo(fx, y);
        bank.lineTo(fx, fy);
        bank.stroke();
        bank.fillStyle = 'rgba(236, 150, 178, 0.6)';
        bank.beginPath();
        bank.ellipse(fx, fy, 3.2 * u, 4.2 * u, 0, 0, Math.PI * 2);
        bank.fill();
      }
    }
  });
  // The haze over the far bank.
  const haze = ctx.createLinearGradient(0, y0 - 40 * u, 0, y0 + 30 * u);
  haze.addColorStop(0, 'rgba(255, 250, 250, 0)');
  haze.addColorStop(0.6, 'rgba(255, 250, 250, 0.55)');
  haze.addColorStop(1, 'rgba(255, 250, 250, 0)');
  ctx.fillStyle = haze;
  ctx.fillRect(0, y0 - 40 * u, w, 70 * u);
}

function stem(
  ctx: CanvasRenderingContext2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  bend: number,
): void {
  ctx.strokeStyle = rgba(STEM, 0.9);
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.quadraticCurveTo((x0 + x1) / 2 + bend, (y0 + y1) / 2, x1, y1);
  ctx.stroke();
}

interface Leaf {
  x: number;
  y: number;
  r: number;
  /** Vertical squash of the round leaf seen from the side. */
  tilt: number;
  rotation: number;
  /** Raised on a stem above the water (cupped), or floating flat. */
  raised: boolean;
  stemTo: number;
}

/**
 * A lotus leaf: round and peltate (the stem meets it in the middle, no notch), with a wavy rim, radial veins and a
 * pale heart. A raised leaf is a shallow cup: its inside shows, and in front the underside curls down.
 */
function leaf(ctx: CanvasRenderingContext2D, leafSpec: Leaf, random: Random, u: number): void {
  const { x, y, r, tilt, rotation, raised } = leafSpec;
  if (raised)
    stem(ctx, x + r * 0.05, leafSpec.stemTo, x, y + r * tilt * 0.6, Math.max(1.8, 3.2 * u), random.spread() * 20 * u);
  const wave = fractalNoise(random, 2);
  const ruffle = raised ? 0.09 : 0.045;
  const rim = (a: number) => r * (1 + ruffle * wave(a * 3 + 10));
  const steps = 96;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rotation);

  const blade = new Path2D();
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    const px = Math.cos(a) * rim(a);
    const py = Math.sin(a) * rim(a) * tilt;
    if (i === 0) blade.moveTo(px, py);
    else blade.lineTo(px, py);
  }
  blade.closePath();

  if (!raised) {
    // Its shadow on the water.
    ctx.save();
    ctx.translate(r * 0.03, r * tilt * 0.18);
    ctx.fillStyle = 'rgba(60, 100, 80, 0.12)';
    ctx.fill(blade);
    ctx.restore();
  }
  const light = mixRgb(LEAF_LIGHT, [206, 224, 168], random() * 0.5);
  const heart = ctx.createRadialGradient(0, 0, r * 0.04, 0, 0, r);
  heart.addColorStop(0, rgba(light, 0.96));
  heart.addColorStop(0.5, rgba(mixRgb(light, LEAF_DARK, 0.5), 0.95));
  heart.addColorStop(1, rgba(LEAF_DARK, 0.96));
  // The gradient is round: draw it in the squashed space.
  ctx.save();
  ctx.clip(blade);
  ctx.scale(1, tilt);
  ctx.fillStyle = heart;
  ctx.fillRect(-r * 1.2, -r * 1.2, r * 2.4, r * 2.4);
  ctx.restore();

  // Veins from the heart.
  ctx.strokeStyle = rgba([228, 240, 204], 0.42);
  ctx.lineWidth = Math.max(0.5, 0.9 * u);
  const veins = 17;
  const turn = random() * Math.PI;
  for (let i = 0; i < veins; i++) {
    const a = turn + (i / veins) * Math.PI * 2;
    const end = rim(a) * 0.94;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.quadraticCurveTo(
      Math.cos(a + 0.06) * end * 0.5,
      Math.sin(a + 0.06) * end * 0.5 * tilt,
      Math.cos(a) * end,
      Math.sin(a) * end * tilt,
    );
    ctx.stroke();
  }
  ctx.strokeStyle = rgba(LEAF_DARK, 0.55);
  ctx.lineWidth = Math.max(0.8, 1.3 * u);
  ctx.stroke(blade);

  if (raised) {
    // The front of the cup curls down: the paler underside between the front rim and a lower arc.
    const lip = new Path2D();
    const drop = r * random.range(0.16, 0.26);
    for (let i = 0; i <= steps / 2; i++) {
      const a = (i / (steps / 2)) * Math.PI;
      const px = Math.cos(a) * rim(a);
      const py = Math.sin(a) * rim(a) * tilt;
      if (i === 0) lip.moveTo(px, py);
      else lip.lineTo(px, py);
    }
    for (let i = steps / 2; i >= 0; i--) {
      const a = (i / (steps / 2)) * Math.PI;
      lip.lineTo(Math.cos(a) * rim(a) * 0.96, Math.sin(a) * rim(a) * tilt + drop * Math.sin(a));
    }
    lip.closePath();
    const under = ctx.createLinearGradient(0, 0, 0, r * tilt + drop);
    under.addColorStop(0, rgba([170, 204, 168], 0.95));
    under.addColorStop(1, rgba([120, 168, 130], 0.95));
    ctx.fillStyle = under;
    ctx.fill(lip);
    ctx.strokeStyle = rgba(LEAF_DARK, 0.4);
    ctx.lineWidth = Math.max(0.6, u);
    ctx.stroke(lip);
  }
  ctx.fillStyle = rgba([236, 236, 190], 0.75);
  ctx.beginPath();
  ctx.ellipse(0, 0, Math.max(1.4, r * 0.05), Math.max(1, r * 0.05 * tilt), 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** One petal: a pointed teardrop from its base at (0, 0) to its tip at (0, -length). */
function petal(ctx: CanvasRenderingContext2D, length: number, width: number, blush: number): void {
  const shape = new Path2D();
  shape.moveTo(0, 0);
  shape.bezierCurveTo(width, -length * 0.18, width * 0.95, -length * 0.78, 0, -length);
  shape.bezierCurveTo(-width * 0.95, -length * 0.78, -width, -length * 0.18, 0, 0);
  const fill = ctx.createLinearGradient(0, 0, 0, -length);
  fill.addColorStop(0, rgba(PETAL_BASE, 0.97));
  fill.addColorStop(0.45, rgba(mixRgb(PETAL_BASE, PETAL_TIP, 0.35 * blush), 0.97));
  fill.addColorStop(1, rgba(mixRgb(PETAL_BASE, PETAL_TIP, blush), 0.98));
  ctx.fillStyle = fill;
  ctx.fill(shape);
  // Fine veins and a blushing edge.
  ctx.strokeStyle = rgba(PETAL_TIP, 0.22);
  ctx.lineWidth = Math.max(0.4, width * 0.03);
  for (const k of [-0.45, 0, 0.45]) {
    ctx.beginPath();
    ctx.moveTo(0, -length * 0.08);
    ctx.quadraticCurveTo(width * k * 0.9, -length * 0.5, width * k * 0.3, -length * 0.92);
    ctx.stroke();
  }
  ctx.strokeStyle = rgba(mixRgb(PETAL_TIP, [180, 60, 110], 0.3), 0.35);
  ctx.lineWidth = Math.max(0.5, width * 0.04);
  ctx.stroke(shape);
}

/** An open lotus flower seen from a little above: back petals, the golden seed head, front petals. */
function flower(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, random: Random): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(random.spread() * 0.12);
  const back = 7;
  for (let i = 0; i < back; i++) {
    const a = -1.25 + (i / (back - 1)) * 2.5;
    ctx.save();
    ctx.rotate(a + random.spread() * 0.06);
    petal(ctx, size * random.range(0.95, 1.1), size * 0.36, 0.75 + random() * 0.25);
    ctx.restore();
  }
  // Seed head and stamens.
  ctx.fillStyle = '#f2cf5b';
  ctx.beginPath();
  ctx.ellipse(0, -size * 0.2, size * 0.22, size * 0.1, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#d8b13d';
  for (let i = 0; i < 5; i++) {
    ctx.beginPath();
    ctx.arc(-size * 0.12 + i * size * 0.06, -size * 0.21 + (i % 2) * size * 0.03, size * 0.018, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = 'rgba(238, 196, 80, 0.9)';
  ctx.lineWidth = Math.max(0.5, size * 0.012);
  for (let i = 0; i < 14; i++) {
    const a = -Math.PI / 2 + random.spread() * 1.2;
    ctx.beginPath();
    ctx.moveTo(0, -size * 0.18);
    ctx.lineTo(Math.cos(a) * size * 0.3, -size * 0.18 + Math.sin(a) * size * 0.2);
    ctx.stroke();
  }
  const front = 4;
  for (let i = 0; i < front; i++) {
    const a = -0.75 + (i / (front - 1)) * 1.5;
    ctx.save();
    ctx.translate(0, size * 0.05);
    ctx.rotate(a + random.spread() * 0.08);
    ctx.scale(1, 0.82);
    petal(ctx, size * random.range(0.7, 0.82), size * 0.34, 0.6 + random() * 0.3);
    ctx.restore();
  }
  // The cup's base, where the petals meet the stem.
  ctx.fillStyle = rgba(mixRgb(PETAL_BASE, [220, 236, 200], 0.5), 0.9);
  ctx.beginPath();
  ctx.ellipse(0, size * 0.02, size * 0.1, size * 0.06, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** A closed bud, pointed, with one petal starting to open. */
function bud(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, random: Random): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(random.spread() * 0.25);
  ctx.save();
  ctx.rotate(0.35);
  petal(ctx, size * 0.85, size * 0.3, 0.9);
  ctx.restore();
  petal(ctx, size, size * 0.42, 1);
  ctx.restore();
}

/** Paints the lotus pond over the whole `w` × `h` area (CSS pixels; the caller scales for the device). */
export function paintLotus(ctx: CanvasRenderingContext2D, w: number, h: number, seed = 8061): void {
  const random = seededRandom(seed);
  const u = Math.max(0.55, Math.min(1.6, Math.sqrt(w * h) / 1100));
  const horizon = 0.7;
  sky(ctx, w, h, horizon);
  clouds(ctx, w, h, random);
  water(ctx, w, h, horizon, random, u);
  farLeaves(ctx, w, h, horizon, random, u);

  // Two lush clusters frame the lower corners, with a lighter scatter between them.
  const clusters = [
    { x: 0.12, spread: 0.16, share: 0.4 },
    { x: 0.88, spread: 0.15, share: 0.38 },
    { x: 0.5, spread: 0.3, share: 0.22 },
  ];
  const place = (): number => {
    let pick = random();
    const cluster = clusters.find((c) => (pick -= c.share) < 0) ?? clusters[2]!;
    return (cluster.x + random.spread() * cluster.spread) * w;
  };

  // Near leaves: bigger and lower towards the viewer, drawn back to front.
  const leaves: Leaf[] = [];
  const count = Math.max(8, Math.round(w / (62 * u)));
  for (let i = 0; i < count; i++) {
    const depth = Math.pow(random(), 0.7); // 0 far … 1 near
    const raised = random() < 0.4;
    const water = h * (horizon + 0.05 + depth * 0.3);
    const r = (26 + depth * 84) * u * random.range(0.8, 1.15);
    leaves.push({
      x: place(),
      y: water - (raised ? random.range(40, 150) * u : 0),
      r,
      tilt: raised ? random.range(0.3, 0.42) : random.range(0.2, 0.26) + depth * 0.06,
      rotation: random.spread() * (raised ? 0.22 : 0.06),
      raised,
      stemTo: water + 12 * u,
    });
  }
  const order = (l: Leaf) => l.stemTo;
  leaves.sort((a, b) => order(a) - order(b));

  const blooms = Math.max(3, Math.round(w / 260));
  const flowers = Array.from({ length: blooms }, (_, i) => {
    const x = i < 2 ? (i === 0 ? random.range(0.08, 0.24) : random.range(0.76, 0.92)) * w : place();
    const depth = random.range(0.25, 0.9);
    const size = (40 + depth * 40) * u;
    const base = h * (horizon + 0.05 + depth * 0.3);
    return { x, base, top: base - random.range(120, 210) * u, size, isBud: i >= 2 && i % 2 === 0, depth };
  });

  // Reflections of the flowers in the still water, drawn first so that leaves may cover them.
  drawBlurred(
    ctx,
    2.5 * u,
    (water) => {
      for (const f of flowers) {
        water.save();
        water.translate(0, 2 * f.base);
        water.scale(1, -1);
        stem(water, f.x, f.base, f.x, f.top, Math.max(1.4, 2.8 * u), 0);
        if (!f.isBud) flower(water, f.x, f.top, f.size, seededRandom(seed + f.x));
        water.restore();
      }
    },
    0.16,
  );

  // Flowers stand among the leaves: drawn between the leaf passes, so nearer leaves overlap their stems.
  let next = 0;
  const byDepth = [...flowers].sort((a, b) => a.base - b.base);
  for (const f of byDepth) {
    while (next < leaves.length && leaves[next]!.stemTo <= f.base) leaf(ctx, leaves[next++]!, random, u);
    stem(ctx, f.x + random.spread() * 8 * u, f.base, f.x, f.top, Math.max(1.6, 2.8 * u), random.spread() * 24 * u);
    if (f.isBud) bud(ctx, f.x, f.top, f.size * 0.85, random);
    else flower(ctx, f.x, f.top, f.size, seededRandom(seed + f.x));
  }
  while (next < leaves.length) leaf(ctx, leaves[next++]!, random, u);

  // A few fallen petals floating on the water.
  for (let i = 0; i < 4; i++) {
    ctx.save();
    ctx.translate(random() * w, h * random.range(horizon + 0.05, 0.98));
    ctx.rotate(Math.PI / 2 + random.spread());
    ctx.scale(1, 0.45);
    petal(ctx, 16 * u, 7 * u, 0.8);
    ctx.restore();
  }

  // A soft white veil at the very bottom, and a gentle grain.
  const veil = ctx.createLinearGradient(0, h * 0.92, 0, h);
  veil.addColorStop(0, 'rgba(255, 250, 250, 0)');
  veil.addColorStop(1, 'rgba(255, 250, 250, 0.35)');
  ctx.fillStyle = veil;
  ctx.fillRect(0, h * 0.92, w, h * 0.08);
  const grain = ctx.createPattern(grainTile(random, 160, [160, 110, 130], 0.05), 'repeat');
  if (grain) {
    ctx.fillStyle = grain;
    ctx.fillRect(0, 0, w, h);
  }
}
