/**
 * Measures how the face descriptors separate people (docs/decisions.md "Face"): every sample face is enrolled from
 * one capture and probed with four other captures (other framing, scale, brightness, mirroring, JPEG quality, size);
 * prints the same-person and different-person distances, the best-versus-second margins, and the time per photo.
 * `npm run face:measure -w @edu-portal/server`.
 */
import { analyse, descriptorDistance } from '../src/face/engine.ts';
import { captureFace, SAMPLE_FACES, type CaptureOptions } from '../src/face/captures.ts';
import { bestMatch, FACE_MATCH_MARGIN, FACE_MATCH_THRESHOLD } from '../src/face/matching.ts';

// The face fills about 45 % of the capture; wider crops of these group photos take in the neighbours' faces.
const ENROL: CaptureOptions = { zoom: 2.2 };
const PROBES: CaptureOptions[] = [
  { zoom: 1.8, dx: 0.1 },
  { zoom: 2.6, dy: -0.1, brightness: 0.75 },
  { zoom: 2.0, brightness: 1.3, mirror: true, quality: 60 },
  { zoom: 2.4, dx: -0.1, side: 320 },
];

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const f = (n: number) => n.toFixed(3);
  return `n=${sorted.length} min ${f(sorted[0] ?? NaN)} median ${f(at(0.5))} p95 ${f(at(0.95))} max ${f(sorted.at(-1) ?? NaN)}`;
};

const started = performance.now();
await analyse(await captureFace(SAMPLE_FACES[0]!, ENROL));
console.log(`first call (loading the nets included): ${Math.round(performance.now() - started)} ms`);

const enrolled: { person: number; descriptor: number[] }[] = [];
const probes: { person: number; descriptor: number[] }[] = [];
const times: number[] = [];
let refused = 0;
for (const [person, face] of SAMPLE_FACES.entries()) {
  const enrol = await analyse(await captureFace(face, ENROL));
  times.push(enrol.ms);
  if (!enrol.descriptor) {
    console.log(`person ${person}: enrol capture has ${enrol.faces.length} faces; skipped`);
    continue;
  }
  enrolled.push({ person, descriptor: enrol.descriptor });
  for (const options of PROBES) {
    const probe = await analyse(await captureFace(face, options));
    times.push(probe.ms);
    if (probe.descriptor) probes.push({ person, descriptor: probe.descriptor });
    else refused += 1;
  }
}

const same: number[] = [];
const different: number[] = [];
const margins: number[] = [];
for (const probe of probes) {
  const ranked = enrolled
    .map((e) => ({ person: e.person, distance: descriptorDistance(e.descriptor, probe.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  for (const r of ranked) (r.person === probe.person ? same : different).push(r.distance);
  const [best, second] = ranked;
  if (best && second && best.person === probe.person) margins.push(second.distance - best.distance);
}
const nearestOther = probes.map((probe) =>
  Math.min(
    ...enrolled.filter((e) => e.person !== probe.person).map((e) => descriptorDistance(e.descriptor, probe.descriptor)),
  ),
);
const enrolledPairs: number[] = [];
for (let i = 0; i < enrolled.length; i += 1)
  for (let j = i + 1; j < enrolled.length; j += 1)
    enrolledPairs.push(descriptorDistance(enrolled[i]!.descriptor, enrolled[j]!.descriptor));

console.log(
  `people enrolled ${enrolled.length}, probes ${probes.length} (captures without exactly one face: ${refused})`,
);
console.log(`same person         ${stats(same)}`);
console.log(`different people    ${stats(different)}`);
console.log(`nearest other/probe ${stats(nearestOther)}`);
console.log(`enrolled pairs      ${stats(enrolledPairs)}`);
console.log(`margin (2nd - best) ${stats(margins)}`);
console.log(`ms per photo        ${stats(times)}`);
// The whole rule (threshold and margin), for an enrolled owner and for a stranger (the owner not enrolled).
type Probe = { person: number; descriptor: number[] };
const decide = (probe: Probe, pool: Probe[], threshold: number) =>
  bestMatch(
    probe.descriptor,
    pool.map((e) => ({ userId: e.person, descriptor: e.descriptor })),
    { threshold, margin: FACE_MATCH_MARGIN },
  );
for (const threshold of [0.4, 0.42, FACE_MATCH_THRESHOLD, 0.5]) {
  let owner = 0;
  let wrong = 0;
  let stranger = 0;
  for (const probe of probes) {
    const own = decide(probe, enrolled, threshold);
    if (own.outcome === 'match' && own.userId === probe.person) owner += 1;
    if (own.outcome === 'match' && own.userId !== probe.person) wrong += 1;
    const alone = decide(
      probe,
      enrolled.filter((e) => e.person !== probe.person),
      threshold,
    );
    if (alone.outcome === 'match') stranger += 1;
  }
  const n = probes.length;
  console.log(
    `threshold ${threshold} margin ${FACE_MATCH_MARGIN}: owner logged in ${owner}/${n}, wrong person ${wrong}/${n}, stranger let in ${stranger}/${n}`,
  );
}
