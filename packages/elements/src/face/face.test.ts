/**
 * <edu-face> for real: Chromium's fake camera plays a y4m of face-api's sample1.jpg (one face near the centre, made
 * by ffmpeg when wtr starts), detection runs in the Worker, and the reference server recognises the face.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { checkFace, getFaceRecord } from '@edu-portal/core/face/api.ts';
import { confirmPassword } from '@edu-portal/core/auth/api.ts';
import type { FaceClockIn } from '@edu-portal/core/face/api.ts';
import { DEMO_PASSWORD, loginAs, logoutServer, resetServer } from '@edu-portal/core/test-support/server.ts';
import { switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { defineElement } from '../internal/define-element.ts';
import { joinSentences } from '../internal/sentences.ts';
import { EduFace, type FaceErrorDetail, type FaceLoginDetail, type FaceCollectDetail } from './face.ts';
import { faceText } from '@edu-portal/core/face/texts.ts';

defineElement('edu-face', EduFace);

const SAMPLE = '/node_modules/@vladmandic/face-api/demo/sample1.jpg';

/** A 480 × 480 JPEG of the camera's face, framed otherwise than the camera (the enrolment photo). */
async function enrolmentPhoto(): Promise<string> {
  const image = new Image();
  image.src = SAMPLE;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 480;
  canvas.getContext('2d')!.drawImage(image, 661, 269, 560, 560, 0, 0, 480, 480);
  return canvas.toDataURL('image/jpeg', 0.9);
}

const stage = (el: EduFace) => el.shadowRoot!.querySelector<HTMLElement>('[part="stage"]')!;
const live = (el: EduFace) => el.shadowRoot!.querySelector('[role=status]')!.textContent!.trim();
const button = (el: EduFace, label: string) => {
  const found = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.actions button')].find(
    (b) => b.textContent!.trim() === label,
  );
  if (!found) throw new Error(`no button "${label}"`);
  return found;
};

function record(el: EduFace) {
  const errors: FaceErrorDetail[] = [];
  const logins: FaceLoginDetail[] = [];
  const clockIns: FaceClockIn[] = [];
  const collects: FaceCollectDetail[] = [];
  el.addEventListener('edu-face-error', (event) => errors.push(event.detail));
  el.addEventListener('edu-face-login', (event) => {
    logins.push(event.detail);
    event.preventDefault(); // the test page must not reload
  });
  el.addEventListener('edu-face-clock-in', (event) => clockIns.push(event.detail));
  el.addEventListener('edu-face-collect', (event) => collects.push(event.detail));
  return { errors, logins, clockIns, collects };
}

describe('<edu-face>', function () {
  this.timeout(60_000);
  let userId = '';

  beforeEach(async () => {
    await switchLanguage('en');
    // Face records are data: reseeded, so every test starts with nobody enrolled.
    expect((await fetch('/api/__test/reseed', { method: 'POST' })).ok).to.equal(true);
    await resetServer();
    // The server's face limits (collections per minute, failed attempts) start afresh too.
    await fetch('/api/__test/face/reset', { method: 'POST' });
    userId = String((await loginAs('teacher1'))['userId']);
  });

  /** Collects the camera's face for the signed-in user through the calls (the password confirmed first). */
  async function enrolDirectly(): Promise<number> {
    expect((await confirmPassword(DEMO_PASSWORD)).status).to.equal(200);
    return (await checkFace(await enrolmentPhoto(), userId)).status;
  }

  const passwordField = (el: EduFace) => el.shadowRoot!.querySelector<HTMLInputElement>('input[type=password]');

  afterEach(async () => {
    fixtureCleanup();
    await logoutServer();
    await switchLanguage('zh-CN');
  });

  it('collect without a userId fails with "userId is not find"', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="collect"></edu-face>`);
    await waitUntil(() => el.phase === 'error', 'the error');
    expect(stage(el).textContent).to.contain('userId is not find');
    expect(live(el)).to.contain('userId is not find');
    await el.updateComplete;
  });

  it('collects: open camera, take photo, save (enabled only with a photo), camera closed, the time shown', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready');
    expect(button(el, 'Save').disabled, 'no photo yet').to.equal(true);
    button(el, 'Open camera').click();
    await waitUntil(() => el.phase === 'live', 'the live view');
    expect(el.cameraOn).to.equal(true);
    const video = el.shadowRoot!.querySelector('video')!;
    await waitUntil(() => video.videoWidth === 640, 'frames from the fake camera');
    expect(el.shadowRoot!.querySelectorAll('.guide i').length, 'four corner guides').to.equal(4);
    await waitUntil(() => !button(el, 'Take photo').disabled, 'take photo enabled once frames arrive');
    button(el, 'Take photo').click();
    await el.updateComplete;
    expect(el.phase).to.equal('photo');
    expect(el.cameraOn, 'camera off with the photo taken').to.equal(false);
    expect(button(el, 'Save').disabled).to.equal(false);
    button(el, 'Save').click();
    // The server wants the password again first: the prompt, focused, the photo kept.
    await waitUntil(() => el.phase === 'password', 'the password prompt', 30_000);
    await el.updateComplete;
    const field = passwordField(el)!;
    expect(el.shadowRoot!.activeElement, 'the field has the focus').to.equal(field);
    expect(el.shadowRoot!.querySelector('label[for=password]')!.textContent!.trim()).to.equal('Password');
    expect(el.shadowRoot!.querySelector('img.photo'), 'the photo stays').to.not.equal(null);
    expect(live(el)).to.contain('enter your password again');
    await expect(el).to.be.accessible();
    // A wrong password: the server's message in the prompt, the field marked invalid, the photo still there.
    field.value = 'not-the-password';
    el.shadowRoot!.querySelector<HTMLButtonElement>('form.password button[type=submit]')!.click();
    await waitUntil(() => !!el.shadowRoot!.querySelector('.password-error'), 'the refusal', 30_000);
    expect(el.shadowRoot!.querySelector('.password-error')!.textContent).to.contain('The password is not correct');
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(field.getAttribute('aria-describedby')).to.equal('password-error');
    expect(el.phase).to.equal('password');
    expect(el.shadowRoot!.querySelector('img.photo')).to.not.equal(null);
    await expect(el).to.be.accessible();
    // The right one: confirmed, then saved.
    field.value = DEMO_PASSWORD;
    field.form!.requestSubmit();
    await waitUntil(() => el.phase === 'done' || el.phase === 'refused', 'the answer', 30_000);
    expect(el.phase, stage(el).textContent!).to.equal('done');
    expect(stage(el).textContent).to.contain('Face collection complete');
    expect(events.collects).to.have.length(1);
    expect(events.collects[0]!.userId).to.equal(userId);
    expect(el.shadowRoot!.querySelector('.time')!.textContent).to.contain('Last collected:');
    const stored = await getFaceRecord(userId);
    expect(stored.data?.registerTime).to.equal(events.collects[0]!.registerTime);

    // A registered user sees the stored photo and is offered retake first.
    const again = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
    await waitUntil(() => again.phase === 'ready', 'ready');
    expect(again.shadowRoot!.querySelector('img.photo'), 'the stored photo').to.not.equal(null);
    const first = again.shadowRoot!.querySelector<HTMLButtonElement>('.actions button')!;
    expect(first.textContent!.trim()).to.equal('Retake');
  });

  it('cancels the password prompt with Escape: back to the photo, which can still be saved', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
    await waitUntil(() => el.phase === 'ready', 'ready');
    await el.uploadPhoto(await (await fetch(SAMPLE)).blob());
    await el.updateComplete;
    button(el, 'Save').click();
    await waitUntil(() => el.phase === 'password', 'the password prompt', 30_000);
    await el.updateComplete;
    const empty = passwordField(el)!;
    empty.form!.requestSubmit();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.password-error')!.textContent).to.contain('Please enter your password');
    empty.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(el.phase).to.equal('photo');
    expect(passwordField(el)).to.equal(null);
    expect(el.shadowRoot!.activeElement, 'focus back on Save').to.equal(button(el, 'Save'));
  });

  it('logs in by face: countdown, tracking in the Worker, automatic capture, edu-face-login as the owner', async () => {
    expect(await enrolDirectly()).to.equal(200);
    await logoutServer();
    const el = await fixture<EduFace>(html`<edu-face mode="login" wait-time="1"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'the detector ready', 30_000);
    button(el, 'Login').click();
    await waitUntil(() => live(el).includes('Recognition starts in 1 s'), 'the countdown announced');
    expect(el.phase).to.equal('countdown');
    expect(stage(el).querySelector('.count')!.textContent).to.equal('1');
    await waitUntil(() => el.phase === 'tracking', 'tracking');
    await waitUntil(
      () => el.phase === 'done' || el.phase === 'refused' || el.phase === 'timeout',
      'the answer',
      30_000,
    );
    expect(el.phase, stage(el).textContent!).to.equal('done');
    expect(events.logins[0]?.user?.loginName).to.equal('teacher1');
    expect(el.cameraOn).to.equal(false);
    expect(el.lastTracking.frames).to.be.greaterThan(8);
    expect(el.lastTracking.captureMs!, 'end of countdown → capture').to.be.lessThan(5000);
  });

  it('clocks in on the signed-in terminal: edu-face-clock-in with the data', async () => {
    expect(await enrolDirectly()).to.equal(200);
    const el = await fixture<EduFace>(html`<edu-face mode="clock-in" wait-time="0"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    button(el, 'OK').click();
    await waitUntil(() => el.phase === 'done' || el.phase === 'refused', 'the answer', 30_000);
    expect(el.phase, stage(el).textContent!).to.equal('done');
    expect(events.clockIns).to.have.length(1);
    expect(events.clockIns[0]!.userId).to.equal(userId);
    expect(events.clockIns[0]!.clockTime).to.be.a('number');
  });

  it('terminal: after each clock-in (name and time shown) takes the next person by itself, camera and Worker kept', async () => {
    expect(await enrolDirectly()).to.equal(200);
    const el = await fixture<EduFace>(
      html`<edu-face mode="clock-in" terminal wait-time="0" result-seconds="0.3"></edu-face>`,
    );
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    const detector = (el as unknown as { detector: unknown }).detector;
    button(el, 'OK').click();
    await waitUntil(() => el.phase === 'done' || el.phase === 'refused', 'the first answer', 30_000);
    expect(el.phase, stage(el).textContent!).to.equal('done');
    const stream = el.shadowRoot!.querySelector('video')!.srcObject;
    expect(stream, 'the live view stays behind the result').to.be.instanceOf(MediaStream);
    expect(stage(el).querySelector('.clock-time')!.textContent).to.match(/^\d\d:\d\d:\d\d$/);
    expect(live(el)).to.contain('clocked in');
    expect(el.cameraOn).to.equal(true);
    await waitUntil(() => events.clockIns.length >= 3, 'two more clock-ins without a click', 60_000);
    expect(events.errors).to.deep.equal([]);
    expect(el.cameraOn).to.equal(true);
    expect(el.shadowRoot!.querySelector('video')!.srcObject, 'the same camera stream').to.equal(stream);
    expect((el as unknown as { detector: unknown }).detector, 'the same detection Worker').to.equal(detector);
    expect(el.clockIns).to.be.at.least(3);
    el.remove();
    expect(el.cameraOn, 'stopped on disconnect').to.equal(false);
  });

  it('terminal: a refusal shows its message, then the camera takes the next person, still on', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="clock-in" terminal wait-time="0"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    // Nobody enrolled: every capture is refused; the terminal goes back to the camera after each message.
    el.resultSeconds = 0.2;
    button(el, 'OK').click();
    await waitUntil(() => events.errors.length >= 2, 'two refusals or more, one after the other', 60_000);
    expect(events.errors.every((e) => e.kind === 'refused')).to.equal(true);
    expect(el.cameraOn).to.equal(true);
  });

  it('a second face login after a success starts again from the same screen', async () => {
    expect(await enrolDirectly()).to.equal(200);
    await logoutServer();
    const el = await fixture<EduFace>(html`<edu-face mode="login" wait-time="0"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    button(el, 'Login').click();
    await waitUntil(() => events.logins.length === 1, 'the first login', 30_000);
    await logoutServer();
    button(el, 'Login').click();
    await waitUntil(() => events.logins.length === 2, 'the second login', 30_000);
    button(el, 'Cancel').click();
    await el.updateComplete;
    expect(el.phase).to.equal('ready');
  });

  it('reports nothing when removed while its detector loads (a host that swaps the element)', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="clock-in"></edu-face>`);
    const events = record(el);
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events.errors).to.deep.equal([]);
  });

  it('joins Chinese sentences with 。 and others with ". "', () => {
    expect(joinSentences('人脸检测超时，点击重试', '请在 15 秒内正对识别区域 2 秒以上')).to.equal(
      '人脸检测超时，点击重试。请在 15 秒内正对识别区域 2 秒以上',
    );
    expect(joinSentences('人臉檢測超時！', '請重試')).to.equal('人臉檢測超時！請重試');
    expect(joinSentences('Timed out, click to retry', 'Face the area')).to.equal(
      'Timed out, click to retry. Face the area',
    );
    expect(joinSentences('Done.', 'Next')).to.equal('Done. Next');
  });

  it('shows a refusal in the camera area with click to retry; the retry opens the camera again', async () => {
    // Nobody enrolled: the server does not recognise the face.
    await logoutServer();
    const el = await fixture<EduFace>(html`<edu-face mode="login" wait-time="0"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    button(el, 'Login').click();
    await waitUntil(
      () => !['ready', 'opening', 'countdown', 'tracking', 'sending'].includes(el.phase),
      'the end',
      30_000,
    );
    expect(el.phase, stage(el).textContent!).to.equal('refused');
    const retry = stage(el).querySelector<HTMLButtonElement>('button.retry')!;
    expect(retry.textContent).to.contain('Click to retry');
    expect(events.errors[0]!.kind).to.equal('refused');
    expect(retry.textContent).to.contain(events.errors[0]!.message);
    expect(events.logins).to.have.length(0);
    retry.click();
    await waitUntil(() => el.phase === 'tracking' || el.phase === 'countdown', 'the camera again');
    expect(el.cameraOn).to.equal(true);
  });

  it('times out with the retry state and its hint; the camera stops on disconnect', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="login" wait-time="0" timeout="0.1"></edu-face>`);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    button(el, 'Login').click();
    await waitUntil(() => el.phase === 'timeout', 'the timeout');
    expect(stage(el).textContent).to.contain(faceText('faceTimeout'));
    expect(stage(el).textContent).to.contain(faceText('faceTimeoutHint'));
    expect(el.cameraOn).to.equal(false);
    el.timeout = 15;
    stage(el).querySelector<HTMLButtonElement>('button.retry')!.click();
    await waitUntil(() => el.cameraOn, 'the camera again');
    el.remove();
    expect(el.cameraOn, 'stopped on disconnect').to.equal(false);
  });

  it('stops the camera when the page is hidden', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
    await waitUntil(() => el.phase === 'ready', 'ready');
    await el.open();
    expect(el.cameraOn).to.equal(true);
    // Headless Chromium's page is never hidden by itself: the state is set, the browser's own event dispatched.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    expect(el.cameraOn).to.equal(false);
    await el.updateComplete;
    expect(el.phase).to.equal('ready');
  });

  it('says there is no camera when the camera cannot be opened', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="login" camera-id="no-such-camera"></edu-face>`);
    const events = record(el);
    await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
    button(el, 'Login').click();
    await waitUntil(() => el.phase === 'no-camera', 'no camera');
    expect(stage(el).textContent).to.contain('No camera device detected on this device');
    expect(events.errors.map((e) => e.kind)).to.deep.equal(['no-camera']);
  });

  it('takes an uploaded photo (compressed) as the photo to save', async () => {
    const el = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
    await waitUntil(() => el.phase === 'ready', 'ready');
    const file = await (await fetch(SAMPLE)).blob();
    await el.uploadPhoto(file);
    await el.updateComplete;
    expect(el.phase).to.equal('photo');
    const img = el.shadowRoot!.querySelector<HTMLImageElement>('img.photo')!;
    await img.decode();
    expect(Math.max(img.naturalWidth, img.naturalHeight), 'at most 500 px').to.be.at.most(500);
    expect(getComputedStyle(img).objectFit, 'the square photo shown whole, not cropped').to.equal('contain');
    expect(button(el, 'Save').disabled).to.equal(false);
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`passes axe in ${lang}: ready, live camera, timed out`, async () => {
      await switchLanguage(lang);
      const el = await fixture<EduFace>(html`<edu-face mode="login" wait-time="0" timeout="0.1"></edu-face>`);
      await waitUntil(() => el.phase === 'ready', 'ready', 30_000);
      await expect(el).to.be.accessible();
      el.shadowRoot!.querySelector<HTMLButtonElement>('.actions button.primary')!.click();
      await waitUntil(() => el.phase === 'timeout', 'the timeout');
      await expect(el).to.be.accessible();
      const collect = await fixture<EduFace>(html`<edu-face mode="collect" user-id=${userId}></edu-face>`);
      await waitUntil(() => collect.phase === 'ready', 'ready');
      collect.shadowRoot!.querySelector<HTMLButtonElement>('.actions button.primary')!.click();
      await waitUntil(() => collect.phase === 'live', 'live');
      await expect(collect).to.be.accessible();
    });
  }
});
