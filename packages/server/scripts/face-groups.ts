/**
 * Group photos (docs/decisions.md "Face": group photos): how many photos of two people, the second face of another
 * size, are counted as one face (and would be enrolled or compared as that face) by TinyFaceDetector alone and by
 * the engine (TinyFaceDetector, then SSD MobileNet v1 counting again); how many single-face captures SSD wrongly
 * counts as several; and the time per photo. `npm run face:groups -w @edu-portal/server`.
 */
import sharp from 'sharp';
import { analyse, GROUP_MIN_CONFIDENCE } from '../src/face/engine.ts';
import { captureFace, groupPhoto, SAMPLE_FACES, SAMPLE_DIR, type CaptureOptions } from '../src/face/captures.ts';

/** A sample photo itself, scaled to `width` (a real group photo: 3–6 people). */
const wholeSample = (sample: number, width: number) =>
  sharp(`${SAMPLE_DIR}/sample${sample}.jpg`).resize(width).jpeg({ quality: 85 }).toBuffer();

const n = SAMPLE_FACES.length;
const rows: { label: string; total: number; missedBoth: number; tinyOnly: number; ms: number[] }[] = [];
await analyse(await captureFace(SAMPLE_FACES[0]!)); // load the nets

for (const scale of [0.5, 0.4, 0.3, 0.25, 0.2, 0.15]) {
  const row = {
    label: `second face at ${scale} × the photo`,
    total: 0,
    missedBoth: 0,
    tinyOnly: 0,
    ms: [] as number[],
  };
  for (let i = 0; i < n; i += 2) {
    const photo = await groupPhoto(SAMPLE_FACES[i]!, SAMPLE_FACES[(i + 7) % n]!, scale, i % 4);
    const result = await analyse(photo);
    row.total += 1;
    row.ms.push(result.ms);
    // `faces` is SSD's list when SSD found more than TinyFaceDetector did.
    if (result.tinyFaces <= 1) row.tinyOnly += 1;
    if (result.faces.length <= 1) row.missedBoth += 1;
  }
  rows.push(row);
}
for (const width of [1024, 640, 480]) {
  const row = {
    label: `whole sample photos at ${width} px wide`,
    total: 0,
    missedBoth: 0,
    tinyOnly: 0,
    ms: [] as number[],
  };
  for (let sample = 1; sample <= 6; sample += 1) {
    const result = await analyse(await wholeSample(sample, width));
    row.total += 1;
    row.ms.push(result.ms);
    if (result.tinyFaces <= 1) row.tinyOnly += 1;
    if (result.faces.length <= 1) row.missedBoth += 1;
  }
  rows.push(row);
}

// Single-face captures (the measured enrolment and probe framings): none may count as several.
const SINGLE: CaptureOptions[] = [
  { zoom: 2.2 },
  { zoom: 1.8, dx: 0.1 },
  { zoom: 2.0, brightness: 1.3, mirror: true, quality: 60 },
  { zoom: 2.4, dx: -0.1, side: 320 },
];
let singles = 0;
let singlesSeveral = 0;
const singleMs: number[] = [];
for (const face of SAMPLE_FACES) {
  for (const options of SINGLE) {
    const result = await analyse(await captureFace(face, options));
    singles += 1;
    singleMs.push(result.ms);
    if (result.faces.length > 1) singlesSeveral += 1;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
console.log(`SSD MobileNet v1 min confidence ${GROUP_MIN_CONFIDENCE}`);
console.log('| photos | count | taken as one face: TinyFaceDetector alone | with SSD counting | median ms |');
console.log('|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${row.label} | ${row.total} | ${row.tinyOnly} | ${row.missedBoth} | ${Math.round(median(row.ms))} |`);
}
console.log(
  `| single-face captures (one face each) | ${singles} | counted as several: ${singlesSeveral} | | ${Math.round(median(singleMs))} |`,
);
