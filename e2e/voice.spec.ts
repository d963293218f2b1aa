// Voice commands end to end: <edu-voice-recorder> on the demo page, Chromium's fake microphone playing a
// wav made here (espeak-ng speaks the phrase; TOOLCHAIN.md "Microphone"), the reference server's development
// gateway answering speech with the configured transcript and silence with nothing. One browser launch per wav.
import { test, expect, chromium, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, fakeMediaArgs, findChromium } from '../scripts/chromium.mjs';
import { ensureSpeechTools, wavBytes } from '../scripts/speech-tools.mjs';
import { collectPageErrors, PASSWORD, signIn, reseed } from './helpers.ts';

const VOCABULARY = 'POST /api/base/find_by_vocabulary';
const NOT_CAUGHT = '我没有听清，请再说一遍好吗？';
const NO_SKILL = '哎呀，这个技能我还没学会，换个说法试试吧！';
const TOKEN_FAILED = '请检查服务器配置！';

let dir = '';
let browser: Browser | null = null;

test.beforeAll(() => {
  ensureSpeechTools();
  dir = mkdtempSync(join(tmpdir(), 'edu-voice-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
test.afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** `text` spoken by espeak-ng to a wav, with 300 ms of silence first (as a user draws breath). */
function speechWav(name: string, text: string, voice = 'cmn'): string {
  const spoken = join(dir, `${name}-raw.wav`);
  const path = join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', spoken, text]);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', spoken],
    ...['-af', 'adelay=300:all=1,apad=pad_dur=1', '-ar', '44100', '-ac', '2', path],
  ]);
  return path;
}

/** `seconds` of digital silence (44.1 kHz stereo, as the fake microphone delivers anyway). */
function silenceWav(name: string, seconds: number): string {
  const wav = wavBytes(new Float32Array(44100 * seconds * 2), { rate: 44100, channels: 2 });
  const path = join(dir, `${name}.wav`);
  writeFileSync(path, wav);
  return path;
}

/** A browser whose microphone plays `wav` once; a page signed in as teacher1 on `path` (the voice demo page). */
async function pageWithMicrophone(
  wav: string,
  baseURL: string,
  { path = '/#/blocks/voice', lang }: { path?: string; lang?: string } = {},
): Promise<Page> {
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...chromiumArgs, ...fakeMediaArgs({ audio: `${wav}%noloop` })],
  });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (lang) await page.addInitScript((l) => localStorage.setItem('PH_MY_SET_LANG', l), lang);
  await signIn(page, 'teacher1');
  await page.goto(path);
  if (path === '/#/blocks/voice' && !lang) {
    await expect(page.getByRole('heading', { level: 1, name: '语音指令' })).toBeVisible();
  }
  return page;
}

async function voiceHooks(request: APIRequestContext, settings: Record<string, unknown>): Promise<void> {
  expect((await request.post('/api/__test/voice/config', { data: settings })).ok()).toBe(true);
}

async function calls(request: APIRequestContext): Promise<Record<string, number>> {
  const response = await request.get(`/api/__test/stats?_t=${Date.now()}`);
  return ((await response.json()) as { data: { calls: Record<string, number> } }).data.calls;
}

const recorder = (page: Page) => page.locator('edu-voice-recorder');
const micButton = (page: Page) => recorder(page).getByRole('button', { name: '按住说话，发出语音指令' });

/** Presses the mouse on the microphone button (and keeps it pressed). */
async function pressMic(page: Page): Promise<void> {
  // hover() waits until the button stops moving: on a page whose elements load as they appear (the autoloader), the
  // layout settles after the button is first visible.
  await micButton(page).hover();
  await page.mouse.down();
}

test.beforeEach(async ({ request }) => {
  // The seeded data too, not only the hooks: teacher1's desktop is checked in zh-CN, and an earlier spec may have
  // saved another language for teacher1 (traditional.spec.ts switches to zh-HK).
  await reseed(request);
  await voiceHooks(request, { transcripts: { teacher1: '' } });
});

test('hold, speak, the configured transcript appears and the app opens', async ({ request, baseURL }) => {
  // The default transcript opens the first app teacher1 may use: "打开{name}。".
  await request.post('/api/uaa/oauth/login', { data: { username: 'teacher1', password: PASSWORD } });
  const setting = await request.get('/api/speech/dev/transcript?language=zh-CN');
  const transcript = ((await setting.json()) as { data: { transcript: string } }).data.transcript;
  expect(transcript).toMatch(/^打开.+。$/);

  const page = await pageWithMicrophone(speechWav('open-app', transcript.replace('。', '')), baseURL!);
  const errors = collectPageErrors(page);
  // The final text opens the app at once, so the page may be gone before the shown text can be read: the result
  // event carries it (and the recorder shows the intermediate text below).
  const results: string[] = [];
  await page.exposeFunction('recordVoiceResult', (text: string) => results.push(text));
  await page.evaluate(() =>
    document.addEventListener('edu-voice-result', (event) =>
      (window as unknown as { recordVoiceResult(text: string): void }).recordVoiceResult(
        (event as CustomEvent<{ text: string }>).detail.text,
      ),
    ),
  );
  await pressMic(page);
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住进行语音识别');
  await expect(recorder(page).locator('[part="cancel"]')).toBeVisible();
  // Intermediate results while the phrase plays.
  await expect(recorder(page).locator('[part="text"]')).toHaveText(/^打开/, { timeout: 5000 });
  await page.waitForTimeout(2500);
  await page.mouse.up();
  await expect.poll(() => results).toEqual([transcript.replace('。', '')]);
  await page.waitForURL(/\/pages\/.+_tm\/index\.html$/, { timeout: 10_000 });
  expect((await calls(request))[VOCABULARY]).toBe(1);
  expect(errors).toEqual([]);
});

test('silence: "didn\'t catch that" for 1 s', async ({ baseURL }) => {
  const page = await pageWithMicrophone(silenceWav('silence', 4), baseURL!);
  await pressMic(page);
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住进行语音识别');
  await page.waitForTimeout(1500);
  await page.mouse.up();
  const error = recorder(page).locator('[part="error"]');
  await expect(error).toHaveText(NOT_CAUGHT);
  await expect(page.locator('#voice-last')).toHaveText(`错误（empty）：${NOT_CAUGHT}`);
  await expect(error).toBeHidden({ timeout: 2000 });
});

test('an unknown phrase: "no skill"', async ({ request, baseURL }) => {
  await voiceHooks(request, { transcripts: { teacher1: '唱一首歌。' } });
  const page = await pageWithMicrophone(speechWav('unknown', '唱一首歌'), baseURL!);
  await pressMic(page);
  await page.waitForTimeout(2500);
  await page.mouse.up();
  await expect(recorder(page).locator('[part="text"]')).toHaveText('唱一首歌');
  await expect(recorder(page).locator('[part="error"]')).toHaveText(NO_SKILL);
  expect((await calls(request))[VOCABULARY]).toBe(1);
  expect(page.url()).toContain('#/blocks/voice');
});

test('token call failing: "check server configuration!" for 1 s; a short press does nothing', async ({
  request,
  baseURL,
}) => {
  const page = await pageWithMicrophone(silenceWav('token', 2), baseURL!);
  // Under 200 ms: nothing shows, no token is fetched, nothing is looked up.
  const tokensBefore = (await calls(request))['GET /api/base/get_ali_token'] ?? 0;
  await pressMic(page);
  await page.waitForTimeout(60);
  await page.mouse.up();
  await page.waitForTimeout(600);
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住说话');
  await expect(recorder(page).locator('[part="error"]')).toBeHidden();
  expect((await calls(request))['GET /api/base/get_ali_token'] ?? 0).toBe(tokensBefore);

  expect(
    (
      await request.post('/api/__test/config', {
        data: { failPaths: [{ path: '/api/base/get_ali_token', httpStatus: 500 }] },
      })
    ).ok(),
  ).toBe(true);
  await pressMic(page);
  const error = recorder(page).locator('[part="error"]');
  await expect(error).toHaveText(TOKEN_FAILED);
  const shownAt = Date.now();
  await expect(error).toBeHidden({ timeout: 2000 });
  expect(Date.now() - shownAt).toBeGreaterThan(600);
  await page.mouse.up();
  expect((await calls(request))[VOCABULARY]).toBeUndefined();
});

test('moving off the button cancels: no vocabulary call', async ({ request, baseURL }) => {
  const page = await pageWithMicrophone(speechWav('cancel', '打开消息'), baseURL!);
  await pressMic(page);
  await expect(recorder(page).locator('[part="cancel"]')).toBeVisible();
  await page.waitForTimeout(1200);
  await page.mouse.move(5, 5);
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住说话');
  await page.mouse.up();
  await page.waitForTimeout(1500);
  await expect(recorder(page).locator('[part="text"]')).toBeHidden();
  expect((await calls(request))[VOCABULARY]).toBeUndefined();
  expect(page.url()).toContain('#/blocks/voice');
});

test('the recording cap (shortened to 2 s) stops by itself while the button is held', async ({ request, baseURL }) => {
  await voiceHooks(request, { transcripts: { teacher1: '打开消息。' } });
  const page = await pageWithMicrophone(speechWav('cap', '打开消息'), baseURL!);
  await recorder(page).evaluate((el) => el.setAttribute('max-seconds', '2'));
  await page.getByLabel('留在本页（只显示结果，不跳转）').check();
  await pressMic(page);
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住进行语音识别');
  // Still pressed: the countdown ends the utterance.
  await expect(page.locator('#voice-last')).toHaveText(/^“打开消息” → http:\/\/.+\?open=messages$/, {
    timeout: 8000,
  });
  await page.mouse.up();
  expect((await calls(request))[VOCABULARY]).toBe(1);
});

test('saying "打开消息" lands on the desktop with the message dialog open', async ({ request, baseURL }) => {
  await voiceHooks(request, { transcripts: { teacher1: '打开消息。' } });
  const page = await pageWithMicrophone(speechWav('messages', '打开消息'), baseURL!);
  await pressMic(page);
  await page.waitForTimeout(2000);
  await page.mouse.up();
  await page.waitForURL(/\/pages\/base\/pc_desktop_all\/index\.html/, { timeout: 10_000 });
  await expect(page.getByRole('dialog', { name: /^未读消息/ })).toBeVisible();
  // The request is removed: a reload does not open it again.
  expect(new URL(page.url()).search).toBe('');
});

test("the desktop opens its theme dialog for ?open=theme (the theme skill's url)", async ({ page }) => {
  await signIn(page, 'teacher1');
  await page.goto('/pages/base/pc_desktop_all/index.html?open=theme');
  await expect(page.getByRole('dialog', { name: '主题设置' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

/** Hold, let the phrase play, release: the recogniser's text shows (the worklet's audio reached the gateway). */
async function speakThere(page: Page, phrase: string): Promise<void> {
  await expect(micButton(page)).toBeVisible();
  await pressMic(page);
  // The drop-in bundle's first press loads the capture and the recogniser: slower on a busy machine.
  await expect(recorder(page).locator('[part="text"]')).toHaveText(/^唱/, { timeout: 10_000 });
  await page.waitForTimeout(1500);
  await page.mouse.up();
  await expect(recorder(page).locator('[part="text"]')).toHaveText(phrase);
  await expect(recorder(page).locator('[part="error"]')).toHaveText(NO_SKILL);
}

test('the recorder records in the drop-in bundle (legacy page)', async ({ request, baseURL }) => {
  await voiceHooks(request, { transcripts: { teacher1: '唱一首歌。' } });
  const page = await pageWithMicrophone(speechWav('legacy', '唱一首歌'), baseURL!, { path: '/legacy/' });
  const errors = collectPageErrors(page);
  await speakThere(page, '唱一首歌');
  expect(errors).toEqual([]);
});

test('the recorder records when the autoloader loads it', async ({ request, baseURL }) => {
  await voiceHooks(request, { transcripts: { teacher1: '唱一首歌。' } });
  // demo/legacy/voice.html: a plain page with only the autoloader, which loads the recorder when it sees it.
  const page = await pageWithMicrophone(speechWav('autoloader', '唱一首歌'), baseURL!, { path: '/legacy/voice.html' });
  const errors = collectPageErrors(page);
  await speakThere(page, '唱一首歌');
  expect(errors).toEqual([]);
});

test('the capture loads at the first press: when it cannot, the recorder says network error, then records', async ({
  request,
  baseURL,
}) => {
  await voiceHooks(request, { transcripts: { teacher1: '唱一首歌。' } });
  const page = await pageWithMicrophone(speechWav('unloaded', '唱一首歌'), baseURL!, { path: '/legacy/voice.html' });
  // The capture is a chunk of its own, fetched at the first press (size budgets).
  const captureChunk = '**/edu-elements-chunks/capture-*.js';
  await page.route(captureChunk, (route) => route.abort('internetdisconnected'));
  await pressMic(page);
  await expect(recorder(page).locator('[part="error"]')).toHaveText('网络错误');
  await page.mouse.up();
  await page.unroute(captureChunk);
  await expect(recorder(page).locator('[part="error"]')).toBeHidden({ timeout: 5000 });
  await speakThere(page, '唱一首歌');
});

/** A browser with the given microphone flags and a page on `url` (signed in when on the test server's origin). */
async function pageWith(args: string[], url: string): Promise<Page> {
  browser = await chromium.launch({ executablePath: findChromium(), args: [...chromiumArgs, ...args] });
  const page = await (await browser.newContext()).newPage();
  if (url.startsWith('http://127.0.0.1')) await signIn(page, 'teacher1');
  await page.goto(url);
  return page;
}

test('permission denied: a clear message', async ({ baseURL }) => {
  // A fake microphone, but no automatic "allow": headless Chromium refuses the permission.
  const page = await pageWith(['--use-fake-device-for-media-stream'], `${baseURL}/#/blocks/voice`);
  await pressMic(page);
  await expect(recorder(page).locator('[part="error"]')).toHaveText('麦克风权限被拒绝，请在浏览器设置中允许使用麦克风');
  await page.mouse.up();
  await expect(page.locator('#voice-last')).toHaveText(/^错误（permission）/);
});

test('an insecure origin: the recorder says why it cannot record', async ({ baseURL }) => {
  // The same server under a name that is neither https nor localhost: no navigator.mediaDevices.
  const port = new URL(baseURL!).port;
  const page = await pageWith(
    [...fakeMediaArgs(), '--host-resolver-rules=MAP school.test 127.0.0.1'],
    `http://school.test:${port}/legacy/voice.html`,
  );
  const message = '此页面不是 https 或 localhost，浏览器不允许使用麦克风，无法语音识别';
  await expect(recorder(page).locator('[part="error"]')).toHaveText(message);
  await expect(micButton(page)).toHaveAttribute('aria-disabled', 'true');
  await pressMic(page);
  await page.waitForTimeout(400);
  await expect(recorder(page).locator('[part="error"]')).toHaveText(message);
  await page.mouse.up();
});

test('a full 60 s hold gives the result, never the gateway\'s "too long"', async ({ request, baseURL }) => {
  test.setTimeout(150_000);
  await voiceHooks(request, { transcripts: { teacher1: '打开消息。' } });
  // The phrase, then silence well past the limit.
  const spoken = speechWav('long-raw', '打开消息');
  const path = join(dir, 'long.wav');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', spoken],
    ...['-af', 'apad=whole_dur=70', '-ar', '44100', '-ac', '2', path],
  ]);
  const page = await pageWithMicrophone(path, baseURL!);
  await page.getByLabel('留在本页（只显示结果，不跳转）').check();
  await pressMic(page);
  // The hint shows for the hold's first 3 s, once the microphone is open (slower on a loaded machine).
  await expect(recorder(page).locator('[part="status"]')).toHaveText('按住进行语音识别', { timeout: 15_000 });
  // Held through the whole minute: the countdown (or the audio budget) ends the utterance, with its result.
  await expect(page.locator('#voice-last')).toHaveText(/^“打开消息” → http:\/\/.+\?open=messages$/, {
    timeout: 80_000,
  });
  await page.mouse.up();
  expect((await calls(request))[VOCABULARY]).toBe(1);
});

test('zh-HK: a command in traditional characters opens its skill, the text shown in traditional characters', async ({
  request,
  baseURL,
}) => {
  await voiceHooks(request, { transcripts: { teacher1: '打開消息。' } });
  const page = await pageWithMicrophone(speechWav('hk', '打开消息'), baseURL!, { lang: 'zh-HK' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('留在本頁（只顯示結果，不跳轉）').check();
  await recorder(page).getByRole('button', { name: '按住說話，發出語音指令' }).hover();
  await page.mouse.down();
  await expect(recorder(page).locator('[part="text"]')).toHaveText(/^打開/, { timeout: 5000 });
  await page.waitForTimeout(2000);
  await page.mouse.up();
  await expect(recorder(page).locator('[part="text"]')).toHaveText('打開消息');
  await expect(page.locator('#voice-last')).toHaveText(/\?open=messages$/, { timeout: 10_000 });
});
