/** The viewport apps: `/{app}/manifest.json` and the apps' scripts and stylesheets. */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { forEachCase, freshJson, startServer, useServer } from './helpers.ts';
import { APPS_DIR } from '../src/plugins/viewport-apps.ts';

const server = useServer({}, { resetBeforeEach: false });
const get = server.get;

describe('viewport apps', () => {
  it('serves the manifest of each demo app: fileId.js and optional fileId.css entries', async () => {
    assert.deepEqual(await freshJson(await get('/demo-timetable/manifest.json')), {
      'week.js': 'static/week.js',
      'week.css': 'static/timetable.css',
      'today.js': 'static/today.js',
      'today.css': 'static/timetable.css',
    });
    const library = (await (await get('/demo-library/manifest.json')).json()) as Record<string, string>;
    assert.deepEqual(Object.keys(library).sort(), ['loans.css', 'loans.js', 'search.css', 'search.js']);
  });

  it('serves every file a manifest names, with the right type', async () => {
    for (const app of readdirSync(APPS_DIR)) {
      const manifest = (await (await get(`/${app}/manifest.json`)).json()) as Record<string, string>;
      for (const [key, address] of Object.entries(manifest)) {
        const url = new URL(address, new URL(`/${app}/manifest.json`, server.url));
        const response = await get(url.pathname);
        assert.equal(response.status, 200, `${app} ${key}`);
        const type = response.headers.get('content-type') ?? '';
        assert.match(type, key.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
        assert.ok((await response.text()).length > 100);
      }
    }
  });

  it('each script registers a mount function under its fileId', async () => {
    for (const app of readdirSync(APPS_DIR)) {
      const manifest = JSON.parse(await (await get(`/${app}/manifest.json`)).text()) as Record<string, string>;
      for (const key of Object.keys(manifest).filter((k) => k.endsWith('.js'))) {
        const fileId = key.slice(0, -3);
        const source = await (await get(new URL(manifest[key]!, `${server.url}/${app}/`).pathname)).text();
        const window: { EduViewportApps?: Record<string, unknown> } = {};
        runInNewContext(source, { window });
        assert.equal(typeof window.EduViewportApps?.[fileId], 'function', `${app}/${fileId}`);
      }
    }
  });

  it('answers HTTP 404 for unknown apps and files and refuses names that could leave the apps directory', async () => {
    const refused = {
      'an unknown app or file': ['/no-such-app/manifest.json', '/demo-timetable/static/nope.js'],
      'a file type apps do not serve': ['/demo-timetable/static/week.txt'],
      'leaving the apps directory': [
        '/demo-timetable/static/..%2Fmanifest.json',
        '/..%2F..%2Fpackage.json/manifest.json',
        '/demo-timetable/static/%2E%2E%2F%2E%2E%2Fsrc%2Findex.ts',
      ],
    };
    await forEachCase(refused, async (path, label) => {
      assert.equal((await get(path)).status, 404, label);
    });
  });

  it('leaves the API and the language packs alone', async () => {
    const api = await get('/api/manifest.json');
    assert.equal(api.status, 404);
    const pack = await get('/pages/base/lang/en-desktop.json');
    assert.notEqual(pack.status, 500);
    const paged = await get('/api/demo/students?size=1');
    assert.equal(((await paged.json()) as { status: number }).status, 200);
  });

  it('is served next to the demo host, whose files keep working', async () => {
    const dir = join(server.dataDir, 'www');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>host</title>');
    const withStatic = await startServer({ staticDir: dir });
    try {
      const page = await fetch(new URL('/', withStatic.url));
      assert.match(await page.text(), /<title>host<\/title>/);
      const manifest = await fetch(new URL('/demo-library/manifest.json', withStatic.url));
      assert.equal(manifest.status, 200);
    } finally {
      await withStatic.close();
    }
  });
});
