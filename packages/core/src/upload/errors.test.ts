import { expect } from '@open-wc/testing';
import { RequestError } from '../http/errors.ts';
import { LANGS } from '../i18n/language.ts';
import { isRetryable, toUploadError, UPLOAD_ERROR_KINDS, UploadError, uploadErrorText } from './errors.ts';

describe('upload errors', () => {
  it('has a text for every kind in the three languages, with the spec’s English wording where it gives one', () => {
    for (const lang of LANGS) {
      const texts = UPLOAD_ERROR_KINDS.map((kind) => uploadErrorText(kind, lang, 'exe'));
      expect(new Set(texts).size, lang).to.equal(UPLOAD_ERROR_KINDS.length);
      for (const text of texts) expect(text, lang).to.be.a('string').and.not.equal('');
    }
    expect(uploadErrorText('Not find file', 'en')).to.equal('Not find file');
    expect(uploadErrorText('size exceeds limit', 'en')).to.equal('Size exceeds limit');
    expect(uploadErrorText('upload failed', 'en')).to.equal('upload failed');
    expect(uploadErrorText('chunk count abnormal', 'en')).to.equal('chunk count abnormal');
    expect(uploadErrorText('upload failed', 'zh-CN')).to.equal('上传失败');
    expect(uploadErrorText('upload failed', 'zh-HK')).to.equal('上傳失敗');
    expect(uploadErrorText('type not allowed', 'zh-CN', 'exe')).to.include('.exe');
  });

  it('retries what may pass later and nothing else', () => {
    const error = (kind: RequestError['kind'], status: number) => new RequestError({ kind, status, message: 'x' });
    expect(isRetryable(error('network', 0))).to.equal(true);
    expect(isRetryable(error('timeout', 0))).to.equal(true);
    expect(isRetryable(error('malformed', 200))).to.equal(true);
    expect(isRetryable(error('http', 503))).to.equal(true);
    for (const status of [408, 409, 423, 429]) expect(isRetryable(error('http', status)), `${status}`).to.equal(true);
    expect(isRetryable(error('http', 400))).to.equal(false);
    expect(isRetryable(error('http', 404))).to.equal(false);
    expect(isRetryable(error('business', 500))).to.equal(true);
    expect(isRetryable(error('business', 403))).to.equal(false);
    expect(isRetryable(error('session', 401))).to.equal(false);
    expect(isRetryable(error('signature', 200))).to.equal(false);
    expect(isRetryable(new TypeError('bug'))).to.equal(false);
  });

  it('keeps the server’s words (uploads: status：message) and takes a catalogue kind the server names', () => {
    const refused = new RequestError({ kind: 'business', status: 403, message: '403：没有权限' });
    const upload = toUploadError('uploaderror', refused, 'en');
    expect(upload).to.be.instanceOf(UploadError);
    expect(upload.kind).to.equal('uploaderror');
    expect(upload.message).to.equal('403：没有权限');
    expect(upload.status).to.equal(403);
    expect(upload.refusal).to.equal(true);
    expect(upload.cause).to.equal(refused);

    const lost = toUploadError(
      'uploadunkerror',
      new RequestError({ kind: 'network', status: 0, message: 'net' }),
      'en',
    );
    expect(lost.kind).to.equal('uploadunkerror');
    // No answer at all (the server down or unreachable) says so; the kind still names the step.
    expect(lost.message).to.equal(
      'The server cannot be reached and the file is not uploaded yet, please try again later',
    );
    const unreachable = toUploadError('checkerror', new RequestError({ kind: 'network', status: 0, message: '' }));
    expect(unreachable.kind).to.equal('checkerror');
    expect(toUploadError('checkerror', unreachable.cause, 'zh-CN').message).to.equal(
      '无法连接服务器，文件尚未传完，请稍后重试',
    );
    expect(lost.refusal).to.equal(false);

    const count = toUploadError(
      'chunkmerge',
      new RequestError({ kind: 'business', status: 500, message: 'chunk count abnormal' }),
    );
    expect(count.kind).to.equal('chunk count abnormal');
    expect(count.refusal).to.equal(true);
    const big = toUploadError('uploaderror', new RequestError({ kind: 'http', status: 413, message: '413' }), 'zh-HK');
    expect(big.kind).to.equal('size exceeds limit');
    expect(big.message).to.equal('檔案大小超出限制');
  });
});
