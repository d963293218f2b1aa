import { expect } from '@open-wc/testing';
import { setLanguage, getLanguage } from '../i18n/language.ts';
import { captureNotices } from '../test-support/server.ts';
import { checkPickedFile, pickFile } from './file-pick.ts';
import { IMAGE_EXTENSIONS } from './patterns.ts';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('file-pick helper (part 2 §5, §8)', () => {
  let capture: ReturnType<typeof captureNotices>;
  const initialLanguage = getLanguage();
  beforeEach(() => (capture = captureNotices()));
  afterEach(() => {
    capture.restore();
    setLanguage(initialLanguage);
  });

  it("warns 'Not find file' when there is no file, in each language", () => {
    expect(checkPickedFile(null, { lang: 'en' })).to.deep.equal({
      ok: false,
      problem: 'missing',
      message: 'Not find file',
      file: null,
    });
    checkPickedFile(undefined, { lang: 'zh-CN' });
    checkPickedFile(undefined, { lang: 'zh-HK' });
    expect(capture.notices).to.deep.equal([
      { type: 'warning', message: 'Not find file' },
      { type: 'warning', message: '未找到文件' },
      { type: 'warning', message: '未找到檔案' },
    ]);
  });

  it("refuses a file over the limit with 'size exceeds limit'; exactly the limit passes", () => {
    const limit = 1024;
    const big = file('a.png', limit + 1);
    const result = checkPickedFile(big, { maxBytes: limit, lang: 'en' });
    expect(result).to.deep.equal({ ok: false, problem: 'too-large', message: 'Size exceeds limit', file: big });
    expect(capture.notices).to.deep.equal([{ type: 'error', message: 'Size exceeds limit' }]);
    const exact = file('a.png', limit);
    expect(checkPickedFile(exact, { maxBytes: limit })).to.deep.equal({ ok: true, file: exact });
    setLanguage('zh-HK');
    expect(checkPickedFile(big, { maxBytes: limit }).ok).to.equal(false);
    expect(capture.notices[1]).to.deep.equal({ type: 'error', message: '檔案大小超出限制' });
    setLanguage('zh-CN');
    checkPickedFile(big, { maxBytes: limit });
    expect(capture.notices[2]).to.deep.equal({ type: 'error', message: '文件大小超出限制' });
  });

  it('refuses the rejected extensions by default, and what an accept list leaves out', () => {
    const exe = checkPickedFile(file('setup.EXE', 10), { lang: 'en' });
    expect(exe.ok).to.equal(false);
    expect(exe.ok === false && exe.problem).to.equal('type-not-allowed');
    expect(exe.ok === false && exe.message).to.equal('Files of this type are not allowed (.exe)');
    expect(checkPickedFile(file('notes.txt', 10), { rejected: [] }).ok).to.equal(true);
    expect(checkPickedFile(file('photo.webp', 10), { accept: IMAGE_EXTENSIONS }).ok).to.equal(false);
    expect(checkPickedFile(file('photo.JPEG', 10), { accept: IMAGE_EXTENSIONS }).ok).to.equal(true);
    expect(checkPickedFile(file('README', 10), { accept: ['.png'] }).ok).to.equal(false);
  });

  it('can stay quiet', () => {
    checkPickedFile(null, { notify: false });
    checkPickedFile(file('a.png', 10), { maxBytes: 1, notify: false });
    expect(capture.notices).to.deep.equal([]);
  });

  it('pickFile opens a file input with the accept list and checks what was chosen', async () => {
    const picked = pickFile({ accept: ['png', '.jpg'], maxBytes: 100, lang: 'en' });
    const input = document.querySelector<HTMLInputElement>('input[data-edu-file-pick]')!;
    expect(input.type).to.equal('file');
    expect(input.accept).to.equal('.png,.jpg');
    expect(input.hidden).to.equal(true);
    const transfer = new DataTransfer();
    transfer.items.add(file('big.png', 200));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    const result = await picked;
    expect(result.ok).to.equal(false);
    expect(result.ok === false && result.problem).to.equal('too-large');
    expect(document.querySelector('input[data-edu-file-pick]')).to.equal(null);
  });

  it('pickFile resolves "cancelled" without a notice when the chooser is closed', async () => {
    const picked = pickFile();
    document.querySelector('input[data-edu-file-pick]')!.dispatchEvent(new Event('cancel'));
    expect(await picked).to.deep.equal({ ok: false, problem: 'cancelled', message: '', file: null });
    expect(capture.notices).to.deep.equal([]);
  });
});
