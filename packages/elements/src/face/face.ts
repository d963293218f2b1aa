import { html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import { envelopeMessage } from '@edu-portal/core/http/envelope.ts';
import { confirmPassword, FRESH_CREDENTIAL_REQUIRED } from '@edu-portal/core/auth/api.ts';
import { FACE_CAPTURE_TIMEOUT_MS, FACE_WAIT_TIME_S } from '@edu-portal/core/constants.ts';
import {
  checkFace,
  clockInWithFace,
  faceImageSrc,
  faceWireMode,
  getFaceRecord,
  loginWithFace,
  type FaceClockIn,
  type FaceMode,
} from '@edu-portal/core/face/api.ts';
import { cameraAllowed, captureSize, createCaptureTracker, guideBox } from '@edu-portal/core/face/capture.ts';
import { createFaceDetector, type FaceDetector } from '@edu-portal/core/face/detector.ts';
import { blobToBase64, compressImage } from '@edu-portal/core/upload/image.ts';
import type { WireUser } from '@edu-portal/core/session/wire.ts';
import { EduElement } from '../internal/edu-element.ts';
import { faceStyles } from './face.styles.ts';
import { faceText } from '@edu-portal/core/face/texts.ts';
import { joinSentences } from '../internal/sentences.ts';

/**
 * What the face screen is doing (spec part 2 §4 "Face component"): `initialising` (the stored photo, the detector),
 * `ready`, `opening` (asking for the camera), `live` (collect: the camera runs, take a photo), `photo` (collect: a
 * photo taken), `password` (collect: the server asks for the password again before it saves; the photo is kept),
 * `countdown`, `tracking`, `sending` (the call), `done`, `refused` (the server's message, click to retry), `timeout`
 * (click to retry), `no-camera`, `error` (no userId, or the detector could not load).
 */
export type FacePhase =
  | 'initialising'
  | 'ready'
  | 'opening'
  | 'live'
  | 'photo'
  | 'password'
  | 'countdown'
  | 'tracking'
  | 'sending'
  | 'done'
  | 'refused'
  | 'timeout'
  | 'no-camera'
  | 'error';

export interface FaceLoginDetail {
  /** The signed-in user as the login answer gave it. */
  user: WireUser | null;
}
export interface FaceCollectDetail {
  userId: string;
  registerTime: number | null;
}
export interface FaceErrorDetail {
  kind: 'no-user-id' | 'no-camera' | 'detector' | 'refused' | 'timeout';
  message: string;
}
export type EduFaceLoginEvent = CustomEvent<FaceLoginDetail>;
export type EduFaceClockInEvent = CustomEvent<FaceClockIn>;
export type EduFaceCollectEvent = CustomEvent<FaceCollectDetail>;
export type EduFaceErrorEvent = CustomEvent<FaceErrorDetail>;

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` in local time. */
function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** `HH:mm:ss` in local time (a clock-in). */
function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The browser's camera failures that mean "no usable camera" (spec §8: no camera or permission denied). */
class CameraUnavailable extends Error {}

/**
 * The face screen of spec part 2 §2 "Face screen", §4 "Face component": collect (enrol) a face photo,
 * log in by face, or clock in by face (`orther`, alias `clock-in`). Login and clock-in open the camera, count down
 * `wait-time` seconds, then detect faces off the main thread (core `createFaceDetector`, a Worker) and capture once
 * the face sits on the centre guide in more than 8 consecutive detections; no capture within `timeout` seconds
 * shows "face detection timed out, click to retry". Collect takes a photo by hand, and saves it with `face/check`;
 * when the server asks for a fresh credential first (`fresh_credential_required`), a password prompt takes the
 * photo's place under it, confirms the password (`confirm_password`) and saves; a wrong password shows the
 * server's message in the prompt and keeps the photo.
 * The camera stops when the element closes, disconnects or the page is hidden. On a page that is neither https nor
 * localhost a photo upload replaces the camera.
 *
 * @summary Face collect, face login and face clock-in.
 * @tagname edu-face
 *
 * @fires {EduFaceLoginEvent} edu-face-login - Face login succeeded (the session is in force); cancelable: unless cancelled the page
 *   reloads, as the spec does.
 * @fires {EduFaceClockInEvent} edu-face-clock-in - Face clock-in recorded: the clock-in as the server answered it.
 * @fires {EduFaceCollectEvent} edu-face-collect - The face photo was saved (`userId`, `registerTime`).
 * @fires {EduFaceErrorEvent} edu-face-error - No camera, no userId, the detector failed, a refusal or a timeout (`kind`, `message`).
 * @fires {CustomEvent<undefined>} edu-face-close - The close or cancel button was pressed (the camera is already off).
 *
 * @csspart base - The whole screen.
 * @csspart stage - The camera area (video, photo, messages).
 * @csspart video - The live camera view.
 * @csspart photo - The stored or taken photo.
 * @csspart message - A message in the camera area.
 * @csspart actions - The row of buttons.
 *
 * @cssprop [--edu-face-size=320px] - Side of the camera area.
 * @cssprop [--edu-face-guide-color=#67c23a] - Colour of the corner guides.
 */
export class EduFace extends EduElement {
  static override styles = faceStyles;

  /** `collect`, `login`, or `orther` (clock-in; `clock-in` is accepted). */
  @property({ reflect: true }) mode: FaceMode = 'login';
  /** The user whose face is collected (collect mode). */
  @property({ attribute: 'user-id' }) userId = '';
  /** Countdown before tracking, seconds (spec: 3). */
  @property({ attribute: 'wait-time', type: Number }) waitTime = FACE_WAIT_TIME_S;
  /** Auto-capture timeout, seconds (spec: 15). */
  @property({ type: Number }) timeout = FACE_CAPTURE_TIMEOUT_MS / 1000;
  /** A camera's deviceId (a terminal with several cameras); empty: the default, facing the user. */
  @property({ attribute: 'camera-id' }) cameraId = '';
  /** Where the detector's model and wasm files are served (core `setFaceAssetsBase` when empty). */
  @property({ attribute: 'assets-base' }) assetsBase = '';
  /**
   * Clock-in terminal (clock-in mode): after each result the name and time (or the refusal) stay for
   * `result-seconds`, then the element counts down and tracks the next person by itself; the camera and the detection
   * Worker stay on, and a timeout with nobody in view simply tracks on.
   */
  @property({ type: Boolean, reflect: true }) terminal = false;
  /** Terminal: how long a result stays before the camera takes the next person, seconds. */
  @property({ attribute: 'result-seconds', type: Number }) resultSeconds = 3;

  @state() phase: FacePhase = 'initialising';
  @state() private message = '';
  @state() private count = 0;
  @state() private storedPhoto = '';
  @state() private registerTime: number | null = null;
  @state() private photo = '';
  @state() private announcement = '';
  /** The live view shows frames (a photo taken before would be black). */
  @state() private streaming = false;
  /** The password prompt's error (the server's message), and whether its check is under way. */
  @state() private passwordError = '';
  @state() private confirming = false;
  /** Clock-in: the time of the last clock-in, shown with the name. */
  @state() private clockTime = '';

  @query('video') private video!: HTMLVideoElement | null;
  @query('#password') private passwordInput!: HTMLInputElement | null;
  @query('input[type=file]') private fileInput!: HTMLInputElement | null;

  private stream: MediaStream | null = null;
  private detector: FaceDetector | null = null;
  /** Bumped by every start and stop: a stale loop or call sees it changed and stops. */
  private run = 0;
  private countdownTimer: ReturnType<typeof setInterval> | null = null;
  /** Terminal: the timer that takes the next person after a result. */
  private nextTimer: ReturnType<typeof setTimeout> | null = null;
  /** Terminal: results shown since the element started (for hosts and benchmarks). */
  clockIns = 0;
  /** Frames detected in the last tracking run, and the time from the end of the countdown to the capture (ms). */
  lastTracking: { frames: number; captureMs: number | null } = { frames: 0, captureMs: null };

  private get wireMode() {
    return faceWireMode(this.mode) ?? 'login';
  }

  private get insecure() {
    return !cameraAllowed(location);
  }

  /** A clock-in terminal with a camera: results return to the camera by themselves. */
  private get terminalMode() {
    return this.terminal && this.wireMode === 'orther' && !this.insecure;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('visibilitychange', this.onVisibility);
    // Back in the page after a disconnect: start again (the first time, willUpdate does).
    if (this.hasUpdated) void this.initialise();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.stopCamera();
    this.detector?.close();
    this.detector = null;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('mode') || changed.has('userId')) void this.initialise();
  }

  protected override updated(): void {
    if (this.video && this.stream && this.video.srcObject !== this.stream) {
      this.video.srcObject = this.stream;
      void this.video.play().catch(() => undefined);
    }
  }

  /** Loads what the mode needs: the stored photo (collect) or the detector (login, clock-in). */
  private async initialise(): Promise<void> {
    const run = ++this.run;
    this.stopCamera();
    this.phase = 'initialising';
    this.message = '';
    this.photo = '';
    this.announce(faceText('faceInitialising'));
    if (this.wireMode === 'collect') {
      if (!this.userId) return this.fail('error', 'no-user-id', faceText('faceNoUserId'));
      const record = await getFaceRecord(this.userId).catch(() => null);
      if (run !== this.run) return;
      this.storedPhoto = faceImageSrc(record?.data?.faceImage);
      this.registerTime = record?.data?.registerTime ?? null;
    } else if (!this.insecure) {
      try {
        this.detector ??= createFaceDetector(this.assetsBase ? { assetsBase: this.assetsBase } : {});
        await this.detector.ready;
      } catch (error) {
        // Closed because the element left the page (a host that swaps it): nothing failed, nobody is told.
        if (run !== this.run || !this.isConnected) return;
        this.detector?.close();
        this.detector = null;
        return this.fail(
          'error',
          'detector',
          msg('人脸识别无法加载，请刷新页面重试', { id: 'face.detectorFailed' }),
          error,
        );
      }
      if (run !== this.run) return;
    }
    this.phase = 'ready';
    this.announce(this.insecure ? faceText('faceInsecure') : '');
  }

  /** Opens the camera: collect shows the live view; login and clock-in count down, then track. */
  async open(): Promise<void> {
    if (this.phase === 'initialising' || this.phase === 'error') return;
    if (this.insecure) return this.pickPhoto();
    const run = ++this.run;
    this.stopCamera();
    this.phase = 'opening';
    this.message = '';
    this.photo = '';
    try {
      this.stream = await this.getCamera();
    } catch (error) {
      if (run !== this.run) return;
      return this.fail('no-camera', 'no-camera', faceText('faceNoCamera'), error);
    }
    if (run !== this.run) {
      this.stream.getTracks().forEach((track) => track.stop());
      this.stream = null;
      return;
    }
    this.phase = this.wireMode === 'collect' ? 'live' : 'countdown';
    await this.updateComplete;
    await this.videoReady();
    if (run !== this.run) return;
    this.streaming = true;
    if (this.wireMode === 'collect') {
      this.announce(msg('摄像头已打开，请正对摄像头后拍照', { id: 'face.cameraOpen' }));
      return;
    }
    this.startCountdown(run);
  }

  private async getCamera(): Promise<MediaStream> {
    if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailable('no mediaDevices');
    const video: MediaTrackConstraints = this.cameraId
      ? { deviceId: { exact: this.cameraId }, width: 640, height: 480 }
      : { facingMode: 'user', width: 640, height: 480 };
    try {
      return await navigator.mediaDevices.getUserMedia({ video, audio: false });
    } catch (error) {
      // NotFoundError, OverconstrainedError, NotAllowedError, NotReadableError: no usable camera (spec §8).
      throw new CameraUnavailable(String(error));
    }
  }

  private videoReady(): Promise<void> {
    const video = this.video;
    if (!video || video.readyState >= 2) return Promise.resolve();
    return new Promise((resolve) => {
      video.addEventListener('loadeddata', () => resolve(), { once: true });
      setTimeout(resolve, 3000);
    });
  }

  private startCountdown(run: number): void {
    const started = performance.now();
    const total = Math.max(0, this.waitTime);
    this.count = Math.ceil(total);
    this.phase = 'countdown';
    if (this.count > 0) this.announce(msg(str`${this.count} 秒后开始识别，请正对摄像头`, { id: 'face.countdown' }));
    const tick = () => {
      if (run !== this.run) return;
      const left = total - (performance.now() - started) / 1000;
      const count = Math.max(0, Math.ceil(left));
      if (count !== this.count) {
        this.count = count;
        if (count > 0) this.announce(String(count));
      }
      if (left <= 0) {
        if (this.countdownTimer) clearInterval(this.countdownTimer);
        this.countdownTimer = null;
        void this.track(run);
      }
    };
    this.countdownTimer = setInterval(tick, 100);
    tick();
  }

  /** Detects frame after frame (one in flight at a time) until the tracker captures or times out. */
  private async track(run: number): Promise<void> {
    const detector = this.detector;
    const video = this.video;
    if (!detector || !video) return;
    this.phase = 'tracking';
    this.announce(msg('正在识别，请将脸部对准框内', { id: 'face.tracking' }));
    const tracker = createCaptureTracker({ timeoutMs: this.timeout * 1000 });
    const startedAt = performance.now();
    tracker.start(startedAt);
    this.lastTracking = { frames: 0, captureMs: null };
    for (;;) {
      if (run !== this.run || !this.isConnected) return;
      let box = null;
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (width > 0 && video.readyState >= 2) {
        try {
          box = await detector.detect(await createImageBitmap(video));
          this.lastTracking.frames += 1;
        } catch {
          if (run !== this.run) return;
          box = null;
        }
      } else await new Promise((resolve) => setTimeout(resolve, 50));
      if (run !== this.run) return;
      const verdict = tracker.observe(box, width || 1, height || 1, performance.now());
      if (verdict === 'timeout' && this.terminalMode) {
        // Nobody came: the terminal waits on for the next person.
        tracker.start(performance.now());
        continue;
      }
      if (verdict === 'timeout') {
        this.stopCamera();
        this.run++;
        this.message = faceText('faceTimeout');
        this.fail('timeout', 'timeout', faceText('faceTimeout'));
        return;
      }
      if (verdict === 'capture') {
        const photo = this.capture();
        this.lastTracking.captureMs = performance.now() - startedAt;
        this.announce(msg('已拍照，正在识别…', { id: 'face.captured' }));
        if (!this.terminalMode) this.stopCamera();
        await this.send(run, photo);
        return;
      }
    }
  }

  /** The current frame as a JPEG data URL at the capture size, cropped from the centre of the video. */
  private capture(): string {
    const video = this.video!;
    const { width, height } = captureSize(screen.width, document.body.clientWidth, document.body.clientHeight);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const sourceWidth = video.videoWidth;
    const sourceHeight = video.videoHeight;
    const scale = Math.max(width / sourceWidth, height / sourceHeight);
    const cropWidth = width / scale;
    const cropHeight = height / scale;
    canvas
      .getContext('2d')!
      .drawImage(
        video,
        (sourceWidth - cropWidth) / 2,
        (sourceHeight - cropHeight) / 2,
        cropWidth,
        cropHeight,
        0,
        0,
        width,
        height,
      );
    return canvas.toDataURL('image/jpeg', 0.9);
  }

  /** Collect: takes the photo from the live view. */
  takePhoto(): void {
    if (this.phase !== 'live' || !this.video || !this.streaming) return;
    this.photo = this.capture();
    this.stopCamera();
    this.phase = 'photo';
    this.announce(msg('已拍照，可以保存或重拍', { id: 'face.photoTaken' }));
  }

  /** Collect: drops the photo and opens the camera again. */
  retake(): Promise<void> {
    this.photo = '';
    return this.open();
  }

  /** Collect: saves the photo (`face/check`). */
  async save(): Promise<void> {
    if (!this.photo || this.phase !== 'photo') return;
    await this.send(++this.run, this.photo);
  }

  /** Stops everything and tells the host (the close or cancel button). */
  close(): void {
    this.run++;
    this.stopCamera();
    if (this.phase !== 'initialising' && this.phase !== 'error') this.phase = 'ready';
    this.message = '';
    this.photo = '';
    this.emit('edu-face-close', undefined);
  }

  /** Insecure origin: a picked photo, compressed (quality 0.8, at most 500 × 500), goes where a capture would. */
  async uploadPhoto(file: Blob): Promise<void> {
    const run = ++this.run;
    const compressed = await compressImage(file);
    const photo = `data:${compressed.type || 'image/jpeg'};base64,${await blobToBase64(compressed)}`;
    if (run !== this.run) return;
    if (this.wireMode === 'collect') {
      this.photo = photo;
      this.phase = 'photo';
      this.announce(msg('已选择照片，可以保存', { id: 'face.photoPicked' }));
      return;
    }
    await this.send(run, photo);
  }

  private async send(run: number, photo: string): Promise<void> {
    this.phase = 'sending';
    const mode = this.wireMode;
    let status: number;
    let message: string;
    try {
      if (mode === 'collect') {
        const answer = await checkFace(photo, this.userId);
        if (run !== this.run) return;
        status = answer.status;
        message = envelopeMessage(answer);
        if (status === 403 && answer.code === FRESH_CREDENTIAL_REQUIRED) {
          await this.askPassword();
          return;
        }
        if (status === 200) {
          this.storedPhoto = photo;
          this.registerTime = answer.data?.registerTime ?? Date.now();
          this.photo = '';
          this.phase = 'done';
          this.message = faceText('faceCollected');
          this.announce(this.message);
          this.emit('edu-face-collect', { userId: this.userId, registerTime: this.registerTime });
          return;
        }
      } else if (mode === 'login') {
        const answer = await loginWithFace(photo);
        if (run !== this.run) return;
        status = answer.status;
        message = envelopeMessage(answer);
        if (status === 200) {
          this.phase = 'done';
          this.message = msg('登录成功', { id: 'face.loggedIn' });
          this.announce(this.message);
          if (this.emit('edu-face-login', { user: answer.data }, { cancelable: true })) location.reload();
          return;
        }
      } else {
        const answer = await clockInWithFace(photo);
        if (run !== this.run) return;
        status = answer.status;
        message = envelopeMessage(answer);
        if (status === 200 && answer.data) {
          const who = answer.data.realName || answer.data.userId;
          const time = formatClock(answer.data.clockTime ?? Date.now());
          this.phase = 'done';
          this.message = msg(str`${who} 打卡成功`, { id: 'face.clockedIn' });
          this.clockTime = time;
          this.clockIns += 1;
          this.announce(joinSentences(this.message, time));
          this.emit('edu-face-clock-in', answer.data);
          this.scheduleNext(run);
          return;
        }
      }
    } catch (error) {
      if (run !== this.run) return;
      status = 0;
      message = error instanceof Error ? error.message : String(error);
    }
    const text = message || msg(str`请求失败（${status}）`, { id: 'face.failedStatus' });
    this.fail('refused', 'refused', text);
    if (this.terminalMode) this.scheduleNext(run);
  }

  /** Terminal: after `result-seconds` the camera, still on, takes the next person. */
  private scheduleNext(run: number): void {
    if (!this.terminalMode) return;
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.nextTimer = setTimeout(
      () => {
        this.nextTimer = null;
        if (run !== this.run || !this.isConnected) return;
        this.next();
      },
      Math.max(0, this.resultSeconds) * 1000,
    );
  }

  /** Terminal: back to the camera for the next person (the stream kept when it still runs). */
  private next(): void {
    if (!this.cameraOn || !this.video) {
      void this.open();
      return;
    }
    const run = ++this.run;
    this.message = '';
    this.clockTime = '';
    this.startCountdown(run);
  }

  /** Collect: the server wants the password again before it saves; the photo stays. */
  private async askPassword(): Promise<void> {
    this.phase = 'password';
    this.passwordError = '';
    this.announce(msg('为保护您的账号，请再次输入密码后保存人脸照片', { id: 'face.passwordNeeded' }));
    await this.updateComplete;
    this.passwordInput?.focus();
  }

  /** The prompt's submit: confirms the password, then saves the photo; a refusal stays in the prompt. */
  async confirmPassword(password: string): Promise<void> {
    if (this.phase !== 'password' || this.confirming) return;
    const run = this.run;
    if (!password.trim()) {
      this.passwordError = msg('请输入密码', { id: 'face.passwordEmpty' });
      this.announce(this.passwordError);
      this.passwordInput?.focus();
      return;
    }
    this.confirming = true;
    this.passwordError = '';
    let error = '';
    try {
      const answer = await confirmPassword(password);
      if (answer.status !== 200) error = envelopeMessage(answer);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    } finally {
      this.confirming = false;
    }
    if (run !== this.run || this.phase !== 'password') return;
    if (error) {
      this.passwordError = error;
      this.announce(error);
      await this.updateComplete;
      this.passwordInput?.select();
      this.passwordInput?.focus();
      return;
    }
    if (this.passwordInput) this.passwordInput.value = '';
    this.phase = 'photo';
    await this.send(++this.run, this.photo);
  }

  /** The prompt's cancel (or Escape): back to the photo, which can still be saved. */
  cancelPassword(): void {
    if (this.phase !== 'password') return;
    this.run++;
    this.confirming = false;
    this.passwordError = '';
    this.phase = 'photo';
    void this.updateComplete.then(() =>
      this.shadowRoot?.querySelector<HTMLButtonElement>('.actions button.save')?.focus(),
    );
  }

  private onPasswordSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void this.confirmPassword(this.passwordInput?.value ?? '');
  };

  private onPasswordKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.cancelPassword();
  };

  /** Retry after a refusal or a timeout: collect goes back to its photo or camera, the others open the camera. */
  retry(): void {
    if (this.wireMode === 'collect' && this.photo) {
      this.phase = 'photo';
      this.message = '';
      return;
    }
    if (this.terminalMode) return this.next();
    void this.open();
  }

  /** No camera on this origin: back to the upload state and the file picker opened (retry, retake, start). */
  private pickPhoto(): void {
    this.run++;
    this.message = '';
    if (this.phase !== 'photo' || this.wireMode !== 'collect') this.photo = '';
    this.phase = this.photo ? 'photo' : 'ready';
    // The picker needs the user's gesture, which the click that called this still is.
    this.fileInput?.click();
  }

  private fail(phase: FacePhase, kind: FaceErrorDetail['kind'], message: string, cause?: unknown): void {
    if (cause !== undefined) console.warn('edu-face:', cause);
    // A terminal keeps its camera through a refusal: the next person comes after it.
    if (!(phase === 'refused' && this.terminalMode)) this.stopCamera();
    this.phase = phase;
    this.message = message;
    this.announce(phase === 'timeout' ? joinSentences(message, faceText('faceTimeoutHint')) : message);
    this.emit('edu-face-error', { kind, message });
  }

  private stopCamera(): void {
    this.streaming = false;
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.nextTimer = null;
    if (this.countdownTimer) clearInterval(this.countdownTimer);
    this.countdownTimer = null;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    if (this.video) this.video.srcObject = null;
  }

  /** Whether the camera is running (for hosts and tests). */
  get cameraOn(): boolean {
    return !!this.stream?.getTracks().some((track) => track.readyState === 'live');
  }

  private onVisibility = () => {
    if (document.visibilityState !== 'hidden' || !this.stream) return;
    this.run++;
    this.stopCamera();
    this.phase = this.wireMode === 'collect' && this.photo ? 'photo' : 'ready';
  };

  private announce(text: string): void {
    this.announcement = this.announcement === text ? `${text}\u200b` : text;
  }

  private onFile = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void this.uploadPhoto(file);
  };

  private renderStage() {
    const phase = this.phase;
    const cameraPhases: FacePhase[] = ['opening', 'live', 'countdown', 'tracking'];
    const guide = guideBox(100, 100);
    const stored = this.wireMode === 'collect' && this.storedPhoto && !this.photo && !cameraPhases.includes(phase);
    const retryable = phase === 'refused' || phase === 'timeout';
    return html`<div part="stage" class="stage" data-phase=${phase}>
      ${
        cameraPhases.includes(phase) || this.stream
          ? html`<video part="video" muted playsinline autoplay aria-hidden="true"></video>
              <div class="guide" style="left:${guide.x}%;width:${guide.width}%;top:50%;aspect-ratio:1;translate:0 -50%">
                <i></i><i></i><i></i><i></i>
              </div>`
          : nothing
      }
      ${
        this.photo && !cameraPhases.includes(phase) && !this.stream
          ? html`<img part="photo" class="photo" src=${this.photo} alt=${msg('拍摄的照片', { id: 'face.takenAlt' })} />`
          : nothing
      }
      ${
        stored
          ? html`<img
              part="photo"
              class="photo"
              src=${this.storedPhoto}
              alt=${msg('已采集的人脸照片', { id: 'face.storedAlt' })}
            />`
          : nothing
      }
      ${phase === 'countdown' && this.count > 0 ? html`<span class="count" aria-hidden="true">${this.count}</span>` : nothing}
      ${phase === 'initialising' ? html`<p part="message" class="message">${faceText('faceInitialising')}</p>` : nothing}
      ${phase === 'sending' ? html`<p part="message" class="message">${msg('正在识别…', { id: 'face.sending' })}</p>` : nothing}
      ${phase === 'tracking' ? html`<p part="message" class="message hint">${faceText('faceTimeoutHint')}</p>` : nothing}
      ${
        phase === 'done' || phase === 'no-camera' || phase === 'error'
          ? html`<p part="message" class="message ${phase === 'done' ? 'ok' : 'bad'}">
              ${this.message}${
                phase === 'done' && this.clockTime ? html`<span class="clock-time">${this.clockTime}</span>` : nothing
              }
            </p>`
          : nothing
      }
      ${
        retryable
          ? html`<button part="message" class="message bad retry" type="button" @click=${() => this.retry()}>
              <span>${phase === 'timeout' ? faceText('faceTimeout') : this.message}</span>
              ${
                phase === 'timeout'
                  ? html`<small>${faceText('faceTimeoutHint')}</small>`
                  : html`<small>${faceText('faceRetry')}</small>`
              }
            </button>`
          : nothing
      }
      ${phase === 'ready' && this.insecure ? html`<p part="message" class="message">${faceText('faceInsecure')}</p>` : nothing}
    </div>`;
  }

  private renderActions() {
    const phase = this.phase;
    const collect = this.wireMode === 'collect';
    const closeLabel = collect ? msg('关闭', { id: 'face.close' }) : msg('取消', { id: 'face.cancel' });
    const close = html`<button type="button" class="secondary" @click=${() => this.close()}>${closeLabel}</button>`;
    if (phase === 'initialising' || phase === 'sending') return html`${close}`;
    if (phase === 'password') return this.renderPasswordPrompt();
    if (this.insecure) {
      return html`<label class="upload primary">
          ${msg('上传照片', { id: 'face.upload' })}
          <input type="file" accept="image/*" @change=${this.onFile} />
        </label>
        ${
          collect && this.photo
            ? html`<button type="button" class="primary" @click=${() => void this.save()}>
                ${msg('保存', { id: 'face.save' })}
              </button>`
            : nothing
        }
        ${close}`;
    }
    if (collect) {
      const busy = phase === 'opening' || phase === 'live';
      const openLabel =
        this.storedPhoto || this.photo ? msg('重拍', { id: 'face.retake' }) : msg('打开摄像头', { id: 'face.open' });
      return html`${
        busy
          ? html`<button
              type="button"
              class="primary"
              ?disabled=${phase !== 'live' || !this.streaming}
              @click=${() => this.takePhoto()}
            >
              ${msg('拍照', { id: 'face.take' })}
            </button>`
          : phase !== 'error'
            ? html`<button
                type="button"
                class="${this.photo ? 'secondary' : 'primary'}"
                @click=${() => void this.retake()}
              >
                ${openLabel}
              </button>`
            : nothing
      }
      ${
        phase !== 'error'
          ? html`<button
              type="button"
              class="primary save"
              ?disabled=${!this.photo || phase !== 'photo'}
              @click=${() => void this.save()}
            >
              ${msg('保存', { id: 'face.save' })}
            </button>`
          : nothing
      }
      ${close}`;
    }
    const running = phase === 'opening' || phase === 'countdown' || phase === 'tracking';
    const startLabel = this.wireMode === 'login' ? msg('登录', { id: 'face.login' }) : msg('确定', { id: 'face.ok' });
    const start = () => (this.terminalMode && this.cameraOn ? this.next() : void this.open());
    return html`${
      phase === 'error'
        ? nothing
        : html`<button type="button" class="primary" ?disabled=${running} @click=${start}>${startLabel}</button>`
    }
    ${close}`;
  }

  /** The password prompt (collect, when the server asks for a fresh credential): a labelled field, its error. */
  private renderPasswordPrompt() {
    const error = this.passwordError;
    return html`<form
      class="password"
      aria-labelledby="password-title"
      @submit=${this.onPasswordSubmit}
      @keydown=${this.onPasswordKey}
      novalidate
    >
      <p id="password-title" class="password-title">
        ${msg('为保护您的账号，请再次输入密码后保存人脸照片', { id: 'face.passwordNeeded' })}
      </p>
      <label for="password">${msg('密码', { id: 'face.password' })}</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="current-password"
        required
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? 'password-error' : 'password-title'}
        ?disabled=${this.confirming}
      />
      ${error ? html`<p id="password-error" class="password-error">${error}</p>` : nothing}
      <div class="password-actions">
        <button type="submit" class="primary" ?disabled=${this.confirming}>
          ${this.confirming ? msg('正在验证…', { id: 'face.passwordChecking' }) : msg('确认并保存', { id: 'face.passwordConfirm' })}
        </button>
        <button type="button" class="secondary" ?disabled=${this.confirming} @click=${() => this.cancelPassword()}>
          ${msg('取消', { id: 'face.cancel' })}
        </button>
      </div>
    </form>`;
  }

  protected override render() {
    const registered =
      this.wireMode === 'collect' && this.registerTime !== null
        ? html`<p class="time">${faceText('faceLastCollected', { time: formatTime(this.registerTime) })}</p>`
        : nothing;
    return html`<div part="base" class="base" data-mode=${this.wireMode}>
      ${this.renderStage()} ${registered}
      <div part="actions" class="actions">${this.renderActions()}</div>
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-face': EduFace;
  }
  interface HTMLElementEventMap {
    /** `<edu-face>` logged the user in by face (cancelable: cancel it to continue without the reload). */
    'edu-face-login': EduFaceLoginEvent;
    /** `<edu-face>` recorded a clock-in. */
    'edu-face-clock-in': EduFaceClockInEvent;
    /** `<edu-face>` saved a collected face photo. */
    'edu-face-collect': EduFaceCollectEvent;
    /** `<edu-face>` could not go on: no camera, no userId, the detector, a refusal or a timeout. */
    'edu-face-error': EduFaceErrorEvent;
    /** `<edu-face>`'s close or cancel button. */
    'edu-face-close': CustomEvent<undefined>;
  }
}
