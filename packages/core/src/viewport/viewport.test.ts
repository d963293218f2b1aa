import { expect } from '@open-wc/testing';
import { createClient, type Client } from '../http/client.ts';
import { captureNotices, rejection } from '../test-support/server.ts';
import {
  fetchManifest,
  loadScript,
  loadStyle,
  loadViewportApp,
  manifestEntry,
  manifestUrl,
  registeredMount,
  resolveAppUrl,
} from './loader.ts';
import {
  ViewportError,
  isViewportName,
  readViewportParams,
  toViewportHandle,
  type ViewportContext,
} from './viewport.ts';

const here = () => location.href;
const viewportRejection = (promise: Promise<unknown>) => rejection(promise, ViewportError);

function thrown(run: () => unknown): ViewportError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ViewportError);
    return error as ViewportError;
  }
  throw new Error('expected a throw');
}

describe('viewport loader (core)', () => {
  it('reads app, fileId, id and linkUrl from the query or the hash query', () => {
    expect(readViewportParams('http://x.test/view?app=a&fileId=f&id=7&linkUrl=%2Fback')).to.deep.equal({
      app: 'a',
      fileId: 'f',
      id: '7',
      linkUrl: '/back',
    });
    expect(readViewportParams('http://x.test/#/blocks/viewport?app=demo-library&fileId=loans')).to.deep.equal({
      app: 'demo-library',
      fileId: 'loans',
      id: null,
      linkUrl: null,
    });
  });

  it('accepts plain names only and builds the manifest address', () => {
    expect(isViewportName('demo-timetable')).to.equal(true);
    for (const bad of ['', '..', 'a/b', 'a.b', 'x y', null, undefined, 'a'.repeat(65)]) {
      expect(isViewportName(bad), String(bad)).to.equal(false);
    }
    expect(manifestUrl('demo-library')).to.equal('/demo-library/manifest.json');
    expect(manifestUrl('demo-library', '/portal')).to.equal('/portal/demo-library/manifest.json');
    expect(thrown(() => manifestUrl('../etc')).kind).to.equal('invalid-app');
  });

  it('resolves manifest addresses against the manifest and keeps them on allowed origins', () => {
    const manifestHref = 'http://portal.test/demo/manifest.json';
    const options = { pageUrl: 'http://portal.test/#/x' };
    expect(resolveAppUrl('static/a.js', manifestHref, options)).to.equal('http://portal.test/demo/static/a.js');
    expect(resolveAppUrl('/other/b.js', manifestHref, options)).to.equal('http://portal.test/other/b.js');
    for (const bad of ['javascript:alert(1)', 'data:text/javascript,1', 'https://evil.test/a.js', '//evil.test/a.js']) {
      expect(thrown(() => resolveAppUrl(bad, manifestHref, options)).kind, bad).to.equal('unsafe-url');
    }
    expect(
      resolveAppUrl('https://cdn.test/a.js', manifestHref, { ...options, allowedOrigins: ['https://cdn.test'] }),
    ).to.equal('https://cdn.test/a.js');
  });

  it('finds a fileId entry with its optional stylesheet', () => {
    const manifest = { 'week.js': 'static/week.js', 'week.css': 'static/t.css', 'today.js': 'static/today.js' };
    const href = 'http://portal.test/tt/manifest.json';
    const options = { pageUrl: 'http://portal.test/' };
    expect(manifestEntry(manifest, 'week', href, options)).to.deep.equal({
      js: 'http://portal.test/tt/static/week.js',
      css: 'http://portal.test/tt/static/t.css',
    });
    expect(manifestEntry(manifest, 'today', href, options).css).to.equal(null);
    expect(thrown(() => manifestEntry(manifest, 'nope', href, options)).kind).to.equal('missing-entry');
    expect(thrown(() => manifestEntry(manifest, 'constructor', href, options)).kind).to.equal('missing-entry');
    expect(thrown(() => manifestEntry(manifest, 'a/b', href, options)).kind).to.equal('invalid-file-id');
  });

  it('fetches a manifest from the server once, silently, and tries again after a failure', async () => {
    const { notices, restore } = captureNotices();
    try {
      const first = fetchManifest('demo-timetable');
      expect(fetchManifest('demo-timetable')).to.equal(first);
      expect(await first).to.have.property('week.js', 'static/week.js');
      const missing = await viewportRejection(fetchManifest('no-such-app'));
      expect(missing.kind).to.equal('manifest');
      expect(fetchManifest('no-such-app')).to.not.equal(fetchManifest('demo-library'));
      expect(notices).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('uses the client it is given', async () => {
    const client = createClient({ baseURL: '' });
    let asked = '';
    const spy: Client = {
      ...client,
      getJson<T>(url: string) {
        asked = url;
        return client.getJson<T>(url, { silent: true });
      },
    };
    // Another base, so the page's cache of /demo-library/manifest.json does not answer instead.
    await fetchManifest('demo-library', { client: spy, base: '/elsewhere' }).catch(() => undefined);
    expect(asked).to.match(/\/elsewhere\/demo-library\/manifest\.json$/);
  });

  it('loads a script and a stylesheet once, whoever asks', async () => {
    const url = new URL('/demo-library/static/search.js', here()).href;
    await Promise.all([loadScript(url), loadScript(url)]);
    await loadScript(url);
    expect(document.querySelectorAll(`script[src="${url}"]`).length).to.equal(1);
    expect(registeredMount('search')).to.be.a('function');
    const css = new URL('/demo-library/static/library.css', here()).href;
    await loadStyle(css);
    await loadStyle(css);
    expect(document.querySelectorAll(`link[href="${css}"]`).length).to.equal(1);
  });

  it('a file that fails to load rejects, leaves nothing behind and is tried again next time', async () => {
    const url = new URL('/demo-library/static/missing.js', here()).href;
    expect((await viewportRejection(loadScript(url))).kind).to.equal('script');
    expect(document.querySelectorAll(`script[src="${url}"]`).length).to.equal(0);
    expect((await viewportRejection(loadScript(url))).kind).to.equal('script');
    const css = new URL('/demo-library/static/missing.css', here()).href;
    expect((await viewportRejection(loadStyle(css))).kind).to.equal('style');
  });

  it('loads an app end to end and mounts it into a container', async () => {
    const mount = await loadViewportApp('demo-timetable', 'week');
    const container = document.createElement('div');
    document.body.append(container);
    try {
      const context: ViewportContext = { app: 'demo-timetable', fileId: 'week', id: '3', linkUrl: null, lang: 'en' };
      const handle = toViewportHandle(mount(container, context));
      expect(container.querySelector('caption')?.textContent).to.equal('Class 3 weekly timetable');
      handle.update?.({ ...context, lang: 'zh-CN' });
      expect(container.querySelector('caption')?.textContent).to.equal('初一(3)班 周课表');
      handle.unmount?.();
      expect(container.childElementCount).to.equal(0);
    } finally {
      container.remove();
    }
    const css = new URL('/demo-timetable/static/timetable.css', here()).href;
    expect(document.querySelectorAll(`link[href="${css}"]`).length).to.equal(1);
  });

  it('names what went wrong', async () => {
    expect((await viewportRejection(loadViewportApp('../x', 'week'))).kind).to.equal('invalid-app');
    expect((await viewportRejection(loadViewportApp('demo-timetable', 'we ek'))).kind).to.equal('invalid-file-id');
    expect((await viewportRejection(loadViewportApp('no-such-app', 'week'))).kind).to.equal('manifest');
    expect((await viewportRejection(loadViewportApp('demo-timetable', 'month'))).kind).to.equal('missing-entry');
  });

  it('normalises what a mount function returns', () => {
    const cleanup = () => undefined;
    expect(toViewportHandle(cleanup).unmount).to.equal(cleanup);
    expect(toViewportHandle(undefined)).to.deep.equal({});
    const handle = { update: cleanup };
    expect(toViewportHandle(handle)).to.equal(handle);
  });
});
