/** Version comparison (spec part 2 §5), mismatch (§8) and loading the three version calls (§7). */
import { expect } from '@open-wc/testing';
import { createClient, type Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { captureNotices, resetServer } from '../test-support/server.ts';
import { compareVersions, findVersionMismatches, versionKey } from './compare.ts';
import { fromWireVersions, loadVersionInfo, toWireVersions, versionUrls } from './api.ts';
import { copyrightYears, versionNoteText } from './text.ts';

describe('version numbers', () => {
  it('pads each segment to 4 digits', () => {
    expect(versionKey('2.0.0')).to.equal('000200000000');
    expect(versionKey('2.0.10')).to.equal('000200000010');
    expect(versionKey('v1.2')).to.equal('00010002');
    expect(versionKey('2.0', 3)).to.equal('000200000000');
  });

  it('compares numerically, not as text', () => {
    expect(compareVersions('2.0.10', '2.0.9')).to.equal(1);
    expect(compareVersions('1.9.0', '1.10.0')).to.equal(-1);
    expect(compareVersions('2.0.0', '2.0.0')).to.equal(0);
    expect(compareVersions('2.0', '2.0.0')).to.equal(0);
    expect(compareVersions('2.0.1', '2.0')).to.equal(1);
    expect(compareVersions('10.0.0', '9.99.9999')).to.equal(1);
    expect(compareVersions('1.0.12345', '1.0.9999')).to.equal(1);
    expect(compareVersions('2.1.0-beta', '2.1.0')).to.equal(0);
  });

  it('finds a front end that needs a newer server and a server that needs a newer front end', () => {
    const fits = { appVersion: '2.0.0', serverVersion: '2.0.0' };
    expect(findVersionMismatches(fits, { serverVersion: '2.0.0', webCodeVersion: '2.0.0' })).to.deep.equal([]);
    expect(findVersionMismatches(fits, { serverVersion: '2.0.1', webCodeVersion: '1.9.0' })).to.deep.equal([]);
    expect(
      findVersionMismatches(
        { appVersion: '2.1.0', serverVersion: '2.1.0' },
        { serverVersion: '2.0.3', webCodeVersion: '2.0.0' },
      ),
    ).to.deep.equal(['needs-newer-server']);
    expect(
      findVersionMismatches(
        { appVersion: '1.5.2', serverVersion: '1.5.0' },
        { serverVersion: '1.6.0', webCodeVersion: '1.6.0' },
      ),
    ).to.deep.equal(['needs-newer-web']);
    expect(
      findVersionMismatches(
        { appVersion: '1.0.0', serverVersion: '3.0.0' },
        { serverVersion: '2.0.0', webCodeVersion: '2.0.0' },
      ),
    ).to.deep.equal(['needs-newer-server', 'needs-newer-web']);
    // An unknown requirement is none.
    expect(
      findVersionMismatches({ appVersion: '1.0.0', serverVersion: '' }, { serverVersion: '2.0.0', webCodeVersion: '' }),
    ).to.deep.equal([]);
  });
});

describe('version list mapping', () => {
  it('maps metto to notes, drops broken entries and sorts newest first', () => {
    const records = fromWireVersions([
      { version: '1.9.0', date: '2026-01-02', metto: [{ cn: '旧', en: 'old' }] },
      { version: '', date: 'x', metto: [] },
      'junk',
      { version: '1.10.0', date: '2026-03-04', metto: [{ cn: '新', en: 'new' }, { cn: '', en: '' }, 5] },
      { version: '1.0.0', date: '2025-01-01' },
    ]);
    expect(records.map((r) => r.version)).to.deep.equal(['1.10.0', '1.9.0', '1.0.0']);
    expect(records[0]!.notes).to.deep.equal([{ cn: '新', en: 'new' }]);
    expect(records[2]!.notes).to.deep.equal([]);
    expect(toWireVersions(records)[0]).to.deep.equal({
      version: '1.10.0',
      date: '2026-03-04',
      metto: [{ cn: '新', en: 'new' }],
    });
    expect(fromWireVersions(null)).to.deep.equal([]);
  });

  it('picks the note of the language, falling back to the other', () => {
    expect(versionNoteText({ cn: '新增', en: 'Added' }, 'en')).to.equal('Added');
    expect(versionNoteText({ cn: '新增', en: 'Added' }, 'zh-CN')).to.equal('新增');
    expect(versionNoteText({ cn: '新增', en: 'Added' }, 'zh-HK')).to.equal('新增');
    expect(versionNoteText({ cn: '新增', en: '' }, 'en')).to.equal('新增');
    expect(versionNoteText({ cn: '', en: 'Added' }, 'zh-CN')).to.equal('Added');
  });

  it('builds the copyright year range up to the current year', () => {
    expect(copyrightYears(2019, new Date(2026, 5, 1))).to.equal('2019-2026');
    expect(copyrightYears(2026, new Date(2026, 5, 1))).to.equal('2026');
    expect(copyrightYears(null, new Date(2026, 5, 1))).to.equal('2026');
    expect(copyrightYears(2019)).to.equal(`2019-${new Date().getFullYear()}`);
  });
});

/** A client whose answers are given per URL; a RequestError value is thrown as the client would. */
function fakeClient(
  files: Record<string, unknown>,
  envelopes: Record<string, unknown>,
): { client: Client; urls: string[] } {
  const urls: string[] = [];
  const answer = (table: Record<string, unknown>, url: string) => {
    urls.push(url);
    const value = table[url];
    if (value instanceof RequestError) return Promise.reject(value);
    if (value === undefined) {
      return Promise.reject(new RequestError({ kind: 'http', status: 404, message: '404 Not Found' }));
    }
    return Promise.resolve(value);
  };
  const client = {
    getJson: (url: string) => answer(files, url),
    get: (url: string) => answer(envelopes, url),
  } as unknown as Client;
  return { client, urls };
}

describe('loadVersionInfo', () => {
  it('calls the three paths of spec §7', () => {
    expect(versionUrls.package('pages', 'base')).to.equal('/pages/base/package.json');
    expect(versionUrls.server('base')).to.equal('/api/base/nl/base_package_versions');
    expect(versionUrls.versions('pages', 'base')).to.equal('/pages/base-version/version.json');
    expect(versionUrls.versions('', 'base')).to.equal('/base-version/version.json');
  });

  it('loads and maps the package, the server record and the list, and finds a mismatch', async () => {
    const { client, urls } = fakeClient(
      {
        '/pages/edu/package.json': {
          name: 'edu',
          appVersion: '2.1.0',
          serverVersion: '2.1.0',
          packageDate: '2026-10-28',
        },
        '/pages/edu-version/version.json': [{ version: '2.1.0', date: '2026-10-28', metto: [{ cn: '新', en: 'New' }] }],
      },
      {
        '/api/edu/nl/edu_package_versions': {
          status: 200,
          data: { serverVersion: '2.0.3', webCodeVersion: '2.0.0', date: '2026-09-15' },
        },
      },
    );
    const info = await loadVersionInfo({ code: 'edu', root: 'pages', client });
    expect(urls.sort()).to.deep.equal(
      ['/api/edu/nl/edu_package_versions', '/pages/edu-version/version.json', '/pages/edu/package.json'].sort(),
    );
    expect(info.package?.appVersion).to.equal('2.1.0');
    expect(info.server?.serverVersion).to.equal('2.0.3');
    expect(info.versions[0]!.notes[0]!.en).to.equal('New');
    expect(info.missing).to.equal(false);
    expect(info.mismatches).to.deep.equal(['needs-newer-server']);
    expect(info.failed).to.deep.equal([]);
  });

  it('takes the root as language packs do: area for area codes, else the first path segment', async () => {
    const area = fakeClient({}, {});
    await loadVersionInfo({ code: 'areaBase', pathname: '/pages/x/index.html', client: area.client });
    expect(area.urls).to.include('/area/areaBase/package.json');
    const pages = fakeClient({}, {});
    await loadVersionInfo({ code: 'base', pathname: '/pages/base/pc_desktop_all/index.html', client: pages.client });
    expect(pages.urls).to.include('/pages/base-version/version.json');
  });

  it('reports a service without a version call as missing, for an HTTP 404 and an envelope 404', async () => {
    const http404 = await loadVersionInfo({ code: 'exam', root: 'pages', client: fakeClient({}, {}).client });
    expect(http404.missing).to.equal(true);
    expect(http404.failed).to.deep.equal([]);
    expect(http404.package).to.equal(null);
    expect(http404.versions).to.deep.equal([]);
    expect(http404.mismatches).to.deep.equal([]);
    const envelope404 = await loadVersionInfo({
      code: 'exam',
      root: 'pages',
      client: fakeClient({}, { '/api/exam/nl/exam_package_versions': { status: 404, data: null } }).client,
    });
    expect(envelope404.missing).to.equal(true);
  });

  it('tells other failures apart from a missing call', async () => {
    const down = new RequestError({ kind: 'network', status: 0, message: 'Network Error' });
    const { client } = fakeClient(
      { '/pages/base/package.json': down, '/pages/base-version/version.json': down },
      { '/api/base/nl/base_package_versions': { status: 500, data: null } },
    );
    const info = await loadVersionInfo({ code: 'base', root: 'pages', client });
    expect(info.missing).to.equal(false);
    expect([...info.failed].sort()).to.deep.equal(['package', 'server', 'versions']);
  });

  it('against the reference server: the server record, and a 404 for a service without one; no notice', async () => {
    await resetServer();
    const capture = captureNotices();
    try {
      const client = createClient();
      const base = await loadVersionInfo({ code: 'base', root: 'pages', client });
      expect(base.server?.serverVersion).to.equal('2.0.0');
      expect(base.missing).to.equal(false);
      const payroll = await loadVersionInfo({ code: 'payroll', root: 'pages', client });
      expect(payroll.missing).to.equal(true);
      expect(payroll.server).to.equal(null);
      expect(capture.notices).to.deep.equal([]);
    } finally {
      capture.restore();
    }
  });
});
