/**
 * Enrols a demo user's face from a sample photo, through the real calls (password login, the password confirmed
 * again — collection needs a fresh credential — then `face/check`), for
 * demos and end-to-end tests (no face is enrolled by default: enrolment is the user's act).
 * `node --import tsx packages/server/scripts/face-enrol.ts --url http://127.0.0.1:8080 --user teacher1 --face 0`
 * (`--face`: an index of SAMPLE_FACES in src/face/captures.ts; the same capture makes a matching camera picture).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../src/config.ts';
import { captureFace, SAMPLE_FACES } from '../src/face/captures.ts';

/** Logs `username` in and collects sample face `faceIndex` as their face; resolves with the server's answer. */
export async function enrolDemoFace(
  url: string,
  username: string,
  faceIndex = 0,
  password = DEMO_PASSWORD,
): Promise<{ status: number; message: string; data: unknown }> {
  const face = SAMPLE_FACES[faceIndex];
  if (!face) throw new Error(`no sample face ${faceIndex} (0–${SAMPLE_FACES.length - 1})`);
  const login = await fetch(new URL('/api/uaa/oauth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const user = (await login.json()) as { status: number; message: string; data: { userId?: string } | null };
  if (user.status !== 200 || !user.data?.userId) throw new Error(`login of ${username} failed: ${user.message}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const confirmed = await fetch(new URL('/api/uaa/oauth/confirm_password', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ password }),
  });
  const fresh = (await confirmed.json()) as { status: number; message: string; data: unknown };
  if (fresh.status !== 200) return fresh;
  const photo = await captureFace(face);
  const answer = await fetch(new URL('/api/uaa/face/check', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ faceImage: photo.toString('base64'), userId: user.data.userId }),
  });
  return (await answer.json()) as { status: number; message: string; data: unknown };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      user: { type: 'string', default: 'teacher1' },
      face: { type: 'string', default: '0' },
      password: { type: 'string', default: DEMO_PASSWORD },
    },
  });
  const answer = await enrolDemoFace(values.url, values.user, Number(values.face), values.password);
  console.log(answer.status === 200 ? `enrolled ${values.user} with sample face ${values.face}` : answer.message);
  process.exitCode = answer.status === 200 ? 0 : 1;
}
