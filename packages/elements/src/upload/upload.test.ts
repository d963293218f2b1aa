import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { md5Bytes } from '@edu-portal/core/platform/md5.ts';
import { loginAs, resetServer, serverCalls } from '@edu-portal/core/test-support/server.ts';
import { clearResumeRecords, saveResumeRecord } from '@edu-portal/core/upload/resume.ts';
import { localeReady } from '../internal/localize.ts';
import { waitUntil } from '../internal/test-utils.ts';
import { EduFormDialog, type EduFormSubmitDetail } from '../form-dialog/form-dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import {
  EduUpload,
  type EduUploadErrorDetail,
  type EduUploadProgressDetail,
  type EduUploadSuccessDetail,
} from './upload.ts';

defineElement('edu-upload', EduUpload);
defineElement('edu-form-dialog', EduFormDialog);

/** Random bytes (so the server has never seen them: no second upload by accident). */
function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
  return bytes;
}

function fileOf(bytes: Uint8Array<ArrayBuffer>, name: string): File {
  return new File([bytes], name, { type: 'application/octet-stream', lastModified: 1_700_000_000_000 });
}

/** Picks files as the file dialog would: the input's files set, then `change`. */
function pick(el: EduUpload, files: File[]): void {
  const input = el.shadowRoot!.querySelector<HTMLInputElement>('input.files')!;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function record(el: EduUpload) {
  const successes: EduUploadSuccessDetail[] = [];
  const errors: EduUploadErrorDetail[] = [];
  const progress: EduUploadProgressDetail[] = [];
  el.addEventListener('edu-upload-success', (e) => successes.push(e.detail));
  el.addEventListener('edu-upload-error', (e) => errors.push(e.detail));
  el.addEventListener('edu-upload-progress', (e) => progress.push(e.detail));
  return { successes, errors, progress };
}

const items = (el: EduUpload) => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('li.item'));
const button = (el: EduUpload, label: string) =>
  Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('li.item button')).find(
    (b) => b.getAttribute('aria-label') === label,
  ) ?? null;
const live = (el: EduUpload) => el.shadowRoot!.querySelector('[role=status]')!.textContent!.trim();
const focused = (el: EduUpload) => el.shadowRoot!.activeElement?.getAttribute('aria-label') ?? null;

/** Every text the live region said, in order. */
function liveLog(el: EduUpload): string[] {
  const said: string[] = [];
  const region = el.shadowRoot!.querySelector('[role=status]')!;
  new MutationObserver(() => {
    const text = region.textContent!.trim();
    if (text && said.at(-1) !== text) said.push(text);
  }).observe(region, { subtree: true, childList: true, characterData: true });
  return said;
}

/** Files said done, named ("x 上传完成") or counted ("3 个文件上传完成"). */
function doneCount(said: string[]): number {
  let count = 0;
  for (const text of said) {
    for (const [, n] of text.matchAll(/(\d+) 个文件上传完成/g)) count += Number(n);
    count += [...text.matchAll(/\.pdf 上传完成/g)].length;
  }
  return count;
}

async function uploadHooks(config: Record<string, unknown>): Promise<void> {
  await fetch('/api/__test/upload/config', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config),
  });
}

async function chunkStats(): Promise<{ received: number; chunks: Record<string, number[]> }> {
  const response = await fetch(`/api/__test/upload/stats?_t=${Date.now()}`, { credentials: 'include' });
  return ((await response.json()) as { data: { received: number; chunks: Record<string, number[]> } }).data;
}

async function fetchBack(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'include' });
  expect(response.status).to.equal(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('<edu-upload>', () => {
  before(async () => {
    await resetServer();
    await loginAs('teacher1');
  });

  beforeEach(async () => {
    setLanguage('zh-CN');
    await localeReady();
    await uploadHooks({
      chunkFailRate: 0,
      chunkDropRate: 0,
      chunkDelayMs: 0,
      maxFileBytes: null,
      userMaxBytes: null,
      userMaxFiles: null,
      userMaxPendingSets: null,
    });
    clearResumeRecords();
  });

  afterEach(() => fixtureCleanup());

  it('uploads a small file in one request: md5 as computed independently, bytes fetched back, value and live region', async () => {
    // Core's upload engine loads with the first file, not with the element (the size budgets; this test runs first).
    const engineLoaded = () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/core/src/upload/upload.ts'));
    const el = await fixture<EduUpload>(html`<edu-upload name="files"></edu-upload>`);
    expect(engineLoaded(), 'the engine before any file').to.equal(false);
    const events = record(el);
    const bytes = randomBytes(10_000);
    pick(el, [fileOf(bytes, 'notes.pdf')]);
    await waitUntil(() => events.successes.length === 1, 'success', 15000);
    expect(engineLoaded(), 'the engine with the first file').to.equal(true);
    const { md5, data, instant, file } = events.successes[0]!;
    expect(md5).to.equal(md5Bytes(bytes));
    expect(file.name).to.equal('notes.pdf');
    expect(instant).to.equal(false);
    const stored = data as { id: string; url: string; md5: string };
    expect(stored.md5).to.equal(md5);
    expect(md5Bytes(await fetchBack(stored.url))).to.equal(md5);
    await el.updateComplete;
    expect(el.value).to.equal(stored.id);
    expect(el.files.map((f) => f.id)).to.deep.equal([stored.id]);
    const bar = el.shadowRoot!.querySelector('[role=progressbar]')!;
    expect(bar.getAttribute('aria-valuenow')).to.equal('100');
    expect(bar.getAttribute('aria-label')).to.equal('notes.pdf');
    expect(items(el)[0]!.textContent).to.contain('已完成');
    // Hashing came first, then the upload.
    const states = events.progress.map((p) => p.state);
    expect(states.indexOf('hashing')).to.be.greaterThan(-1);
    expect(states.indexOf('hashing')).to.be.lessThan(states.indexOf('done'));
    await waitUntil(() => live(el).endsWith('notes.pdf 上传完成'), 'announcement');
  });

  it('uploads a multi-chunk file (64 KB chunks): every chunk sent once, md5 and bytes identical; a second upload is instant', async () => {
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536" multiple></edu-upload>`);
    const events = record(el);
    const bytes = randomBytes(200 * 1024 + 5);
    const expected = md5Bytes(bytes);
    pick(el, [fileOf(bytes, 'lesson.mp4')]);
    await waitUntil(() => events.successes.length === 1, 'success', 20000);
    expect(events.successes[0]!.md5).to.equal(expected);
    // Sent while hashing (the reference server offers it): the chunks go under an upload id, each once.
    const sets = Object.values((await chunkStats()).chunks);
    expect(sets).to.have.length(1);
    expect([...sets[0]!].sort()).to.deep.equal([1, 2, 3, 4]);
    const stored = events.successes[0]!.data as { url: string };
    expect(md5Bytes(await fetchBack(stored.url))).to.equal(expected);
    // Progress counted hashing bytes, then uploaded bytes, up to the whole file.
    expect(events.progress.some((p) => p.state === 'uploading' && p.loaded > 0 && p.loaded < p.total)).to.equal(true);

    pick(el, [fileOf(bytes, 'lesson-again.mp4')]);
    await waitUntil(() => events.successes.length === 2, 'second success', 15000);
    expect(events.successes[1]!.instant).to.equal(true);
    expect(events.successes[1]!.md5).to.equal(expected);
    await el.updateComplete;
    expect(items(el)[1]!.textContent).to.contain('秒传');
  });

  it('refuses a .exe and an over-size file before sending anything, with the core messages', async () => {
    const el = await fixture<EduUpload>(html`<edu-upload max-size="1000" multiple></edu-upload>`);
    const events = record(el);
    const before = await serverCalls();
    pick(el, [fileOf(randomBytes(10), 'setup.exe'), fileOf(randomBytes(2000), 'big.pdf')]);
    await el.updateComplete;
    expect(events.errors.map((e) => e.kind)).to.deep.equal(['type not allowed', 'size exceeds limit']);
    expect(events.errors[1]!.message).to.equal('文件大小超出限制');
    const rows = items(el);
    expect(rows[0]!.textContent).to.contain(events.errors[0]!.message);
    expect(rows[1]!.textContent).to.contain('文件大小超出限制');
    // Refusals have no bar and no retry, only remove.
    expect(el.shadowRoot!.querySelectorAll('[role=progressbar]').length).to.equal(0);
    expect(button(el, '重试 setup.exe')).to.equal(null);
    expect(button(el, '移除 setup.exe')).to.not.equal(null);
    const after = await serverCalls();
    const storageCalls = Object.keys(after).filter((k) => k.includes('storage') && after[k] !== before[k]);
    expect(storageCalls).to.deep.equal([]);
    expect(events.successes.length).to.equal(0);
  });

  it('shows the server’s quota refusal in the language in force, without a retry button', async () => {
    // The quota of uploads in progress: no chunked upload may begin, so the first chunk is refused.
    await uploadHooks({ userMaxPendingSets: 0 });
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536"></edu-upload>`);
    const events = record(el);
    pick(el, [fileOf(randomBytes(3 * 65536), 'quota.mp4')]);
    await waitUntil(() => events.errors.length === 1, 'refusal', 15000);
    expect(events.errors[0]!.kind).to.equal('quota exceeded');
    const expected: Record<Lang, string> = {
      'zh-CN': '存储空间已达上限（或同时上传的文件过多），请删除不用的文件或稍后再试',
      en: 'Your storage is full (or too many uploads are in progress): delete files you no longer need or try again later',
      'zh-HK': '儲存空間已達上限（或同時上傳的檔案過多），請刪除不用的檔案或稍後再試',
    };
    expect(events.errors[0]!.message).to.equal(expected['zh-CN']);
    for (const lang of ['en', 'zh-HK', 'zh-CN'] as const) {
      setLanguage(lang);
      await localeReady();
      el.requestUpdate();
      await el.updateComplete;
      expect(items(el)[0]!.textContent, lang).to.contain(expected[lang]);
    }
    expect(button(el, '重试 quota.mp4')).to.equal(null);
    expect(events.successes.length).to.equal(0);
  });

  it('queues dropped files (a drop made by a script has no folder entries: its files are taken), one without multiple', async () => {
    for (const multiple of [true, false]) {
      const el = await fixture<EduUpload>(html`<edu-upload max-size="1000" ?multiple=${multiple}></edu-upload>`);
      const events = record(el);
      const transfer = new DataTransfer();
      transfer.items.add(fileOf(randomBytes(10), 'tool.exe'));
      transfer.items.add(fileOf(randomBytes(2000), 'video.mp4'));
      const zone = el.shadowRoot!.querySelector('[part=drop-zone]')!;
      const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true });
      zone.dispatchEvent(drop);
      expect(drop.defaultPrevented).to.equal(true);
      await waitUntil(() => events.errors.length === (multiple ? 2 : 1), 'refusals');
      await el.updateComplete;
      expect(items(el).map((row) => row.querySelector('.name')!.textContent)).to.deep.equal(
        multiple ? ['tool.exe', 'video.mp4'] : ['tool.exe'],
      );
      expect(events.errors.map((e) => e.kind)).to.deep.equal(
        multiple ? ['type not allowed', 'size exceeds limit'] : ['type not allowed'],
      );
    }
  });

  it('pauses and resumes a chunked upload, which completes identical; cancel and remove empty the queue', async () => {
    await uploadHooks({ chunkDelayMs: 150 });
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536" concurrency="1"></edu-upload>`);
    const events = record(el);
    const bytes = randomBytes(640 * 1024);
    pick(el, [fileOf(bytes, 'video.mov')]);
    await waitUntil(() => events.progress.some((p) => p.state === 'uploading'), 'uploading', 15000);
    await el.updateComplete;
    button(el, '暂停 video.mov')!.click();
    await waitUntil(() => el.shadowRoot!.querySelector('li.item')?.getAttribute('data-state') === 'paused', 'paused');
    expect(items(el)[0]!.textContent).to.contain('已暂停');
    // A chunk request cancelled by the pause may still reach the server a moment later: count after that.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pausedAt = (await chunkStats()).received;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await chunkStats()).received).to.equal(pausedAt);
    button(el, '继续 video.mov')!.click();
    await waitUntil(() => events.successes.length === 1, 'success after resume', 20000);
    expect(events.successes[0]!.md5).to.equal(md5Bytes(bytes));
    expect(md5Bytes(await fetchBack((events.successes[0]!.data as { url: string }).url))).to.equal(md5Bytes(bytes));

    // Cancel a second one in flight, then remove both rows.
    pick(el, [fileOf(randomBytes(640 * 1024), 'other.mov')]);
    await waitUntil(() => !!button(el, '取消 other.mov'), 'cancel button', 15000);
    button(el, '取消 other.mov')!.click();
    await waitUntil(() => items(el)[1]?.getAttribute('data-state') === 'aborted', 'aborted');
    expect(items(el)[1]!.textContent).to.contain('已取消');
    button(el, '移除 other.mov')!.click();
    await el.updateComplete;
    expect(items(el).length).to.equal(1);
    expect(el.value).to.not.equal('');
    button(el, '移除 video.mov')!.click();
    await el.updateComplete;
    expect(items(el).length).to.equal(0);
    expect(el.value).to.equal('');
  });

  it('offers to resume a file with a resume record, and sends only what the server lacks', async () => {
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536"></edu-upload>`);
    const events = record(el);
    const bytes = randomBytes(300 * 1024);
    const file = fileOf(bytes, 'recording.webm');
    saveResumeRecord(file, md5Bytes(bytes));
    pick(el, [file]);
    await el.updateComplete;
    expect(items(el)[0]!.getAttribute('data-state')).to.equal('idle');
    expect(items(el)[0]!.textContent).to.contain('上次未传完，可继续上传');
    expect(events.progress.every((p) => p.state === 'idle')).to.equal(true);
    button(el, '继续上传 recording.webm')!.click();
    await waitUntil(() => events.successes.length === 1, 'success', 15000);
    expect(events.successes[0]!.md5).to.equal(md5Bytes(bytes));
  });

  it('shows on a resume offer how much the server already holds (as after a reload)', async () => {
    await uploadHooks({ chunkDelayMs: 100 });
    const first = await fixture<EduUpload>(html`<edu-upload chunk-size="65536" concurrency="1"></edu-upload>`);
    const events = record(first);
    const file = fileOf(randomBytes(640 * 1024), 'lecture.mkv');
    pick(first, [file]);
    await waitUntil(() => events.progress.some((p) => p.state === 'uploading' && p.loaded >= 4 * 65536), 'sent', 15000);
    button(first, '暂停 lecture.mkv')!.click();
    await waitUntil(() => items(first)[0]?.dataset['state'] === 'paused', 'paused');
    const held = events.progress.at(-1)!.loaded;

    const again = await fixture<EduUpload>(html`<edu-upload chunk-size="65536"></edu-upload>`);
    pick(again, [file]);
    const percent = () => Number(again.shadowRoot!.querySelector('[part=progress]')?.getAttribute('aria-valuenow'));
    await waitUntil(() => percent() > 0, 'the offer knows what the server holds', 10000);
    expect(items(again)[0]!.dataset['state']).to.equal('idle');
    expect(items(again)[0]!.textContent).to.contain('上次未传完，可继续上传');
    // A chunk cancelled by the pause may still have reached the server.
    expect(percent()).to.be.within(
      Math.floor((held / file.size) * 100),
      Math.floor(((held + 65536) / file.size) * 100),
    );
  });

  it('is operable with the keyboard: Enter on the file button opens the file dialog; Tab reaches the row buttons', async () => {
    await uploadHooks({ chunkDelayMs: 300 });
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536" concurrency="1"></edu-upload>`);
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('input.files')!;
    let opened = 0;
    input.addEventListener('click', (e) => {
      opened++;
      e.preventDefault();
    });
    const pickButton = el.shadowRoot!.querySelector<HTMLButtonElement>('[part=pick]')!;
    expect(pickButton.localName).to.equal('button');
    pickButton.focus();
    await sendKeys({ press: 'Enter' });
    expect(opened).to.equal(1);
    await sendKeys({ press: 'Space' });
    expect(opened).to.equal(2);

    pick(el, [fileOf(randomBytes(640 * 1024), 'slides.pptx')]);
    await waitUntil(() => !!button(el, '暂停 slides.pptx'), 'pause button', 15000);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.getAttribute('aria-label')).to.equal('暂停 slides.pptx');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => items(el)[0]?.getAttribute('data-state') === 'paused', 'paused');
    await el.updateComplete;
    // Each button that goes leaves the focus in its row: Pause → Resume → Pause; Cancel → Remove; then the file button.
    expect(focused(el), 'after pause').to.equal('继续 slides.pptx');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => items(el)[0]?.getAttribute('data-state') !== 'paused', 'resumed');
    await el.updateComplete;
    expect(focused(el), 'after resume').to.equal('暂停 slides.pptx');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal('取消 slides.pptx');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => items(el)[0]?.getAttribute('data-state') === 'aborted', 'aborted');
    await el.updateComplete;
    expect(focused(el), 'after cancel').to.equal('移除 slides.pptx');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => items(el).length === 0, 'removed');
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement, 'after remove').to.equal(pickButton);
  });

  it('says every event of a dropped folder, gathered: the files added, the one refused and why, the files done', async () => {
    const el = await fixture<EduUpload>(html`<edu-upload multiple accept=".pdf"></edu-upload>`);
    const said = liveLog(el);
    const events = record(el);
    const pdfs = [1, 2, 3, 4, 5].map((i) => fileOf(randomBytes(1000 + i), `lesson-${i}.pdf`));
    el.addFiles([...pdfs, fileOf(randomBytes(10), 'notes.txt')]);
    await waitUntil(() => events.successes.length === 5, 'five stored', 20000);
    await waitUntil(() => doneCount(said) === 5, `every file done said: ${said.join(' | ')}`);
    const all = said.join(' | ');
    expect(all).to.contain('已添加 5 个文件');
    expect(all).to.match(/notes\.txt 未能添加：.*txt/);
  });

  it('runs at most `concurrency` files at once, the rest waiting their turn', async () => {
    await uploadHooks({ chunkDelayMs: 80 });
    const el = await fixture<EduUpload>(html`<edu-upload multiple chunk-size="65536" concurrency="2"></edu-upload>`);
    const events = record(el);
    const running = new Set<string>();
    let most = 0;
    el.addEventListener('edu-upload-progress', ({ detail }) => {
      if (['hashing', 'checking', 'uploading', 'merging'].includes(detail.state)) running.add(detail.file.name);
      else running.delete(detail.file.name);
      most = Math.max(most, running.size);
    });
    el.addFiles([1, 2, 3, 4, 5, 6].map((i) => fileOf(randomBytes(100 * 1024), `clip-${i}.mp4`)));
    await waitUntil(() => items(el).some((item) => item.dataset['state'] !== 'idle'), 'first started', 15000);
    expect(items(el).filter((item) => item.textContent!.includes('等待上传')).length).to.be.at.least(4);
    await waitUntil(() => events.successes.length === 6, 'all stored', 30000);
    expect(most).to.equal(2);
  });

  it('says its rules before any refusal, and names them to the file button', async () => {
    const el = await fixture<EduUpload>(html`<edu-upload accept=".pdf,.docx" max-size="5242880"></edu-upload>`);
    const rules = () => el.shadowRoot!.querySelector('#rules')!.textContent!.trim();
    expect(rules()).to.equal('可上传：pdf、docx；单个文件不超过 5.0 MB');
    expect(el.shadowRoot!.querySelector('[part=pick]')!.getAttribute('aria-describedby')).to.equal('rules');
    setLanguage('en');
    await localeReady();
    await el.updateComplete;
    expect(rules()).to.equal('Allowed: pdf, docx; at most 5.0 MB per file');
    const open = await fixture<EduUpload>(html`<edu-upload></edu-upload>`);
    expect(open.shadowRoot!.querySelector('#rules')!.textContent).to.match(/^Not accepted: exe, jar, .*jspx$/);
  });

  it('keeps the bar from going back while chunks fail and are sent again, and tells hashing on its own bar', async () => {
    await uploadHooks({ chunkFailRate: 0.3 });
    const el = await fixture<EduUpload>(html`<edu-upload chunk-size="65536" concurrency="3"></edu-upload>`);
    const events = record(el);
    const shown: number[] = [];
    let hashBar = false;
    new MutationObserver(() => {
      const bar = el.shadowRoot!.querySelector('[part=progress]');
      if (bar) shown.push(Number(bar.getAttribute('aria-valuenow')));
      hashBar ||= !!el.shadowRoot!.querySelector('[part=hash-progress]');
    }).observe(el.shadowRoot!, { subtree: true, attributes: true, childList: true });
    pick(el, [fileOf(randomBytes(1280 * 1024), 'assembly.mp4')]);
    await waitUntil(() => events.successes.length === 1, 'stored despite failures', 30000);
    await el.updateComplete;
    expect(shown.at(-1)).to.equal(100);
    for (let i = 1; i < shown.length; i++)
      expect(shown[i], `bar at step ${i}: ${shown.join(',')}`).to.be.at.least(shown[i - 1]!);
    expect(hashBar, 'a hashing bar while the MD5 was computed').to.equal(true);
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as Lang[]) {
    it(`is accessible with a queue showing (${lang})`, async () => {
      setLanguage(lang);
      await localeReady();
      const el = await fixture<EduUpload>(html`<edu-upload multiple directory></edu-upload>`);
      const events = record(el);
      pick(el, [fileOf(randomBytes(3000), `report-${lang}.pdf`), fileOf(randomBytes(10), 'tool.exe')]);
      await waitUntil(() => events.successes.length === 1, 'success', 15000);
      await el.updateComplete;
      expect(items(el).length).to.equal(2);
      if (lang === 'en') {
        expect(items(el)[0]!.textContent).to.contain('Done');
        expect(button(el, 'Remove tool.exe')).to.not.equal(null);
        expect(el.shadowRoot!.querySelector('[part=pick]')!.textContent!.trim()).to.equal('Choose files');
        await waitUntil(
          () => live(el).includes('tool.exe was not added:') || live(el).endsWith('uploaded'),
          'english live',
        );
      }
      if (lang === 'zh-HK') expect(button(el, '移除 tool.exe')).to.not.equal(null);
      await expect(el).to.be.accessible();
    });
  }

  it('works inside <edu-form-dialog>: the submitted values hold the stored file id', async () => {
    const dialog = await fixture<EduFormDialog>(html`
      <edu-form-dialog title="作业">
        <label>标题 <input name="title" value="第一周" /></label>
        <edu-upload name="attachments" aria-label="附件"></edu-upload>
      </edu-form-dialog>
    `);
    const submits: EduFormSubmitDetail[] = [];
    dialog.addEventListener('edu-submit', (e) => {
      submits.push(e.detail);
      e.detail.done(true);
    });
    await dialog.show();
    const el = dialog.querySelector('edu-upload')!;
    const events = record(el);
    pick(el, [fileOf(randomBytes(4000), 'homework.docx')]);
    await waitUntil(() => events.successes.length === 1, 'success', 15000);
    await el.updateComplete;
    const id = (events.successes[0]!.data as { id: string }).id;
    await dialog.submit();
    await waitUntil(() => submits.length === 1, 'edu-submit');
    expect(submits[0]!.values['attachments']).to.equal(id);
    expect(submits[0]!.values['title']).to.equal('第一周');
  });
});
