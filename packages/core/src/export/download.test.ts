import { expect } from '@open-wc/testing';
import { client } from '../http/client.ts';
import { getLanguage, setLanguage } from '../i18n/language.ts';
import { captureNotices, loginAs } from '../test-support/server.ts';
import { DOWNLOAD_FORM_REMOVE_MS, LANGUAGE_PARAM, downloadByForm, downloadByGet, downloadUrl } from './download.ts';
import { TABLE_TO_XLS_PATH } from './table.ts';

const ECHO = '/api/__test/echo';

/** The JSON the download frame loaded (the echo call answers JSON instead of a file). */
async function frameJson<T>(frame: HTMLIFrameElement): Promise<T> {
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const doc = frame.contentDocument!;
  return JSON.parse(doc.querySelector('pre')?.textContent ?? doc.body.textContent ?? '') as T;
}

interface Echo {
  status: number;
  data: {
    method: string;
    query: Record<string, string>;
    body: Record<string, unknown>;
    headers: Record<string, string>;
  };
}

describe('downloads carry Sy-Language (part 1 §7)', () => {
  let capture: ReturnType<typeof captureNotices>;
  const initial = getLanguage();
  before(() => loginAs('teacher1'));
  beforeEach(() => (capture = captureNotices()));
  afterEach(() => {
    capture.restore();
    setLanguage(initial);
  });

  it('downloadByForm posts every field and Sy-Language as a url-encoded form to a hidden frame', async () => {
    setLanguage('zh-HK');
    const handle = downloadByForm(ECHO, {
      title: '班级 & 名单',
      ids: ['1', 2],
      empty: '',
      none: null,
      skip: undefined,
    });
    const form = handle.form!;
    expect(form.hidden).to.equal(true);
    expect(handle.frame!.hidden).to.equal(true);
    expect(
      Array.from(form.elements).map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]),
    ).to.deep.equal([
      ['title', '班级 & 名单'],
      ['ids', '1'],
      ['ids', '2'],
      ['empty', ''],
      [LANGUAGE_PARAM, 'zh-HK'],
    ]);
    const echo = await frameJson<Echo>(handle.frame!);
    expect(echo.status).to.equal(200);
    expect(echo.data.method).to.equal('POST');
    expect(echo.data.headers['content-type']).to.equal('application/x-www-form-urlencoded');
    expect(echo.data.body).to.deep.equal({ title: '班级 & 名单', ids: ['1', '2'], empty: '', 'Sy-Language': 'zh-HK' });
    // The page did not move, and a 200 answer shows no notice.
    expect(location.pathname).not.to.contain('echo');
    expect(capture.notices).to.deep.equal([]);
    await handle.removed;
    expect(form.isConnected).to.equal(false);
  });

  it('keeps a Sy-Language the caller gave, and follows an explicit language otherwise', () => {
    const own = downloadByForm(ECHO, { 'Sy-Language': 'en' }, { lang: 'zh-CN' });
    expect(
      Array.from(own.form!.querySelectorAll(`input[name="${LANGUAGE_PARAM}"]`)).map(
        (i) => (i as HTMLInputElement).value,
      ),
    ).to.deep.equal(['en']);
    const explicit = downloadByForm(ECHO, {}, { lang: 'en' });
    expect(explicit.form!.querySelector<HTMLInputElement>(`input[name="${LANGUAGE_PARAM}"]`)!.value).to.equal('en');
  });

  it('removes the form 500 ms after posting', async () => {
    const started = performance.now();
    const handle = downloadByForm(ECHO, { a: 1 });
    await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_FORM_REMOVE_MS - 150));
    expect(handle.form!.isConnected).to.equal(true);
    await handle.removed;
    expect(handle.form!.isConnected).to.equal(false);
    expect(performance.now() - started).to.be.at.least(DOWNLOAD_FORM_REMOVE_MS - 5);
  });

  it('prefixes the client baseURL to site paths only', () => {
    const previous = client.options.baseURL;
    client.configure({ baseURL: '/gateway' });
    try {
      expect(downloadUrl('/api/file', { id: 3 }, { lang: 'en' })).to.equal('/gateway/api/file?id=3&Sy-Language=en');
      expect(downloadUrl('https://cdn.example/x?y=1', {}, { lang: 'zh-CN' })).to.equal(
        'https://cdn.example/x?y=1&Sy-Language=zh-CN',
      );
      expect(downloadUrl('/a', {}, { lang: 'en', baseURL: '' })).to.equal('/a?Sy-Language=en');
    } finally {
      client.configure({ baseURL: previous });
    }
  });

  it('downloadByGet loads the address with its parameters and Sy-Language in a hidden frame', async () => {
    setLanguage('en');
    const handle = downloadByGet(ECHO, { fileId: 42, name: '成绩 单' });
    expect(handle.form).to.equal(null);
    const echo = await frameJson<Echo>(handle.frame!);
    expect(echo.data.method).to.equal('GET');
    expect(echo.data.query).to.deep.equal({ fileId: '42', name: '成绩 单', 'Sy-Language': 'en' });
  });

  it('shows the message of an error envelope loaded in the frame, in the request language', async () => {
    const handle = downloadByForm(TABLE_TO_XLS_PATH, { title: 'x', data: '' }, { lang: 'en' });
    await new Promise((resolve) => handle.frame!.addEventListener('load', resolve, { once: true }));
    expect(capture.notices).to.deep.equal([{ type: 'error', message: 'Please specify the table to download' }]);
  });

  it("says 'download failed' for an answer that is not an envelope", async () => {
    const handle = downloadByGet('/api/no/such/download', {}, { lang: 'zh-CN' });
    await new Promise((resolve) => handle.frame!.addEventListener('load', resolve, { once: true }));
    // The 404 answer is an envelope too: its message is shown.
    expect(capture.notices).to.deep.equal([{ type: 'error', message: '接口不存在' }]);
    const page = downloadByGet('/no-such-download.xlsx', {}, { lang: 'en' });
    await new Promise((resolve) => page.frame!.addEventListener('load', resolve, { once: true }));
    expect(capture.notices[1]).to.deep.equal({ type: 'error', message: 'Download failed' });
  });
});
