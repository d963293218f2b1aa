// A clock-in terminal taking different people one after another (face clock-in terminal mode): ten people of the
// school unit (the six demo accounts and four more staff) enrolled through the real calls from the sample photos, and
// a fake camera that shows each of them in turn for a few seconds, with stretches of nobody in view between the two
// halves of the queue, looping. Nobody presses anything after the first OK; the terminal is never reloaded.
import { test, expect, chromium, request as playwrightRequest, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromiumArgs, fakeMediaArgs, findChromium } from '../scripts/chromium.mjs';
import { ensureSpeechTools } from '../scripts/speech-tools.mjs';
import { captureFace, SAMPLE_FACES } from '../packages/server/src/face/captures.ts';
import { collectPageErrors, PASSWORD, signIn } from './helpers.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
/** People of the school unit and the sample face each is enrolled with (single-face captures at the usual framing). */
const DEMO_PEOPLE: [loginName: string, face: number][] = [
  ['teacher1', 0],
  ['parent2', 2],
  ['parent1', 4],
  ['staff4', 6],
  ['admin1', 8],
  ['student1', 10],
];
/** Sample faces of the staff added by the test hook. */
const MORE_FACES = [12, 14, 16, 18];
const SECONDS_EACH = 4;
/** Nobody in view for longer than the terminal's capture timeout (set to 2 s below): it must wait on, not fail. */
const SECONDS_EMPTY = 5;

let dir = '';
let browser: Browser | null = null;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(() => {
  ensureSpeechTools();
  dir = mkdtempSync(join(tmpdir(), 'edu-face-terminal-e2e-'));
});
test.afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('ten different enrolled people clock in on one terminal, which waits on while nobody is in view; no click, no reload', async ({
  request,
}) => {
  expect((await request.post('/api/__test/reseed')).ok()).toBe(true);
  expect((await request.post('/api/__test/face/reset')).ok()).toBe(true);
  const staff = (await (await request.post('/api/__test/people', { data: { count: MORE_FACES.length } })).json())
    .data as { loginName: string }[];
  const people: [string, number][] = [
    ...DEMO_PEOPLE,
    ...staff.map((person, i): [string, number] => [person.loginName, MORE_FACES[i]!]),
  ];
  const names = new Map<string, string>();
  const frames: string[] = [];
  for (const [loginName, face] of people) {
    const capture = await captureFace(SAMPLE_FACES[face]!);
    const session = await playwrightRequest.newContext({ baseURL });
    const signedIn = await (
      await session.post('/api/uaa/oauth/login', { data: { username: loginName, password: PASSWORD } })
    ).json();
    expect(signedIn.status, loginName).toBe(200);
    names.set(String(signedIn.data.userId), loginName);
    expect(
      (await (await session.post('/api/uaa/oauth/confirm_password', { data: { password: PASSWORD } })).json()).status,
    ).toBe(200);
    const enrolled = await (
      await session.post('/api/uaa/face/check', {
        data: { faceImage: capture.toString('base64'), userId: String(signedIn.data.userId) },
      })
    ).json();
    expect(enrolled.status, `${loginName}: ${enrolled.message}`).toBe(200);
    await session.dispose();
    // The camera's frame: the capture in the middle of a 640 × 480 picture (the face on the centre guide).
    const frame = join(dir, `${loginName}.png`);
    writeFileSync(
      frame,
      await sharp(capture)
        .extend({ left: 80, right: 80, background: { r: 90, g: 90, b: 90 } })
        .png()
        .toBuffer(),
    );
    frames.push(frame);
  }
  // Nobody in view: the grey of the frames' sides, the whole picture.
  const empty = join(dir, 'nobody.png');
  writeFileSync(
    empty,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 90, b: 90 } } })
      .png()
      .toBuffer(),
  );
  // The loop: nobody, five people, nobody, five people. Any stretch of it that shows all ten crosses a "nobody".
  const half = frames.length / 2;
  const queue: [string, number][] = [
    [empty, SECONDS_EMPTY],
    ...frames.slice(0, half).map((frame): [string, number] => [frame, SECONDS_EACH]),
    [empty, SECONDS_EMPTY],
    ...frames.slice(half).map((frame): [string, number] => [frame, SECONDS_EACH]),
  ];
  const y4m = join(dir, 'queue.y4m');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...queue.flatMap(([frame, seconds]) => ['-loop', '1', '-framerate', '10', '-t', String(seconds), '-i', frame]),
    ...[
      '-filter_complex',
      `${queue.map((_, i) => `[${i}:v]`).join('')}concat=n=${queue.length}:v=1:a=0,format=yuv420p`,
    ],
    ...['-f', 'yuv4mpegpipe', y4m],
  ]);

  browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...chromiumArgs, ...fakeMediaArgs({ video: y4m })],
  });
  const page = await (await browser.newContext({ baseURL })).newPage();
  const errors = collectPageErrors(page);
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/face');
  await page.getByRole('radio', { name: '人脸打卡（本终端需已登录）' }).check();
  const face = page.locator('edu-face');
  await face.getByRole('button', { name: '确定' }).waitFor();
  await page.waitForFunction(
    () => (document.querySelector('edu-face') as { phase?: string } | null)?.phase === 'ready',
  );
  await page.evaluate(() => {
    const el = document.querySelector('edu-face') as HTMLElement & {
      resultSeconds: number;
      waitTime: number;
      timeout: number;
    };
    el.resultSeconds = 1;
    el.waitTime = 1;
    el.timeout = 2;
    const seen: string[] = [];
    const refused: string[] = [];
    (window as unknown as { terminal: unknown }).terminal = { seen, refused };
    el.addEventListener('edu-face-clock-in', (event) =>
      seen.push(String((event as CustomEvent<{ userId: string }>).detail.userId)),
    );
    el.addEventListener('edu-face-error', (event) =>
      refused.push((event as CustomEvent<{ message: string }>).detail.message),
    );
  });
  await face.getByRole('button', { name: '确定' }).click();
  await page.waitForFunction(
    () => new Set((window as unknown as { terminal: { seen: string[] } }).terminal.seen).size >= 10,
    null,
    { timeout: 170_000, polling: 250 },
  );
  const { seen, refused } = await page.evaluate(
    () => (window as unknown as { terminal: { seen: string[]; refused: string[] } }).terminal,
  );
  const clockedIn = seen.map((userId) => names.get(userId) ?? `unknown ${userId}`);
  console.log(`clock-ins in order: ${clockedIn.join(', ')}`);
  // Everyone recognised is one of the enrolled people; all ten came. No refusal and no timeout: with nobody in
  // view (at least one 5 s stretch against a 2 s capture timeout) the terminal waited on for the next person.
  expect(clockedIn.filter((name) => name.startsWith('unknown'))).toEqual([]);
  expect(new Set(clockedIn)).toEqual(new Set(people.map(([loginName]) => loginName)));
  expect(refused, 'no refusal or timeout between people').toEqual([]);
  expect(await face.evaluate((el) => (el as HTMLElement & { cameraOn: boolean }).cameraOn)).toBe(true);
  expect(errors).toEqual([]);
});
