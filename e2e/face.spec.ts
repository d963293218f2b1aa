// Face collect, face login and face clock-in end to end: <edu-face> on the demo page, Chromium's fake
// camera playing a .y4m made here by ffmpeg from the sample photos @vladmandic/face-api ships (TOOLCHAIN.md "Face
// detection"), detection in the page's Worker, and the reference server recognising the face. One browser launch
// per camera; the tests run in order (collect first, then the others use the collected face).
import { test, expect, chromium, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, fakeMediaArgs, findChromium } from '../scripts/chromium.mjs';
import { ensureSpeechTools } from '../scripts/speech-tools.mjs';
import { writeFileSync } from 'node:fs';
import { groupPhoto, SAMPLE_FACES } from '../packages/server/src/face/captures.ts';
import { collectPageErrors, signIn, PASSWORD } from './helpers.ts';

const SAMPLES = 'node_modules/@vladmandic/face-api/demo';
const port = Number(process.env.E2E_PORT ?? 18080);

let dir = '';
let browser: Browser | null = null;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ request }) => {
  ensureSpeechTools(); // ffmpeg (Debian's, installed when missing)
  dir = mkdtempSync(join(tmpdir(), 'edu-face-e2e-'));
  // Nobody enrolled at the start.
  expect((await request.post('/api/__test/reseed')).ok()).toBe(true);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
test.afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** A looping 640 × 480 camera: ffmpeg input arguments and a filter, to a .y4m. */
function camera(name: string, input: string[], filter: string): string {
  const path = join(dir, `${name}.y4m`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', ...input, '-t', '2'],
    ...['-vf', `${filter},format=yuv420p`, '-f', 'yuv4mpegpipe', path],
  ]);
  return path;
}

/** The person of the first face of sample1 (TOOLCHAIN's crop: one face near the centre). */
const personA = () =>
  camera('a', ['-loop', '1', '-framerate', '15', '-i', `${SAMPLES}/sample1.jpg`], 'crop=640:480:621:329');
/** Another person: the first face of sample3 (the crop puts her face on the centre guide), framed alike. */
const personB = () =>
  camera('b', ['-loop', '1', '-framerate', '15', '-i', `${SAMPLES}/sample3.jpg`], 'crop=840:630:764:74,scale=640:480');
/** No face: a plain grey picture. */
const noFace = () => camera('none', ['-f', 'lavfi', '-i', 'color=c=gray:s=640x480:r=15'], 'null');

async function launch(args: string[]): Promise<Browser> {
  browser = await chromium.launch({ executablePath: findChromium(), args: [...chromiumArgs, ...args] });
  return browser;
}

const fakeCamera = (y4m: string) => fakeMediaArgs({ video: y4m });

/** The demo face page in `mode`, signed in as `user` (or not), in a browser whose camera plays `y4m`. */
async function facePage(
  args: string[],
  { user, mode, baseURL = `http://127.0.0.1:${port}` }: { user?: string; mode: string; baseURL?: string },
): Promise<Page> {
  const context = await (await launch(args)).newContext({ baseURL });
  const page = await context.newPage();
  if (user) await signIn(page, user);
  await page.goto('/#/blocks/face');
  await expect(page.getByRole('heading', { level: 1, name: '人脸采集、人脸登录与人脸打卡' })).toBeVisible();
  await page.getByRole('radio', { name: mode }).check();
  return page;
}

const face = (page: Page) => page.locator('edu-face');
const stage = (page: Page) => face(page).locator('[part="stage"]');
const result = (page: Page) => page.locator('#face-last');

test('collects the signed-in user’s face: open camera, take photo, save', async () => {
  const page = await facePage(fakeCamera(personA()), { user: 'teacher1', mode: '采集（当前用户）' });
  const errors = collectPageErrors(page);
  const save = face(page).getByRole('button', { name: '保存' });
  await expect(save).toBeDisabled();
  await face(page).getByRole('button', { name: '打开摄像头' }).click();
  await expect(face(page).locator('video')).toBeVisible();
  await face(page).getByRole('button', { name: '拍照' }).click();
  await expect(save).toBeEnabled();
  await save.click();
  // Collection needs the password entered again: the prompt, under the photo, then saved.
  const password = face(page).getByLabel('密码', { exact: true });
  await expect(password).toBeFocused({ timeout: 30_000 });
  await expect(face(page)).toContainText('为保护您的账号，请再次输入密码后保存人脸照片');
  await expect(face(page).getByRole('img', { name: '拍摄的照片' })).toBeVisible();
  await password.fill(PASSWORD);
  await face(page).getByRole('button', { name: '确认并保存' }).click();
  await expect(stage(page)).toContainText('人脸采集完成', { timeout: 30_000 });
  await expect(result(page)).toHaveText('已采集');
  await expect(face(page)).toContainText('最近采集时间：');
  await expect(face(page).getByRole('button', { name: '重拍' })).toBeVisible();
  await page.screenshot({ path: 'test-results/face-collected.png' });
  expect(errors).toEqual([]);
});

test('the password prompt works by keyboard: a wrong password says so and keeps the photo, Escape goes back', async () => {
  const page = await facePage(fakeCamera(personA()), { user: 'teacher1', mode: '采集（当前用户）' });
  const errors = collectPageErrors(page);
  // Retake (a face is stored), take photo and save, each focused and pressed with the keyboard.
  const retake = face(page).getByRole('button', { name: '重拍' });
  await retake.focus();
  await page.keyboard.press('Enter');
  const take = face(page).getByRole('button', { name: '拍照' });
  await expect(take).toBeEnabled({ timeout: 30_000 });
  await take.focus();
  await page.keyboard.press('Enter');
  const save = face(page).getByRole('button', { name: '保存' });
  await expect(save).toBeEnabled();
  await save.focus();
  await page.keyboard.press('Enter');

  const password = face(page).getByLabel('密码', { exact: true });
  await expect(password).toBeFocused({ timeout: 30_000 });
  // Escape: back to the photo, focus on Save; Enter asks again.
  await page.keyboard.press('Escape');
  await expect(password).toHaveCount(0);
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused({ timeout: 30_000 });
  // A wrong password, submitted with Enter: the server's message, the field invalid and selected, the photo kept.
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(face(page).locator('.password-error')).toHaveText('密码不正确，请重新输入');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('密码不正确，请重新输入');
  await expect(password).toBeFocused();
  await expect(face(page).getByRole('img', { name: '拍摄的照片' })).toBeVisible();
  await page.screenshot({ path: 'test-results/face-password-prompt.png' });
  // The right password (typing replaces the selected wrong one), Enter: confirmed and saved.
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(stage(page)).toContainText('人脸采集完成', { timeout: 30_000 });
  await expect(result(page)).toHaveText('已采集');
  expect(errors).toEqual([]);
});

test('logs in by face as that user: countdown, automatic capture, the session in force', async () => {
  const page = await facePage(fakeCamera(personA()), { mode: '人脸登录' });
  await face(page).getByRole('button', { name: '登录' }).click();
  await expect(face(page).locator('.count')).toBeVisible();
  await expect(result(page)).toHaveText(/^已登录：/, { timeout: 30_000 });
  const me = await page.request.get('/api/uaa/oauth/me');
  expect(me.ok()).toBe(true);
  expect(JSON.stringify(await me.json())).toContain('teacher1');
});

test('clocks in on a signed-in terminal of the same unit', async () => {
  const page = await facePage(fakeCamera(personA()), { user: 'teacher1', mode: '人脸打卡（本终端需已登录）' });
  await face(page).getByRole('button', { name: '确定' }).click();
  await expect(result(page)).toHaveText(/^打卡：/, { timeout: 30_000 });
  await expect(stage(page)).toContainText('打卡成功');
});

test('a clock-in terminal takes the next clock-in by itself, five in a row, the camera kept, without a reload', async () => {
  test.setTimeout(120_000);
  const page = await facePage(fakeCamera(personA()), { user: 'teacher1', mode: '人脸打卡（本终端需已登录）' });
  const errors = collectPageErrors(page);
  await expect(page.getByLabel('打卡终端：每次打卡后自动等待下一位')).toBeChecked();
  await face(page).evaluate((el) => {
    (el as HTMLElement & { resultSeconds: number; waitTime: number }).resultSeconds = 1;
    (el as HTMLElement & { resultSeconds: number; waitTime: number }).waitTime = 1;
  });
  await face(page).getByRole('button', { name: '确定' }).click();
  await expect(stage(page)).toContainText('打卡成功', { timeout: 30_000 });
  await expect(stage(page).locator('.clock-time')).toHaveText(/^\d\d:\d\d:\d\d$/);
  // Nobody presses anything again: the element goes back to its camera and records the next clock-ins.
  await expect(result(page)).toHaveAttribute('data-clock-ins', '5', { timeout: 90_000 });
  expect(await face(page).evaluate((el) => (el as HTMLElement & { cameraOn: boolean }).cameraOn)).toBe(true);
  expect(errors).toEqual([]);
});

test('the legacy page logs in by face through the autoloader (drop-in bundle, its Worker and /face-assets/)', async () => {
  const context = await (await launch(fakeCamera(personA()))).newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/legacy/face.html');
  await page.locator('edu-face').getByRole('button', { name: '登录' }).click();
  await expect(page.locator('#result')).toHaveText(/^已登录：/, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('refuses another person, with the message in the camera area and click to retry', async () => {
  const page = await facePage(fakeCamera(personB()), { mode: '人脸登录' });
  await face(page).getByRole('button', { name: '登录' }).click();
  const retry = stage(page).getByRole('button');
  await expect(retry).toContainText('点击重试', { timeout: 30_000 });
  await expect(result(page)).toHaveText(/^错误（refused）/);
  await page.screenshot({ path: 'test-results/face-refused.png' });
});

test('times out when no face is in view (timeout shortened), with the hint', async () => {
  const page = await facePage(fakeCamera(noFace()), { mode: '人脸登录' });
  await face(page).evaluate((el) => {
    (el as HTMLElement & { timeout: number; waitTime: number }).timeout = 2;
    (el as HTMLElement & { timeout: number; waitTime: number }).waitTime = 1;
  });
  await face(page).getByRole('button', { name: '登录' }).click();
  await expect(stage(page)).toContainText('人脸检测超时，点击重试', { timeout: 20_000 });
  await expect(stage(page)).toContainText('请在 15 秒内正对识别区域 2 秒以上');
  await page.screenshot({ path: 'test-results/face-timeout.png' });
});

test('offers a photo upload on an origin that is neither https nor localhost', async () => {
  const photo = join(dir, 'face.jpg');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', `${SAMPLES}/sample1.jpg`],
    ...['-vf', 'crop=560:560:661:329,scale=480:480', photo],
  ]);
  const page = await facePage(['--host-resolver-rules=MAP school.test 127.0.0.1', ...fakeCamera(personA())], {
    mode: '人脸登录',
    baseURL: `http://school.test:${port}`,
  });
  await expect(stage(page)).toContainText('无法使用摄像头，请上传照片');
  await expect(face(page).getByRole('button', { name: '登录' })).toHaveCount(0);
  // Another person's photo first: refused; "click to retry" opens the file picker again.
  const other = join(dir, 'other.jpg');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', `${SAMPLES}/sample3.jpg`],
    ...['-vf', 'crop=600:600:800:100,scale=480:480', other],
  ]);
  await face(page).locator('input[type=file]').setInputFiles(other);
  const retry = stage(page).getByRole('button');
  await expect(retry).toContainText('点击重试', { timeout: 30_000 });
  const chooser = page.waitForEvent('filechooser');
  await retry.click();
  await (await chooser).setFiles(photo);
  await expect(result(page)).toHaveText(/^已登录：/, { timeout: 30_000 });
  // After the login the upload is still offered: another photo can be picked without a reload.
  await expect(face(page).locator('label.upload')).toBeVisible();
});

test('refuses a group photo (a small second face) at enrolment and at login', async () => {
  // The second person at 0.2 × the photo: TinyFaceDetector alone saw one face here; SSD counts two.
  const group = join(dir, 'group.jpg');
  writeFileSync(group, await groupPhoto(SAMPLE_FACES[0]!, SAMPLE_FACES[7]!, 0.2, 0));
  const args = ['--host-resolver-rules=MAP school.test 127.0.0.1', ...fakeCamera(personA())];
  const baseURL = `http://school.test:${port}`;
  const page = await facePage(args, { mode: '人脸登录', baseURL });
  // Signed in by the page itself (the test's own requests cannot resolve school.test).
  const signedIn = await page.evaluate(async (password) => {
    const response = await fetch('/api/uaa/oauth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'teacher1', password }),
    });
    return ((await response.json()) as { status: number }).status;
  }, PASSWORD);
  expect(signedIn).toBe(200);
  await page.reload();
  await page.getByRole('radio', { name: '采集（当前用户）' }).check();
  await face(page).locator('input[type=file]').setInputFiles(group);
  await face(page).getByRole('button', { name: '保存' }).click();
  const password = face(page).getByLabel('密码', { exact: true });
  await expect(password).toBeFocused({ timeout: 30_000 });
  await password.fill(PASSWORD);
  await face(page).getByRole('button', { name: '确认并保存' }).click();
  await expect(stage(page)).toContainText('多张人脸', { timeout: 30_000 });
  await expect(result(page)).toHaveText(/^错误（refused）/);

  await page.getByRole('radio', { name: '人脸登录' }).check();
  await face(page).locator('input[type=file]').setInputFiles(group);
  await expect(stage(page)).toContainText('多张人脸', { timeout: 30_000 });
  await expect(result(page)).toHaveText(/^错误（refused）/);
});

test('says there is no camera when the browser has none', async () => {
  const page = await facePage([], { mode: '人脸登录' });
  await face(page).getByRole('button', { name: '登录' }).click();
  await expect(stage(page)).toContainText('该设备未检测到摄像头');
});
